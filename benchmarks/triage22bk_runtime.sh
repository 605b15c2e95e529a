#!/usr/bin/env bash
# Runtime checks of the issue-22 "bk" triage (docs/triage-issue22-bk.md) through benchmarks/triage22bk_cases.py (tracking
# backend, diffusers' real group-offloading hooks, CPU). Each run's JSON goes to $OUT/<name>.json. LINTER: /tmp/wt_bj,
# never this worktree's own code (PYTHONSAFEPATH=1 in confirm_case; the checkout only for benchmarks.triage22bk_cases).
set -u
REPO=$(cd "$(dirname "$0")/.." && pwd)
. "$REPO/benchmarks/triage_runtime.sh"
OUT=${OUT:-/tmp/t22bk/runtime}
LINTER=${LINTER:-/tmp/wt_bj}
mkdir -p "$OUT"
export CASE_TIMEOUT=${CASE_TIMEOUT:-240}
K=benchmarks.triage22bk_cases
cd /tmp
run() { name=$1; shift; PYTHONPATH="$LINTER:$REPO" NICE=10 confirm_case "$name" "$@"; }
# bayesian-torch quantize(): the conversion step on an offloaded layer (rows 1 / 29 linear, 16 / 31 conv3d; P)
run bt_qlinear $K:QuantizedLinearReparameterization quantize --factory $K:qlinear --call $K:quantize_call --level both
run bt_qconv3d $K:QuantizedConv3dReparameterization quantize --factory $K:qconv3d --call $K:quantize_call --level both
# bayesian-torch LSTM kl_loss added to a compute-device loss (row 22 variational, 23 / 24 flipout; Y)
run bt_lstm_kl $K:LSTMReparameterization kl_loss --factory $K:lstm_var --call $K:kl_call --level both
run bt_lstmflip_kl $K:LSTMFlipout kl_loss --factory $K:lstm_flip --call $K:kl_call --level both
# robomimic ConditionalUnet1D.forward: up/down_modules ModuleLists of ModuleLists (rows 38 / 57, the AL rows' torch fact)
run robomimic_unet $K:ConditionalUnet1D forward --factory $K:unet --call $K:unet_call --level both
# terratorch TerraMind decoder embeddings without forward (rows 9 / 59, 21) and forward_logits judged as root (row 11)
run tm_seq_embed $K:SequenceDecoderEmbedding forward_embed --factory $K:seq_dec --call $K:seq_dec_call --level both
run tm_img_embed $K:ImageTokenDecoderEmbedding forward_embed --factory $K:img_dec --call $K:img_dec_call --level both
run tm_img_logits $K:ImageTokenDecoderEmbedding forward_logits --factory $K:img_dec --call $K:img_logits_call --level block
# dgl CARE-GNN forward: self.layers[0].MLP called before self.layers[0] (rows 54 / 6, recall H1)
run dgl_care $K:CAREGNN forward --factory $K:care --call $K:care_call --level both
