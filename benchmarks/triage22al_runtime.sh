#!/usr/bin/env bash
# Runtime checks of the issue-22 "al" triage (docs/triage-issue22-al.md) through benchmarks/triage22al_cases.py (tracking
# backend, diffusers' real group-offloading hooks, CPU). Each run's JSON goes to $OUT/<name>.json. Needs the corpora in
# C36 (/tmp/corp36). LINTER: /tmp/wt_ak (commit f3a1a20, the linter this round measures), never this worktree's own
# code (PYTHONSAFEPATH=1 in confirm_case). ONLY=a,b runs those. NICE=10, CASE_TIMEOUT=120.
# Block level cannot be applied to the DETR-family roots (their backbone is a Joiner(nn.Sequential) whose __init__
# takes two arguments; diffusers 0.42.1's block level slices it, `submodule[i:i+n]`, and raises TypeError): those runs
# are leaf only, and transt_block records that error.
set -u
cd "$(dirname "$0")/.."
. benchmarks/triage_runtime.sh
OUT=${OUT:-/tmp/t22al/runtime}
export C36=${C36:-/tmp/corp36}
LINTER=${LINTER:-/tmp/wt_ak}
mkdir -p "$OUT"
export CASE_TIMEOUT=${CASE_TIMEOUT:-120}
K=benchmarks.triage22al_cases
run() { name=$1; shift; PYTHONPATH="$LINTER:$PWD" NICE=10 confirm_case "$name" "$@"; }
# H-Deformable-DETR DeformableDETR.forward (row 49 P: query_embed moved by the transformer's hook; row 10 MHA)
run hdetr $K:HDeformableDETR forward --factory $K:hdetr --call $K:hdetr_call --level leaf
# TransTrack DeformableDETR.forward: models/deformable_detr.py (rows 13 P, 6 MHA), deformable_detrtrack_test.py (51 P)
run transtrack_det $K:TransTrackDETR forward --factory $K:transtrack_det --call $K:transtrack_call --level leaf
run transtrack_test $K:TransTrackTestDETR forward --factory $K:transtrack_test --call $K:transtrack_call --level leaf
# Segment-and-Track-Anything SAM through SamPredictor: points (rows 2, 16, 20, 27, 30, 33, 39, 40), box (row 14)
run sam_points $K:Sam predict --factory $K:sam_small --call $K:sam_points_call --level both
run sam_box $K:Sam predict --factory $K:sam_small --call $K:sam_box_call --level both
# TransT template + track (rows 5, 15, 17, 19, 35 leaf; row 25 block)
run transt_leaf $K:TransT track --factory $K:transt_small --call $K:transt_track_call --level leaf
run transt_block $K:TransT track --factory $K:transt_small --call $K:transt_track_call --level block
# SAM-DETR FastDETR.forward, single scale (rows 3, 18)
run samdetr $K:FastDETR forward --factory $K:samdetr --call $K:samdetr_call --level leaf
