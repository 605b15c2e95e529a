#!/usr/bin/env bash
# Runtime checks of the issue-22 "o" triage (docs/triage-issue22-o.md) through benchmarks/triage22o_cases.py (tracking
# backend, diffusers' real group-offloading hooks). Each run's JSON goes to $OUT/<name>.json. Needs the corpora in C13
# (/tmp/corp13). LINTER: the offload-lint checkout to run (default: this one). ONLY=a,b runs those.
set -u
cd "$(dirname "$0")/.."
. benchmarks/triage_runtime.sh
OUT=${OUT:-/tmp/t22o/runtime}
C13=${C13:-/tmp/corp13}
LINTER=${LINTER:-$PWD}
mkdir -p "$OUT"
K=benchmarks.triage22o_cases
run() { name=$1; root=$2; shift 2; PYTHONPATH="$LINTER:$PWD:$root" NICE=10 confirm_case "$name" "$@"; }
V=$C13/vq-vae-2-pytorch
# vq-vae-2: VQVAE.encode (extract_code.py), VQVAE.decode_code (sample.py), PixelSNAIL forward (weight_norm)
run vqvae_encode $V $K:VQVAE encode --factory $K:vqvae --call $K:vqvae_encode_call --level both
run vqvae_decode_code $V $K:VQVAE decode_code --factory $K:vqvae --call $K:vqvae_decode_code_call --level both
run pixelsnail $V $K:PixelSNAIL forward --factory $K:pixelsnail --call $K:pixelsnail_call --level both
# waveglow: training forward (weight_norm, Invertible1x1Conv logdet) and infer (upsample, W_inverse)
run waveglow_train $C13/waveglow $K:WaveGlow forward --factory $K:waveglow --call $K:waveglow_train_call --level both
run waveglow_infer $C13/waveglow $K:WaveGlow infer --factory $K:waveglow --call $K:waveglow_infer_call --level both
run waveglow_infer_loaded $C13/waveglow $K:WaveGlow infer --factory $K:waveglow_loaded --call $K:waveglow_infer_call --level both
# BigGAN: nested ModuleList blocks of G (sample.py) and D (G_D), BigGAN and BigGANdeep
B=$C13/BigGAN-PyTorch
run biggan_g $B $K:Generator forward --factory $K:biggan_g --call $K:g_call --level both
run biggan_d $B $K:Discriminator forward --factory $K:biggan_d --call $K:d_call --level both
run biggandeep_g $B $K:DeepGenerator forward --factory $K:biggandeep_g --call $K:g_call --level both
run biggandeep_d $B $K:DeepDiscriminator forward --factory $K:biggandeep_d --call $K:d_call --level both
# a2c-ppo-acktr-gail: Policy.act / get_value / evaluate_actions with device batches
A=$C13/pytorch-a2c-ppo-acktr-gail
run a2c_act $A $K:Policy act --factory $K:a2c_policy --call $K:a2c_act_call --level both
run a2c_get_value $A $K:Policy get_value --factory $K:a2c_policy --call $K:a2c_get_value_call --level both
run a2c_evaluate $A $K:Policy evaluate_actions --factory $K:a2c_policy --call $K:a2c_evaluate_call --level both
# rl_games: GeneralizedMovingStats.get_mean_std (diagnostics), spinningup ppo MLPActorCritic.step (CPU observation)
run rl_moving_stats $C13/rl_games $K:GeneralizedMovingStats get_mean_std --factory $K:rl_moving_stats --call $K:rl_get_mean_std_call --level both
run spinup_ppo_step $C13/spinningup $K:SpinupMLPActorCritic step --factory $K:spinup_ppo_ac --call $K:spinup_step_call --level both
# nanodet: Integral (gfl_head.py's code) called from a head method after the detector's forward
run nanodet_integral $C13/nanodet $K:DetectorLikeClass forward --factory $K:nanodet_detector --call $K:nanodet_inference_call --level both
# SlowFast: reversible blocks' backward_pass (training, REV configs) in an MViT-like holder; the contrastive memories
S=$C13/SlowFast
run slowfast_rev $S $K:RevStackLikeClass forward --factory $K:slowfast_rev --call $K:slowfast_rev_train_call --level both
run slowfast_mem_train $S $K:ContrastiveLikeClass forward --factory $K:slowfast_contrastive --call $K:slowfast_contrastive_train_call --level both
run slowfast_mem_eval $S $K:ContrastiveLikeClass forward --factory $K:slowfast_contrastive --call $K:slowfast_contrastive_eval_call --level both
run nanodet_transformer $C13/nanodet $K:TransformerBlock forward --factory $K:nanodet_transformer_block --call $K:nanodet_transformer_call --level both
