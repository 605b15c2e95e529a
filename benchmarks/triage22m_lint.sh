#!/usr/bin/env bash
# Lint the issue-22 "m" triage corpora (docs/triage-issue22-m.md): C11=/tmp/corp11 holds the git archives (.py files,
# and .yaml/.yml/.json files under 200 KB: the linter reads configs under the tree) of the mirrors named in
# benchmarks/triage22m/VERSIONS (benchmarks/triage22m/export.py); pooled into $OUT/corp11.json (benchmarks/triage_lint.sh).
set -eu
cd "$(dirname "$0")/.."
OUT=${OUT:-/tmp/t22m} CORPUS=${C11:-/tmp/corp11} POOL=corp11 \
    REPOS=${REPOS:-Real-ESRGAN YOLOX diffusion_policy decision-transformer motion-diffusion-model Speech-Backbones magic-animate VideoCrafter dust3r LGM DiffSinger} \
    exec benchmarks/triage_lint.sh
