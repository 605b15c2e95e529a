#!/usr/bin/env bash
# Runtime checks of the issue-22 "n" triage (docs/triage-issue22-n.md) through benchmarks/triage22n_cases.py (tracking
# backend, diffusers' real group-offloading hooks). Each run's JSON goes to $OUT/<name>.json. Needs the corpora in C12
# (/tmp/corp12) and the stand-ins of benchmarks/triage22n/stubs (timm). LINTER: the offload-lint checkout to run
# (default: this one). ONLY=a,b runs those.
set -u
cd "$(dirname "$0")/.."
. benchmarks/triage_runtime.sh
OUT=${OUT:-/tmp/t22n/runtime}
C12=${C12:-/tmp/corp12}
LINTER=${LINTER:-$PWD}
STUBS=$PWD/benchmarks/triage22n/stubs
mkdir -p "$OUT"
K=benchmarks.triage22n_cases
run() { name=$1; root=$2; shift 2; PYTHONPATH="$LINTER:$PWD:$STUBS:$root" NICE=10 confirm_case "$name" "$@"; }
W=$C12/WaveRNN
# WaveRNN: generate (gen_wavernn.py, CPU mel) and the training forward; Tacotron training forward (zoneout) and generate
run wavernn_generate $W $K:WaveRNN generate --factory $K:wavernn --call $K:wavernn_generate_call --level both
run wavernn_forward $W $K:WaveRNN forward --factory $K:wavernn --call $K:wavernn_forward_call --level both
run tacotron_train $W $K:Tacotron forward --factory $K:tacotron --call $K:tacotron_train_call --level both
run tacotron_generate $W $K:Tacotron generate --factory $K:tacotron --call $K:tacotron_generate_call --level both
# detr: Transformer (nn.MultiheadAttention in its encoder/decoder layers)
run detr_transformer $C12/detr $K:Transformer forward --factory $K:detr_transformer --call $K:detr_transformer_call --level both
# VideoMAE Attention and Swin V2 WindowAttention (F.linear with qkv.weight)
run videomae_attention $C12/VideoMAE $K:Attention forward --factory $K:videomae_attention --call $K:tokens_call --level both
run swinv2_attention $C12/Swin-Transformer $K:WindowAttention forward --factory $K:swinv2_window_attention --call $K:tokens_call --level both
# descript-audio-codec: weight_norm convs of the decoder blocks; VectorQuantize (codebook.weight read)
run dac_decoder_block $C12/descript-audio-codec $K:DecoderLike forward --factory $K:dac_decoder_block --call $K:latents_call --level both
run dac_vq $C12/descript-audio-codec $K:VectorQuantize forward --factory $K:dac_vq --call $K:latents_call --level both
# cleanrl: sac_continuous_action.py Actor.get_action (action_scale/action_bias buffers)
run cleanrl_sac_actor $C12/cleanrl $K:Actor get_action --factory $K:cleanrl_sac_actor --call $K:cleanrl_get_action_call --level both
