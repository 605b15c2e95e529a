#!/usr/bin/env bash
# Lint the issue-22 "k" triage corpora (docs/triage-issue22-k.md): C9=/tmp/corp9 holds the git archives (only .py
# files) of the mirrors named in benchmarks/triage22k/VERSIONS; pooled into $OUT/corp9.json (benchmarks/triage_lint.sh).
set -eu
cd "$(dirname "$0")/.."
OUT=${OUT:-/tmp/t22k} CORPUS=${C9:-/tmp/corp9} POOL=corp9 \
    REPOS=${REPOS:-chatterbox Depth-Anything-V2 co-tracker glide-text2im minGPT VoiceCraft LivePortrait Restormer Wav2Lip GFPGAN MiniGPT-4} \
    exec benchmarks/triage_lint.sh
