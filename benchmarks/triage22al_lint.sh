#!/usr/bin/env bash
# Lint the issue-22 "al" triage corpora (docs/triage-issue22-al.md): C=/tmp/corp36 holds the exports of the mirrors
# named in benchmarks/triage22al/VERSIONS (benchmarks/triage22al/export.sh), each linted alone; pooled into
# $OUT/corp36.json (as benchmarks/triage_lint.sh pools). SHOW_SUPPRESSED=1 lints again with --show-suppressed into
# $OUT/supp_<repo>.json. LINTER defaults to /tmp/wt_ak, the frozen copy of commit f3a1a20 this round measures.
# The last two (yolov7-pytorch, NeWCRFs) are the short-pool additions of benchmarks/triage22al/draw_notes.txt 3. (VERSIONS_extra).
set -eu
cd "$(dirname "$0")/.."
C=${C:-/tmp/corp36}
REPOS=${REPOS:-Segment-and-Track-Anything OSTrack TransT VideoFlow FlowFormer-Official TokenPose SAM-DETR H-Deformable-DETR ReferFormer FairMOT 3DMPPE_POSENET_RELEASE MHFormer TransTrack YOLOv5-Lite yolov7-pytorch NeWCRFs}
LINTER=${LINTER:-/tmp/wt_ak}; OUT=${OUT:-/tmp/t22al}; POOL=corp36
OUT=$OUT CORPUS=$C POOL=$POOL REPOS=$REPOS LINTER=$LINTER benchmarks/triage_lint.sh
if [ "${SHOW_SUPPRESSED:-1}" = 1 ]; then
    for repo in $REPOS; do
        (cd /tmp && PYTHONPATH="$LINTER" python -m offload_lint "$C/$repo" --no-cache --show-suppressed --output-format json --exit-zero) > "$OUT/supp_$repo.json"
    done
fi
