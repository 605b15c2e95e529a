#!/usr/bin/env bash
# Runtime checks of the issue-22 "bc" triage (docs/triage-issue22-bc.md) through benchmarks/triage22bc_cases.py (tracking
# backend, diffusers' real group-offloading hooks, CPU). Each run's JSON goes to $OUT/<name>.json. REINVENT, DI-engine
# and neuromancer modules are imported from the corpus copies (/tmp/corp53) through namespace packages. LINTER:
# /tmp/wt_bb (the linter this round measures), never this worktree's own code: the runs start from /tmp with
# PYTHONSAFEPATH=1 (confirm_case) and PYTHONPATH="$LINTER:<this checkout>" (the checkout only for
# benchmarks.triage22bc_cases). ONLY=a,b runs those. NICE=10, CASE_TIMEOUT=180.
set -u
REPO=$(cd "$(dirname "$0")/.." && pwd)
. "$REPO/benchmarks/triage_runtime.sh"
OUT=${OUT:-/tmp/t22bc/runtime}
LINTER=${LINTER:-/tmp/wt_bb}
mkdir -p "$OUT"
export CASE_TIMEOUT=${CASE_TIMEOUT:-180}
K=benchmarks.triage22bc_cases
cd /tmp
run() { name=$1; shift; PYTHONPATH="$LINTER:$REPO" NICE=10 confirm_case "$name" "$@"; }
# REINVENT transformer: sample (rows 43, 46, 19), likelihood (row 50)
run rei_tf_sample $K:EncoderDecoder encode --factory $K:rei_tf --call $K:rei_tf_sample --level both
run rei_tf_likelihood $K:EncoderDecoder forward --factory $K:rei_tf --call $K:rei_tf_likelihood --level both
# REINVENT LinkInvent (rows 13, 21, 35) and LibInvent's Decorator (recall H1)
run rei_link_sample $K:LinkEncoderDecoder forward_encoder --factory $K:rei_link --call $K:rnn_sample --level both
run rei_lib_sample $K:Decorator forward_encoder --factory $K:rei_lib --call $K:rnn_sample --level both
# DI-engine: LSTM's ParameterLists (rows 10, 34), PopArt.update_parameters (7, 17), StandardScaler (4, 18, 56),
# the ModuleList-alias shape of PPOFModel / MAVAC (rows 3, 23, a toy)
run ding_lstm $K:DingLSTM forward --factory $K:ding_lstm --call $K:lstm_call --level both
run popart_update $K:PopArt update_parameters --factory $K:popart --call $K:popart_update --level both
run scaler_fit $K:StandardScaler fit --factory $K:scaler --call $K:scaler_fit_transform --level both
run ml_alias $K:MLAlias compute_critic --factory $K:ml_alias --call $K:ml_compute_critic --level both
# neuromancer slim linear maps outside forward: eig / reg_error / effective_W (rows 33, 36, 49, 42)
run slim_svd $K:SVDLinear eig --factory $K:slim_svd --call $K:slim_eig_and_reg --level both
run slim_linear $K:SlimLinear eig --factory $K:slim_linear --call $K:slim_eig_and_reg --level both
run slim_butterfly $K:ButterflyLinear eig --factory $K:slim_butterfly --call $K:slim_eig_and_reg --level both
