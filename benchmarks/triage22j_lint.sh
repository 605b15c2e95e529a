#!/usr/bin/env bash
# Lint the issue-22 "j" triage corpora (docs/triage-issue22-j.md): C8=/tmp/corp8 holds the git archives (only .py
# files) of the mirrors named in benchmarks/triage22j/VERSIONS; pooled into $OUT/corp8.json (benchmarks/triage_lint.sh).
set -eu
cd "$(dirname "$0")/.."
OUT=${OUT:-/tmp/t22j} CORPUS=${C8:-/tmp/corp8} POOL=corp8 \
    REPOS=${REPOS:-vits ChatTTS TripoSR ImageBind point-e Zonos stylegan3 fish-speech jukebox CogVLM stylegan2-pytorch diffwave} \
    exec benchmarks/triage_lint.sh
