#!/usr/bin/env bash
# Lint the issue-22 "i" triage corpora (docs/triage-issue22-i.md): C7=/tmp/corp7 holds the git archives (only .py
# files) of the mirrors named in benchmarks/triage22i/VERSIONS; pooled into $OUT/corp7.json (benchmarks/triage_lint.sh).
set -eu
cd "$(dirname "$0")/.."
OUT=${OUT:-/tmp/t22i} CORPUS=${C7:-/tmp/corp7} POOL=corp7 \
    REPOS=${REPOS:-SiT mae minRF BLIP Show-o StyleTTS2 U-ViT} exec benchmarks/triage_lint.sh
