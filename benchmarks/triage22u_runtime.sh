#!/usr/bin/env bash
# Runtime checks of the issue-22 "u" triage (docs/triage-issue22-u.md) through benchmarks/triage22u_cases.py (tracking
# backend, diffusers' real group-offloading hooks, CPU). Each run's JSON goes to $OUT/<name>.json. Needs the corpora in
# C19 (/tmp/corp19). LINTER: the offload-lint to run, /tmp/wt_u (commit 9e451bf, the linter this round measures) by
# default, never this worktree's own code (PYTHONSAFEPATH=1 in confirm_case). ONLY=a,b runs those. NICE=10 (shared).
set -u
cd "$(dirname "$0")/.."
. benchmarks/triage_runtime.sh
OUT=${OUT:-/tmp/t22u/runtime}
export C19=${C19:-/tmp/corp19}
LINTER=${LINTER:-/tmp/wt_u}
export CASE_TIMEOUT=${CASE_TIMEOUT:-120}
mkdir -p "$OUT"
K=benchmarks.triage22u_cases
run() { name=$1; shift; PYTHONPATH="$LINTER:$PWD" NICE=10 confirm_case "$name" "$@"; }
# Attention-Gated-Networks sononet_grid_attention as its configs build it (rows 1, 10, 19, 32 via the TORR blocks;
# 8 ft; 42 deep_sup)
for m in mean ft ds; do
    run agn_sononet_$m $K:AgnSononet forward --factory $K:sononet_$m --call $K:sononet_call --level both
done
# GridAttentionBlock2D, each mode, as its own root (rows 5, 7, 12, 13, 16, 22, 35, 38, 45)
for m in concatenation concatenation_debug concatenation_residual; do
    run agn_grid_$m $K:AgnGrid forward --factory $K:grid_$m --call $K:grid_call --level both
done
# NONLocalBlock2D/3D, each mode, as its own root (the 27 nonlocal_layer.py rows)
for m in embedded_gaussian dot_product gaussian concatenation concat_proper; do
    run agn_nl_$m $K:AgnNonLocal forward --factory $K:nl_$m --call $K:nl_call --level both
done
run agn_nl_concat_proper_down $K:AgnNonLocal3D forward --factory $K:nl_concat_proper_down --call $K:nl3_call --level both
# Person_reID_baseline_pytorch USAM (rows 15, 21, 28)
run reid_usam $K:ReidUSAM forward --factory $K:reid_usam --call $K:reid_usam_call --level both
