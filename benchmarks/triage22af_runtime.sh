#!/usr/bin/env bash
# Runtime checks of the issue-22 "af" triage (docs/triage-issue22-af.md) through benchmarks/triage22af_cases.py (tracking
# backend, diffusers' real group-offloading hooks, CPU). Each run's JSON goes to $OUT/<name>.json. Needs the corpora in
# C30 (/tmp/corp30). LINTER: /tmp/wt_ae (commit c09cd29, the linter this round measures) by default, never this
# worktree's own code (PYTHONSAFEPATH=1 in confirm_case). ONLY=a,b runs those. NICE=10, CASE_TIMEOUT=120.
set -u
cd "$(dirname "$0")/.."
. benchmarks/triage_runtime.sh
OUT=${OUT:-/tmp/t22af/runtime}
export C30=${C30:-/tmp/corp30}
LINTER=${LINTER:-/tmp/wt_ae}
mkdir -p "$OUT"
export CASE_TIMEOUT=${CASE_TIMEOUT:-120}
K=benchmarks.triage22af_cases
run() { name=$1; shift; PYTHONPATH="$LINTER:$PWD" NICE=10 confirm_case "$name" "$@"; }
# T2M-GPT HumanVQVAE.forward_decoder (rows 13, 36)
run t2m_vqdec $K:T2mVqvae forward_decoder --factory $K:t2m_vqvae --call $K:t2m_decode_call --level both
# MLD MldVae.encode / .decode (rows 12, 26, 20 / 27, 34, 44)
run mld_enc $K:MldVae encode --factory $K:mld_vae --call $K:mld_encode_call --level both
run mld_dec $K:MldVae decode --factory $K:mld_vae --call $K:mld_decode_call --level both
# MLD ActorVae.encode / .decode (rows 54 / 6, 59)
run actor_enc $K:ActorVae encode --factory $K:actor_vae --call $K:actor_encode_call --level both
run actor_dec $K:ActorVae decode --factory $K:actor_vae --call $K:actor_decode_call --level both
# SAM-Med3D PromptEncoder3D.forward (rows 24, 38), MaskDecoder3D.forward (row 23)
run sam_prompt $K:SamPrompt3D forward --factory $K:sam_prompt3d --call $K:sam_prompt_call --level both
run sam_maskdec $K:SamMaskDec3D forward --factory $K:sam_maskdec3d --call $K:sam_maskdec_call --level both
# daclip-uir ConditionalUNet holders of downs/ups (rows 57, 60 daclip-sde; 2, 51 wild-ir); einops from $EINOPS only here
EINOPS=${EINOPS:-/tmp/af_einops}
run_e() { name=$1; shift; PYTHONPATH="$LINTER:$PWD:$EINOPS" NICE=10 confirm_case "$name" "$@"; }
run_e daclip_unet $K:DaclipUnet forward --factory $K:daclip_unet --call $K:unet_call --level both
run_e wildir_unet $K:WildirUnet forward --factory $K:wildir_unet --call $K:unet_call --level both
