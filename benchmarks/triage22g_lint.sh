#!/usr/bin/env bash
# Lint the issue-22 "g" triage corpora (docs/triage-issue22-g.md): C6=/tmp/corp6 holds the git archives (only .py
# files) of the mirrors named in benchmarks/triage22g/VERSIONS; pooled into $OUT/corp6.json (benchmarks/triage_lint.sh).
set -eu
cd "$(dirname "$0")/.."
OUT=${OUT:-/tmp/t22g} CORPUS=${C6:-/tmp/corp6} POOL=corp6 \
    REPOS=${REPOS:-InternVL efficientvit VAR LlamaGen Janus Lumina-T2X mar Emu3} exec benchmarks/triage_lint.sh
