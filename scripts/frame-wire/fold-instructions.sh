#!/usr/bin/env bash
# fold.overhead as a ratio of executed instructions (valgrind, single-threaded V8): parse + fold
# over parse alone, per 20k-event pass. Repeats to about 2 %, unlike CPU time on a shared host.
# Needs valgrind (Debian: apt-get install valgrind). See docs/decisions/212.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
node_modules/.bin/esbuild scripts/frame-wire/fold-instructions.ts --bundle --platform=node --format=esm --log-level=warning --outfile="$out/ir.mjs"
ir() { valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null node --single-threaded "$out/ir.mjs" "$1" "$2" 2>&1 | sed -n 's/.*I *refs: *//p' | tr -d ,; }
declare -A n
for v in parse fold; do for r in 1 6; do n[$v$r]=$(ir $v $r); done; done
p=$(( (n[parse6] - n[parse1]) / 5 )); f=$(( (n[fold6] - n[fold1]) / 5 ))
echo "parse alone: $p instructions per pass; parse + fold: $f; ratio $(node -e "console.log(($f/$p).toFixed(3))")"
