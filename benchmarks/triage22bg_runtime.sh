#!/usr/bin/env bash
# Runtime checks of the issue-22 "bg" triage (docs/triage-issue22-bg.md) through benchmarks/triage22bg_cases.py (tracking
# backend, diffusers' real group-offloading hooks, CPU). Each run's JSON goes to $OUT/<name>.json. LINTER: /tmp/wt_bf,
# never this worktree's own code (PYTHONSAFEPATH=1 in confirm_case; the checkout only for benchmarks.triage22bg_cases).
set -u
REPO=$(cd "$(dirname "$0")/.." && pwd)
. "$REPO/benchmarks/triage_runtime.sh"
OUT=${OUT:-/tmp/t22bg/runtime}
LINTER=${LINTER:-/tmp/wt_bf}
mkdir -p "$OUT"
export CASE_TIMEOUT=${CASE_TIMEOUT:-240}
K=benchmarks.triage22bg_cases
cd /tmp
run() { name=$1; shift; PYTHONPATH="$LINTER:$REPO" NICE=10 confirm_case "$name" "$@"; }
# earth2studio WindgustAFNO: root buffers read in the overridden __call__ (rows 27 OFL101, 37 OFL205), leaf level
run e2s_windgust $K:WindgustAFNO __call__ --factory $K:windgust --call $K:windgust_call --level both
# Pearl NeuralLinearBandit.learn_batch -> model.forward_with_intermediate_values (row 35 OFL102), block level
run pearl_nlb $K:NeuralLinearBandit learn_batch --factory $K:nlb --call $K:nlb_call --level both
# aurora LevelConditioned.forward: ParameterDict of modules (row 36 OFL104, label PD), leaf level
run aurora_levelcond $K:LevelConditioned forward --factory $K:levelcond --call $K:levelcond_call --level both
# the same with a core model that is not a ModuleList / Sequential (the real AFNO): does block level leave it offloaded?
# (recall misses H2 / H4 / H6, no row)
run e2s_windgust_core $K:WindgustAFNO __call__ --factory $K:windgust_core --call $K:windgust_call --level block
