#!/usr/bin/env bash
# Runtime checks of the issue-22 "an" triage (docs/triage-issue22-an.md) through benchmarks/triage22an_cases.py (tracking
# backend, diffusers' real group-offloading hooks, CPU). Each run's JSON goes to $OUT/<name>.json. Needs the corpora in
# C38 (/tmp/corp38). LINTER: /tmp/wt_am (bb2aec9, the linter this round measures), never this worktree's own code
# (PYTHONSAFEPATH=1 in confirm_case). ONLY=a,b runs those. NICE=10, CASE_TIMEOUT=120.
set -u
cd "$(dirname "$0")/.."
. benchmarks/triage_runtime.sh
OUT=${OUT:-/tmp/t22an/runtime}
export C38=${C38:-/tmp/corp38}
LINTER=${LINTER:-/tmp/wt_am}
mkdir -p "$OUT"
export CASE_TIMEOUT=${CASE_TIMEOUT:-120}
K=benchmarks.triage22an_cases
run() { name=$1; shift; PYTHONPATH="$LINTER:$PWD:$C38/MONAI" NICE=10 confirm_case "$name" "$@"; }
# SegResNetDS._forward (row 36), SegResNetDS2.forward (rows 30, 31): ModuleDict levels as blocks
run segresds $K:SegResNetDS forward --factory $K:segresds --call $K:segres_call --level block
run segresds2 $K:SegResNetDS2 forward --factory $K:segresds2 --call $K:segres2_call --level block
# VISTA3D point head, point-only prompts (rows 19, 23)
run vista_point $K:PointMappingSAM forward --factory $K:point_head --call $K:point_head_call --level both
# DiNTS TopologySearch.get_ram_cost_usage (row 2)
run dints_ram $K:TopologySearch get_ram_cost_usage --factory $K:dints_space --call $K:dints_ram_call --level both
# ... and TopologySearch.decode (row 2 through get_prob_a(child=True): log_alpha_a's rows meet path_activation)
run dints_decode $K:TopologySearch decode --factory $K:dints_space --call $K:dints_decode_call --level both
# speechbrain (inert stand-ins for hyperpyyaml / torchaudio / sentencepiece / joblib, see the cases file)
# HiFi-GAN DiscriminatorS (rows 20, 22: legacy weight_norm), nnet.CNN.ConvTranspose1d(weight_norm=True) (row 26)
run hifigan_disc $K:DiscriminatorS forward --factory $K:discriminator_s --call $K:discriminator_call --level leaf
run convt_wn $K:ConvTranspose1d forward --factory $K:conv_transpose_wn --call $K:conv_transpose_call --level leaf
# PIQ VQEmbedding.straight_through (row 24)
run piq_vq $K:VQEmbedding straight_through --factory $K:vq_embedding --call $K:vq_call --level leaf
# nnet.diffusion DenoisingDiffusion.sample (row 29), DiffWaveDiffusion.inference (row 21, labelled EC)
run diffusion_sample $K:DenoisingDiffusion sample --factory $K:denoising_diffusion --call $K:diffusion_sample_call --level both
run diffwave_inference $K:DiffWaveDiffusion inference --factory $K:diffwave_diffusion --call $K:diffwave_call --level both
# LAVIS (benchmarks/triage22an_lavis_cases.py: the two files loaded alone): EVA ViT Attention (row 12), CLIP
# AttentionPool2d (row 3)
L=benchmarks.triage22an_lavis_cases
run eva_attention $L:Attention forward --factory $L:eva_attention --call $L:eva_attention_call --level leaf
run clip_attnpool $L:AttentionPool2d forward --factory $L:attention_pool --call $L:attention_pool_call --level leaf
# k-diffusion DiscreteSchedule.get_sigmas (row 35, labelled P)
KD=benchmarks.triage22an_kdiff_cases
run kdiff_sigmas $KD:DiscreteEpsDDPMDenoiser get_sigmas --factory $KD:eps_denoiser --call $KD:get_sigmas_call --level both
