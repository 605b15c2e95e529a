#!/usr/bin/env bash
# Runtime checks of the issue-22 "be" triage (docs/triage-issue22-be.md) through benchmarks/triage22be_cases.py (tracking
# backend, diffusers' real group-offloading hooks, CPU). Each run's JSON goes to $OUT/<name>.json. LINTER: /tmp/wt_bd,
# never this worktree's own code (PYTHONSAFEPATH=1 in confirm_case; the checkout only for benchmarks.triage22be_cases).
set -u
REPO=$(cd "$(dirname "$0")/.." && pwd)
. "$REPO/benchmarks/triage_runtime.sh"
OUT=${OUT:-/tmp/t22be/runtime}
LINTER=${LINTER:-/tmp/wt_bd}
mkdir -p "$OUT"
export CASE_TIMEOUT=${CASE_TIMEOUT:-180}
K=benchmarks.triage22be_cases
cd /tmp
run() { name=$1; shift; PYTHONPATH="$LINTER:$REPO" NICE=10 confirm_case "$name" "$@"; }
# pytorch-fm CrossNetwork's ParameterList (row 58) and AutoInt's nn.MultiheadAttention (row 31), leaf level
run fm_cross $K:CrossNetwork forward --factory $K:cross --call $K:cross_call --level both
run fm_afi $K:AutomaticFeatureInteractionModel forward --factory $K:afi --call $K:afi_call --level both
