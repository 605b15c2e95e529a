#!/usr/bin/env bash
# Runtime checks of the issue-22 "f" triage (docs/triage-issue22-f.md) through benchmarks/triage22f_cases.py (tracking
# backend). Each run's JSON goes to $OUT/<name>.json. Needs the corpora in C5 (/tmp/corp5), round c's stub finder in
# STUB (/tmp/lrstub: every name of a module listed in LRSTUBS is a dummy) and, in MMSTUB (/tmp/t22fstub), a two-line
# mmengine.registry whose register_module is an identity decorator (Open-Sora registers its factories at import).
set -u
cd "$(dirname "$0")/.."
. benchmarks/triage_runtime.sh
OUT=${OUT:-/tmp/t22f/runtime}
C5=${C5:-/tmp/corp5}
mkdir -p "$OUT"
export LRSTUBS=${LRSTUBS:-colossalai,timm,liger_kernel,flash_attn,xformers,av,ftfy,tensornvme,omegaconf}
export PYTHONPATH="$PWD:${MMSTUB:-/tmp/t22fstub}:${STUB:-/tmp/lrstub}:$C5/Open-Sora"
K=benchmarks.triage22f_cases
run() { confirm_case "$@"; }
# Open-Sora's Flux autoencoder (rows 14, 15) and HunyuanVideo VAE (rows 11, 12)
run flux_ae_decode opensora.models.vae.autoencoder_2d:AutoEncoder decode --factory $K:flux_ae --call $K:flux_ae_decode --level both
run flux_ae_encode opensora.models.vae.autoencoder_2d:AutoEncoder encode --factory $K:flux_ae --call $K:flux_ae_encode --level both
run hunyuan_decode opensora.models.hunyuan_vae.autoencoder_kl_causal_3d:AutoencoderKLCausal3D decode --factory $K:hunyuan_vae --call $K:hunyuan_decode --level both
run hunyuan_tiled_decode opensora.models.hunyuan_vae.autoencoder_kl_causal_3d:AutoencoderKLCausal3D decode --factory $K:hunyuan_vae_tiled --call $K:hunyuan_decode_large --level both
# Open-Sora's DC-AE (rows 8, 9, 10): inference (encode_single/decode_single per sample) and is_training (direct calls)
run dcae_decode opensora.models.dc_ae.models.dc_ae:DCAE decode --factory $K:dc_ae --call $K:dc_ae_decode --level both
run dcae_train_decode opensora.models.dc_ae.models.dc_ae:DCAE decode --factory $K:dc_ae_training --call $K:dc_ae_decode --level both
run dcae_train_encode opensora.models.dc_ae.models.dc_ae:DCAE encode --factory $K:dc_ae_training --call $K:dc_ae_encode --level both
run hunyuan_temporal_decode opensora.models.hunyuan_vae.autoencoder_kl_causal_3d:AutoencoderKLCausal3D decode --factory $K:hunyuan_vae_temporal --call $K:hunyuan_decode_long --level both
# DALLE2-pytorch's DiffusionPrior (row 29): p_sample_loop as sample() calls it after embedding the text. Needs the
# tokenizer's vocabulary next to the archive's .py files (git archive HEAD dalle2_pytorch/data/bpe_simple_vocab_16e6.txt)
LRSTUBS=x_clip,coca_pytorch,rotary_embedding_torch,resize_right,kornia,embedding_reader,open_clip,webdataset,vector_quantize_pytorch,ftfy,pytorch_warmup,ema_pytorch \
PYTHONPATH="$PWD:${STUB:-/tmp/lrstub}:$C5/DALLE2-pytorch" run prior_sample_loop $K:DiffusionPrior p_sample_loop --factory $K:diffusion_prior --call $K:prior_sample_loop --level both
# DALLE2-pytorch's Decoder (row 30): sample() with an image embedding handed in (one tiny unet); leaf only: diffusers'
# block level cannot be applied to it (a ModuleList holding None: AttributeError in HookRegistry)
LRSTUBS=x_clip,coca_pytorch,rotary_embedding_torch,resize_right,kornia,embedding_reader,open_clip,webdataset,vector_quantize_pytorch,ftfy,pytorch_warmup,ema_pytorch \
PYTHONPATH="$PWD:${STUB:-/tmp/lrstub}:$C5/DALLE2-pytorch" run decoder_sample $K:Decoder sample --factory $K:dalle2_decoder --call $K:decoder_sample --level leaf
# Recall check: karlo's ImprovedSupRes64to256ProgressiveModel, whose forward() is a generator (sr_64_256.py:78)
LRSTUBS=open_clip,omegaconf PYTHONPATH="$PWD:${STUB:-/tmp/lrstub}:$C5/stablediffusion" run recall_karlo_sr256 ldm.modules.karlo.kakao.models.sr_64_256:ImprovedSupRes64to256ProgressiveModel forward --factory $K:karlo_sr256 --call $K:karlo_sr256_upsample --level both
