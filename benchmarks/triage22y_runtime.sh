#!/usr/bin/env bash
# Runtime checks of the issue-22 "y" triage (docs/triage-issue22-y.md) through benchmarks/triage22y_cases.py (tracking
# backend, diffusers' real group-offloading hooks, CPU). Each run's JSON goes to $OUT/<name>.json. Needs the corpora in
# C23 (/tmp/corp23). LINTER: the offload-lint to run, /tmp/wt_x (commit f28788b, the linter this round measures) by
# default, never this worktree's own code (PYTHONSAFEPATH=1 in confirm_case). ONLY=a,b runs those. NICE=10 (shared
# machine), CASE_TIMEOUT=120.
set -u
cd "$(dirname "$0")/.."
. benchmarks/triage_runtime.sh
OUT=${OUT:-/tmp/t22y/runtime}
export C23=${C23:-/tmp/corp23}
LINTER=${LINTER:-/tmp/wt_x}
mkdir -p "$OUT"
export CASE_TIMEOUT=${CASE_TIMEOUT:-120}
K=benchmarks.triage22y_cases
run() { name=$1; shift; PYTHONPATH="$LINTER:$PWD" NICE=10 confirm_case "$name" "$@"; }
# FateZero CLIP.encode_text: token_embedding/transformer at block (row 12), positional_embedding (59), text_projection (51)
run fz_clip_text $K:FzCLIP encode_text --factory $K:fz_clip --call $K:fz_clip_text_call --level both
# FateZero CLIP.encode_image: nn.MultiheadAttention out_proj at leaf (row 1)
run fz_clip_image $K:FzCLIP encode_image --factory $K:fz_clip --call $K:fz_clip_image_call --level both
# AnimateLCM SVD pipeline's vae (diffusers AutoencoderKLTemporalDecoder): encode (row 55), decode (row 49) at block
run lcm_vae_encode $K:LcmVAE encode --factory $K:lcm_vae --call $K:lcm_vae_encode_call --level both
run lcm_vae_decode $K:LcmVAE decode --factory $K:lcm_vae --call $K:lcm_vae_decode_call --level both
# StableAnimator RefinedAutoencoderKLTemporalDecoder: encode (row 17), decode (row 43) at block
run sa_vae_encode $K:SaVAE encode --factory $K:sa_vae --call $K:lcm_vae_encode_call --level both
run sa_vae_decode $K:SaVAE decode --factory $K:sa_vae --call $K:lcm_vae_decode_call --level both
# PuLID EVA Attention subln: q_proj/k_proj/v_proj weights at leaf (rows 48, 34, 16)
run pu_eva_attn $K:PuEvaAttention forward --factory $K:pu_eva_attn --call $K:eva_attn_call --level both
# Video-LLaMA EVA Attention: qkv.weight at leaf (row 32)
run vl_eva_attn $K:VlEvaAttention forward --factory $K:vl_eva_attn --call $K:eva_attn_call --level both
# Video-LLaMA ImageBind SpatioTemporalPosEmbeddingHelper.pos_embed at leaf (rows 9, 53)
run vl_posembed $K:VlPosRoot forward --factory $K:vl_posembed --call $K:vl_posembed_call --level both
# Video-LLaMA ImageBind MultiheadAttention: out_proj at leaf (recall hazard 3)
run vl_mha $K:VlMHA forward --factory $K:vl_mha --call $K:vl_mha_call --level both
# custom-diffusion add_token on a tiny CLIPTextModel (rows 10, 42: labelled false A)
run cd_add_token $K:CdTextEncoder resize_token_embeddings --factory $K:cd_text_encoder --call $K:cd_add_token_call --level both
