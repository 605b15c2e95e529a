#!/usr/bin/env bash
# Lint the issue-22 "l" triage corpora (docs/triage-issue22-l.md): C10=/tmp/corp10 holds the git archives (.py files,
# and .yaml/.yml/.json files under 200 KB: the linter reads configs under the tree) of the mirrors named in
# benchmarks/triage22l/VERSIONS (benchmarks/triage22l/export.py); pooled into $OUT/corp10.json (benchmarks/triage_lint.sh).
set -eu
cd "$(dirname "$0")/.."
OUT=${OUT:-/tmp/t22l} CORPUS=${C10:-/tmp/corp10} POOL=corp10 \
    REPOS=${REPOS:-SwinIR ProPainter YOLOP NAFNet GPEN AniPortrait SadTalker vall-e IP-Adapter MambaVision yolov7} \
    exec benchmarks/triage_lint.sh
