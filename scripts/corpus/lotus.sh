#!/usr/bin/env bash
# Extracts Filecoin Lotus's OpenRPC description at two commits into ../corpus-extra/lotus/ (beside the
# checkout; CONTRACT_SUITE_CORPUS_EXTRA overrides), for the bench row diff.openrpc.real.
# Usage: scripts/corpus/lotus.sh PATH-TO-A-LOTUS-CLONE   (git clone https://github.com/filecoin-project/lotus)
# Read with `git show`, so the clone's working tree and checkout do not matter. Public data, MIT/Apache-2.0;
# it is not copied into this repository.
set -euo pipefail
clone="${1:?usage: scripts/corpus/lotus.sh PATH-TO-A-LOTUS-CLONE}"
here="$(cd "$(dirname "$0")/../.." && pwd)"
out="${CONTRACT_SUITE_CORPUS_EXTRA:-$here/../corpus-extra}/lotus"
mkdir -p "$out"
# 57d6769aa (2025-02-26, 1.19 MB) and d101a54f4 (2026-06-30, 1.25 MB): build/openrpc/full.json.
git -C "$clone" show 57d6769aa:build/openrpc/full.json >"$out/full.old.json"
git -C "$clone" show d101a54f4:build/openrpc/full.json >"$out/full.new.json"
ls -l "$out"
