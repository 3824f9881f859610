#!/usr/bin/env bash
# fold.overhead as a ratio of executed instructions (valgrind, V8 under --predictable): parse + fold
# over parse alone, per 20k-event pass. --predictable (single-threaded, and GC heuristics that do
# not read the clock) makes two runs of the same code agree to about 0.1 %; with --single-threaded
# alone they moved by 2 %. Needs valgrind (Debian: apt-get install valgrind). See decisions 212, 213.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
node_modules/.bin/esbuild scripts/frame-wire/fold-instructions.ts --bundle --platform=node --format=esm --log-level=warning --outfile="$out/ir.mjs"
command -v valgrind >/dev/null || { echo "fold-instructions: valgrind is not installed" >&2; exit 2; }
# Instructions executed by one run; valgrind's report goes to a file so node's errors stay visible.
ir() {
  valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null --log-file="$out/vg.txt" node --predictable "$out/ir.mjs" "$1" "$2"
  local n
  n=$(sed -n 's/.*I *refs: *//p' "$out/vg.txt" | tr -d ,)
  [ -n "$n" ] || { echo "fold-instructions: no instruction count in valgrind's report" >&2; exit 1; }
  echo "$n"
}
parse1=$(ir parse 1); parse6=$(ir parse 6); fold1=$(ir fold 1); fold6=$(ir fold 6)
p=$(( (parse6 - parse1) / 5 )); f=$(( (fold6 - fold1) / 5 ))
echo "parse alone: $p instructions per pass; parse + fold: $f; ratio $(node -e "console.log(($f/$p).toFixed(3))")"
