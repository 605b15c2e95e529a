#!/usr/bin/env bash
# Runtime checks of the issue-22 "bo" triage (docs/triage-issue22-bo.md) through benchmarks/triage22bo_cases.py (tracking
# backend, diffusers' real group-offloading hooks, CPU). Each run's JSON goes to $OUT/<name>.json. LINTER: /tmp/wt_bn,
# never this worktree's own code (PYTHONSAFEPATH=1 in confirm_case; the checkout only for benchmarks.triage22bo_cases).
set -u
REPO=$(cd "$(dirname "$0")/.." && pwd)
. "$REPO/benchmarks/triage_runtime.sh"
OUT=${OUT:-/tmp/t22bo/runtime}
LINTER=${LINTER:-/tmp/wt_bn}
mkdir -p "$OUT"
export CASE_TIMEOUT=${CASE_TIMEOUT:-240}
K=benchmarks.triage22bo_cases
cd /tmp
run() { name=$1; shift; PYTHONPATH="$LINTER:$REPO" NICE=10 confirm_case "$name" "$@"; }
# torch-harmonics SphereSolver.dudtspec with a compute-device uspec (rows 52 OFL101 lap, 56 OFL205), the helmholtz notebook's call
run th_solver_dudt $K:SphereSolver dudtspec --factory $K:solver --call $K:solver_dudt_call --level both
# SphereSolver.randspec (row 20, labelled P: randn_like(lap) meets only scalars)
run th_solver_randspec $K:SphereSolver randspec --factory $K:solver --call $K:solver_randspec_call --level both
# torch-harmonics Segformer baseline GlobalAttention: MultiheadAttention out_proj (row 53, recall H2's shape)
run th_gattn $K:GlobalAttention forward --factory $K:th_gattn --call $K:th_gattn_call --level both
# pyhealth TFM tokenizer EMAVectorQuantizer.forward: embedding.weight read before the Embedding is called (row 57)
run ph_emavq $K:EMAVectorQuantizer forward --factory $K:ph_emavq --call $K:ph_emavq_call --level both
# TALENT SNN.forward -> encode (row 6, labelled BE: encode runs only inside forward)
run talent_snn $K:SNN forward --factory $K:talent_snn --call $K:talent_snn_call --level both
