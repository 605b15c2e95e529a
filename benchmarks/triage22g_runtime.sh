#!/usr/bin/env bash
# Runtime checks of the issue-22 "g" triage (docs/triage-issue22-g.md) through benchmarks/triage22g_cases.py (tracking
# backend). Each run's JSON goes to $OUT/<name>.json. Needs the corpora in C6 (/tmp/corp6) and round c's stub finder in
# STUB (/tmp/lrstub: every name of a module listed in LRSTUBS is a dummy; used for timm, flash_attn and omegaconf, which
# are imported but not used by the classes built here). LINTER: the offload-lint checkout to run (default: this one).
set -u
cd "$(dirname "$0")/.."
. benchmarks/triage_runtime.sh
OUT=${OUT:-/tmp/t22g/runtime}
C6=${C6:-/tmp/corp6}
LINTER=${LINTER:-$PWD}
STUB=${STUB:-/tmp/lrstub}
mkdir -p "$OUT"
K=benchmarks.triage22g_cases
run() { name=$1; root=$2; stubs=$3; shift 3; LRSTUBS=$stubs PYTHONPATH="$LINTER:$PWD:$STUB:$root" confirm_case "$name" "$@"; }
# LlamaGen's VQ tokenizer: encode (extract_codes_*.py, train_t2i.py) and decode_code (the samplers)
run llamagen_vq_encode $C6/LlamaGen "" tokenizer.tokenizer_image.vq_model:VQModel encode --factory $K:llamagen_vq --call $K:llamagen_vq_encode --level both
run llamagen_vq_decode $C6/LlamaGen "" tokenizer.tokenizer_image.vq_model:VQModel decode_code --factory $K:llamagen_vq --call $K:llamagen_vq_decode_code --level both
# LlamaGen's GPT through generate(): the KV caches are built under torch.device(cond.device) after offloading
run llamagen_gpt_generate $C6/LlamaGen "" autoregressive.models.gpt:Transformer forward --factory $K:llamagen_gpt --call $K:llamagen_gpt_generate --level both
# Janus' generation VQ model: decode_code
run janus_vq_decode $C6/Janus "" $K:JanusVQModel decode_code --factory $K:janus_vq --call $K:janus_vq_decode_code --level both
# VAR: the VQVAE's img_to_idxBl (trainer) and VAR's sampler; SelfAttention alone (mat_qkv.weight into F.linear)
run var_img_to_idx $C6/VAR "" models.vqvae:VQVAE img_to_idxBl --factory $K:var_vqvae --call $K:var_img_to_idx --level both
run var_infer $C6/VAR "" models.var:VAR autoregressive_infer_cfg --factory $K:var_model --call $K:var_infer --level both
run var_selfattn $C6/VAR "" models.basic_var:SelfAttention forward --factory $K:var_selfattn --call $K:var_selfattn_call --level both
# mar's KL autoencoder: decode (engine_mar.py's evaluate)
run mar_vae_decode $C6/mar "" models.vae:AutoencoderKL decode --factory $K:mar_vae --call $K:mar_vae_decode --level both
# Lumina's BigVGAN vocoders (music and audio copies): forward with legacy weight_norm
run bigvgan_music $C6/Lumina-T2X/lumina_music omegaconf models.vocoder.bigvgan.models:BigVGAN forward --factory $K:bigvgan --call $K:bigvgan_vocode --level both
run bigvgan_audio $C6/Lumina-T2X/lumina_audio omegaconf models.vocoder.bigvgan.models:BigVGAN forward --factory $K:bigvgan --call $K:bigvgan_vocode --level both
# InternVL's attention pooling (clip_benchmark's two copies): CrossAttention.forward hands q/k/v weights to F.linear
run internvl_c_pooling $C6/InternVL/clip_benchmark timm,flash_attn $K:InternVLCPooling forward --factory $K:internvl_c_pooling --call $K:pooling_call --level both
run internvl_hf_pooling $C6/InternVL/clip_benchmark timm,flash_attn $K:InternVLHFPooling forward --factory $K:internvl_hf_pooling --call $K:pooling_call --level both
# mar's MAR: sample_tokens as engine_mar.py's evaluate calls it (timm's Block from the stand-in in
# benchmarks/triage22g/stubs; the repository's .cuda() calls go to the compute device, see mar_sample)
run mar_sample "$PWD/benchmarks/triage22g/stubs:$C6/mar" "" models.mar:MAR sample_tokens --factory $K:mar_model --call $K:mar_sample --level both
# Emu3's vision tokenizer: encode then decode (autoencode.py)
run emu3_vq $C6/Emu3 "" emu3.tokenizer.modeling_emu3visionvq:Emu3VisionVQModel encode --factory $K:emu3_vq --call $K:emu3_vq_roundtrip --level both
# BigVGAN built with resblock "2" (an option the tree's checkpoints do not set): what the "C" rows would do
run bigvgan_resblock2 $C6/Lumina-T2X/lumina_audio omegaconf models.vocoder.bigvgan.models:BigVGAN forward --factory $K:bigvgan_resblock2 --call $K:bigvgan_vocode --level leaf
