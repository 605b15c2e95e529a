#!/usr/bin/env bash
# Runtime checks of the issue-22 "m" triage (docs/triage-issue22-m.md) through benchmarks/triage22m_cases.py (tracking
# backend, diffusers' real group-offloading hooks). Each run's JSON goes to $OUT/<name>.json. Needs the corpora in C11
# (/tmp/corp11) and the stand-ins of benchmarks/triage22m/stubs (zarr, for an import only). LINTER: the offload-lint
# checkout to run (default: this one). ONLY=a,b runs those.
set -u
cd "$(dirname "$0")/.."
. benchmarks/triage_runtime.sh
OUT=${OUT:-/tmp/t22m/runtime}
C11=${C11:-/tmp/corp11}
LINTER=${LINTER:-$PWD}
STUBS=$PWD/benchmarks/triage22m/stubs
mkdir -p "$OUT"
K=benchmarks.triage22m_cases
run() { name=$1; root=$2; shift 2; PYTHONPATH="$LINTER:$PWD:$STUBS:$root" NICE=10 confirm_case "$name" "$@"; }
DP=$C11/diffusion_policy
# diffusion_policy: DiffusionUnetLowdimPolicy.predict_action (env runners) and compute_loss (the workspace's training step)
run dp_unet_predict $DP $K:DiffusionUnetLowdimPolicy predict_action --factory $K:dp_unet_lowdim --call $K:dp_predict_action --level both
run dp_unet_loss $DP $K:DiffusionUnetLowdimPolicy compute_loss --factory $K:dp_unet_lowdim --call $K:dp_compute_loss --level both
# diffusion_policy: DiffusionTransformerLowdimPolicy.predict_action and compute_loss (mask_generator, get_optimizer not)
run dp_transformer_predict $DP $K:DiffusionTransformerLowdimPolicy predict_action --factory $K:dp_transformer_lowdim --call $K:dp_predict_action --level both
run dp_transformer_loss $DP $K:DiffusionTransformerLowdimPolicy compute_loss --factory $K:dp_transformer_lowdim --call $K:dp_compute_loss --level both
# motion-diffusion-model: the STGCN evaluator (edge_importance ParameterList)
run mdm_stgcn $C11/motion-diffusion-model $K:STGCN forward --factory $K:mdm_stgcn --call $K:mdm_stgcn_call --level both
# SPIRAL: wav2vec TransformerEncoder (weight_norm pos_conv, fairseq MHA fast path)
run spiral_encoder $C11/Speech-Backbones/SPIRAL $K:SpiralTransformerEncoder forward --factory $K:spiral_transformer_encoder --call $K:spiral_transformer_encoder_call --level both
# DiffSinger: EncSALayer (its MultiheadAttention hands out_proj to F.multi_head_attention_forward)
run diffsinger_encsa $C11/DiffSinger $K:EncSALayer forward --factory $K:diffsinger_encsa --call $K:diffsinger_encsa_call --level both
# Real-ESRGAN: UNetDiscriminatorSN (legacy spectral_norm convs)
run realesrgan_unet_d $C11/Real-ESRGAN $K:UNetDiscriminatorSN forward --factory $K:realesrgan_unet_d --call $K:realesrgan_unet_d_call --level both
