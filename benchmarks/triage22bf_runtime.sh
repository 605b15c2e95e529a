#!/usr/bin/env bash
# Runtime checks of the issue-22 "bf" triage (docs/triage-issue22-bf.md) through benchmarks/triage22bf_cases.py (tracking
# backend, diffusers' real group-offloading hooks, CPU). Each run's JSON goes to $OUT/<name>.json. LINTER: /tmp/wt_bf,
# never this worktree's own code (PYTHONSAFEPATH=1 in confirm_case; the checkout only for benchmarks.triage22bf_cases).
set -u
REPO=$(cd "$(dirname "$0")/.." && pwd)
. "$REPO/benchmarks/triage_runtime.sh"
OUT=${OUT:-/tmp/t22bf/runtime}
LINTER=${LINTER:-/tmp/wt_bf}
mkdir -p "$OUT"
export CASE_TIMEOUT=${CASE_TIMEOUT:-180}
K=benchmarks.triage22bf_cases
cd /tmp
run() { name=$1; shift; PYTHONPATH="$LINTER:$REPO" NICE=10 confirm_case "$name" "$@"; }
# ptlflow LCV: LearnableCorrBlock.compute_cost_volume before the block's forward (rows 2, 5), leaf level
run lcv_corr $K:LcvRoot forward --factory $K:lcv --call $K:lcv_call --level both
# docling TableFormerV2 decoder layers' nn.MultiheadAttention (rows 15, 41), leaf level
run tf2_bbox_layer $K:BboxDecoderLayer forward --factory $K:bbox_layer --call $K:bbox_layer_call --level both
run tf2_cached_layer $K:CachedTransformerDecoderLayer forward --factory $K:cached_layer --call $K:cached_layer_call --level both
