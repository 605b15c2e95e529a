#!/usr/bin/env bash
# Runtime checks of the issue-22 "bs" triage (docs/triage-issue22-bs.md) through benchmarks/triage22bs_cases.py (tracking
# backend, diffusers' real group-offloading hooks, CPU). Each run's JSON goes to $OUT/<name>.json. LINTER: /tmp/wt_bs,
# never this worktree's own code (PYTHONSAFEPATH=1 in confirm_case; the checkout only for benchmarks.triage22bs_cases).
# Nothing installed: the cases file enters each library's package from /tmp/corp69 and stubs what a built class never uses.
set -u
REPO=$(cd "$(dirname "$0")/.." && pwd)
. "$REPO/benchmarks/triage_runtime.sh"
OUT=${OUT:-/tmp/t22bs/runtime}
LINTER=${LINTER:-/tmp/wt_bs}
mkdir -p "$OUT"
export CASE_TIMEOUT=${CASE_TIMEOUT:-240}
K=benchmarks.triage22bs_cases
cd /tmp
run() { name=$1; shift; PYTHONPATH="$LINTER:$REPO" NICE=10 confirm_case "$name" "$@"; }
# tape mLSTM (UniRep's encoder): mLSTMCell's four legacy weight_norm Linears (rows 8, 28; recall H1)
run tape_mlstm $K:mLSTM forward --factory $K:unirep_mlstm --call $K:unirep_mlstm_call --level both
# tape UniRepModel (embedding + mLSTM): the same through the model a user loads
run tape_unirep $K:UniRepModel forward --factory $K:unirep_model --call $K:unirep_model_call --level both
# tape SimpleMLP (the value / sequence classification heads) and SimpleConv (the seq2seq head): rows 18, 25
run tape_simplemlp $K:SimpleMLP forward --factory $K:simple_mlp --call $K:simple_mlp_call --level both
run tape_simpleconv $K:SimpleConv forward --factory $K:simple_conv --call $K:simple_conv_call --level both
# machin BottleneckWN (stride 2: the weight_norm shortcut is built): rows 3, 12, 14
run machin_bottleneck $K:BottleneckWN forward --factory $K:bottleneck_wn --call $K:bottleneck_wn_call --level both
# machin ActorContinuous.get_kl / get_fim as TRPO's update calls them (rows 47, 50)
run machin_get_kl $K:DocActor get_kl --factory $K:doc_actor --call $K:actor_get_kl_call --level both
run machin_get_fim $K:DocActor get_fim --factory $K:doc_actor --call $K:actor_get_fim_call --level both
# graphnet Attention_rel.forward: proj_q / proj_k / proj_v weights handed to F.linear (rows 13, 30, 49)
run graphnet_attn_rel $K:Attention_rel forward --factory $K:attention_rel --call $K:attention_rel_call --level both
# lightning-uq-box Fcomb.forward -> tile: next(self.parameters()).device places the index (row 60)
run luq_fcomb $K:Fcomb forward --factory $K:fcomb --call $K:fcomb_call --level both
# borzoi Borzoi.predict (public, outside forward): human_head / trunk (row 43); and forward (the control)
run borzoi_predict $K:Borzoi predict --factory $K:borzoi --call $K:borzoi_predict_call --level both
run borzoi_forward $K:Borzoi forward --factory $K:borzoi --call $K:borzoi_forward_call --level both
