#!/usr/bin/env bash
# Runtime checks of the issue-22 "ab" triage (docs/triage-issue22-ab.md) through benchmarks/triage22ab_cases.py (tracking
# backend, diffusers' real group-offloading hooks, CPU). Each run's JSON goes to $OUT/<name>.json. Needs the corpora in
# C26 (/tmp/corp26). LINTER: /tmp/wt_ab (commit e3fbd5b, the linter this round measures) by default, never this
# worktree's own code (PYTHONSAFEPATH=1 in confirm_case). ONLY=a,b runs those. NICE=10, CASE_TIMEOUT=120.
set -u
cd "$(dirname "$0")/.."
. benchmarks/triage_runtime.sh
OUT=${OUT:-/tmp/t22ab/runtime}
export C26=${C26:-/tmp/corp26}
LINTER=${LINTER:-/tmp/wt_ab}
mkdir -p "$OUT"
export CASE_TIMEOUT=${CASE_TIMEOUT:-120}
K=benchmarks.triage22ab_cases
run() { name=$1; shift; PYTHONPATH="$LINTER:$PWD" NICE=10 confirm_case "$name" "$@"; }
# PyTorch-RL Policy.get_fim + trpo.py:84 (row 1)
run rl_fim $K:RlPolicy get_fim --factory $K:rl_policy --call $K:rl_fim_call --level both
# UNITER MultiheadAttention.forward (rows 2, 3)
run uniter_mha $K:UniterMha forward --factory $K:uniter_mha --call $K:uniter_mha_call --level both
# ban-vqa legacy weight_norm (rows 4, 5, 8)
run ban_biatt $K:BanBiAtt forward --factory $K:ban_biatt --call $K:ban_biatt_call --level both
run ban_cls $K:BanCls forward --factory $K:ban_cls --call $K:ban_cls_call --level both
run ban_fc $K:BanFc forward --factory $K:ban_fc --call $K:ban_fc_call --level both
# DiffPIR Resizer (row 7)
run diffpir_resizer $K:DiffpirResizer forward --factory $K:diffpir_resizer --call $K:diffpir_resizer_call --level both
