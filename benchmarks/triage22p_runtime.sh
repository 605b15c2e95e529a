#!/usr/bin/env bash
# Runtime checks of the issue-22 "p" triage (docs/triage-issue22-p.md) through benchmarks/triage22p_cases.py (tracking
# backend, diffusers' real group-offloading hooks). Each run's JSON goes to $OUT/<name>.json. Needs the corpora in C14
# (/tmp/corp14). LINTER: the offload-lint checkout to run (default: this one). ONLY=a,b runs those.
set -u
cd "$(dirname "$0")/.."
. benchmarks/triage_runtime.sh
OUT=${OUT:-/tmp/t22p/runtime}
C14=${C14:-/tmp/corp14}
LINTER=${LINTER:-$PWD}
mkdir -p "$OUT"
K=benchmarks.triage22p_cases
run() { name=$1; root=$2; shift 2; PYTHONPATH="$LINTER:$PWD:$root:$PWD/benchmarks/triage22p/stubs" NICE=10 confirm_case "$name" "$@"; }
P=$C14/PyTorch-VAE
# PyTorch-VAE: sample() -> decode (experiment.py:80, tests), generate() -> forward (experiment.py:71), loss_function
run vae_logcosh_sample $P $K:LogCoshVAE sample --factory $K:logcosh --call $K:vae_sample_call --level both
run vae_cvae_sample $P $K:ConditionalVAE sample --factory $K:cvae --call $K:cvae_sample_call --level both
run vae_cat_sample $P $K:CategoricalVAE sample --factory $K:catvae --call $K:vae_sample_call --level both
run vae_hvae_sample $P $K:HVAE sample --factory $K:hvae --call $K:vae_sample_call --level both
run vae_hvae_loss $P $K:HVAE loss_function --factory $K:hvae --call $K:vae_loss_call --level both
run vae_vamp_loss $P $K:VampVAE loss_function --factory $K:vampvae --call $K:vae_loss_call --level both
run vae_vanilla_generate $P $K:VanillaVAE generate --factory $K:vanilla --call $K:vae_generate_call --level both
run vae_info_generate $P $K:InfoVAE generate --factory $K:infovae --call $K:vae_generate_call --level both
run vae_vqvae_generate $P $K:VQVAE generate --factory $K:vqvae --call $K:vae_generate_call --level both
V=$C14/vector-quantize-pytorch
run vq_fsp_codes $V $K:FSP indices_to_codes --factory $K:fsp --call $K:indices_call --level both
run vq_fsq_codes $V $K:FSQ indices_to_codes --factory $K:fsq --call $K:indices_call --level both
run vq_lfq_codes $V $K:LFQ indices_to_codes --factory $K:lfq_proj --call $K:indices_call --level both
run vq_lfq_rot_codes $V $K:LFQ indices_to_codes --factory $K:lfq_rot --call $K:indices_call --level both
run vq_simvq_codes $V $K:SimVQ indices_to_codes --factory $K:simvq --call $K:indices_call --level both
run vq_ortho $V $K:VectorQuantize forward --factory $K:vq_ortho --call $K:vq_train_call --level both
run vq_ortho_nomax $V $K:VectorQuantize forward --factory $K:vq_ortho_nomax --call $K:vq_train_call --level both
run vq_update_affine $V $K:VectorQuantize update_indices --factory $K:vq_affine --call $K:vq_update_indices_call --level both
run vq_update_dead $V $K:VectorQuantize update_indices --factory $K:vq_dead --call $K:vq_update_indices_call --level both
run vq_latentq $V $K:LatentQuantize forward --factory $K:latentq --call $K:latentq_call --level both
run glow_reverse $C14/glow-pytorch $K:Glow reverse --factory $K:glow --call $K:glow_reverse_call --level both
run td3_q1 $C14/TD3 $K:Critic Q1 --factory $K:td3_critic --call $K:td3_train_call --level both
run melgan_g $C14/melgan $K:Generator forward --factory $K:melgan_g --call $K:melgan_g_call --level both
run melgan_d $C14/melgan $K:MultiScaleDiscriminator forward --factory $K:melgan_d --call $K:melgan_d_call --level both
run ddim_model $C14/ddim $K:DdimModel forward --factory $K:ddim_model --call $K:ddim_call --level both
run vdvae_set_latents $C14/vdvae $K:VdVAE forward_samples_set_latents --factory $K:vdvae --call $K:vdvae_set_latents_call --level both
run vdvae_uncond $C14/vdvae $K:VdVAE forward_uncond_samples --factory $K:vdvae --call $K:vdvae_uncond_call --level both
run mistral_nocache $C14/mistral-inference/src $K:MistralTransformer forward --factory $K:mistral_transformer --call $K:mistral_nocache_call --level both
