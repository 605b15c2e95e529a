#!/usr/bin/env bash
# Runtime checks of the issue-22 "j" triage (docs/triage-issue22-j.md) through benchmarks/triage22j_cases.py (tracking
# backend, diffusers' real group-offloading hooks). Each run's JSON goes to $OUT/<name>.json. Needs the corpora in C8
# (/tmp/corp8), einops in DEPS (round i's `pip install --target /tmp/t22i/deps einops ...`, not site-wide) and the
# stand-ins of benchmarks/triage22j/stubs (imports only: monotonic_align, loguru, loralib, soundfile, librosa, ftfy,
# iopath, timm.layers, xformers). LINTER: the offload-lint checkout to run (default: this one). ONLY=a,b runs those.
set -u
cd "$(dirname "$0")/.."
. benchmarks/triage_runtime.sh
OUT=${OUT:-/tmp/t22j/runtime}
C8=${C8:-/tmp/corp8}
DEPS=${DEPS:-/tmp/t22i/deps}
LINTER=${LINTER:-$PWD}
STUBS=$PWD/benchmarks/triage22j/stubs
mkdir -p "$OUT"
K=benchmarks.triage22j_cases
run() { name=$1; root=$2; shift 2; PYTHONPATH="$LINTER:$PWD:$DEPS:$STUBS:$root" NICE=10 confirm_case "$name" "$@"; }
# VITS: SynthesizerTrn.infer / voice_conversion (vctk-like: speakers, gin_channels), MultiPeriodDiscriminator.forward
run vits_infer $C8/vits models:SynthesizerTrn infer --factory $K:vits_synth --call $K:vits_infer --level both
run vits_vc $C8/vits models:SynthesizerTrn voice_conversion --factory $K:vits_synth --call $K:vits_voice_conversion --level both
run vits_disc $C8/vits models:MultiPeriodDiscriminator forward --factory $K:vits_disc --call $K:vits_disc_call --level both
# ChatTTS: GPT offloaded (refine text, infer code); Embed offloaded, GPT.generate calling its emb_text/head_text
run chattts_gpt_refine $C8/ChatTTS $K:ChatTTSGPT generate --factory $K:chattts_gpt --call $K:chattts_refine_text --level both
run chattts_gpt_code $C8/ChatTTS $K:ChatTTSGPT generate --factory $K:chattts_gpt --call $K:chattts_infer_code --level both
run chattts_embed $C8/ChatTTS $K:ChatTTSEmbed generate --factory $K:chattts_embed_root --call $K:chattts_embed_generate --level both
# fish-speech: DualARTransformer, setup_caches under the device, forward_generate, forward_generate_fast
run fish_dualar $C8/fish-speech fish_speech.models.text2semantic.llama:DualARTransformer forward_generate_fast --factory $K:fish_dualar --call $K:fish_decode_one_token --level both
# jukebox: VQVAE.encode / decode
run jukebox_encode $C8/jukebox jukebox.vqvae.vqvae:VQVAE encode --factory $K:jukebox_vqvae --call $K:jukebox_encode --level both
run jukebox_decode $C8/jukebox jukebox.vqvae.vqvae:VQVAE decode --factory $K:jukebox_vqvae --call $K:jukebox_decode --level both
# ImageBind: the vision preprocessor (its pos-embedding helper has no forward)
run imagebind_rgbt $C8/ImageBind $K:ImageBindRGBDTPreprocessor forward --factory $K:imagebind_rgbt --call $K:imagebind_rgbt_call --level both
# CogVLM: EVA2-CLIP-L attention with subln (q/k/v weights into F.linear)
run cogvlm_eva_attn $C8/CogVLM $K:CogVLMEvaAttention forward --factory $K:cogvlm_eva_attention --call $K:cogvlm_eva_attention_call --level both
# Zonos: the DacModel its DACAutoencoder holds: encode / decode
run zonos_dac_encode $C8/Zonos transformers:DacModel encode --factory $K:zonos_dac --call $K:zonos_dac_encode --level both
run zonos_dac_decode $C8/Zonos transformers:DacModel decode --factory $K:zonos_dac --call $K:zonos_dac_decode --level both
# Zonos (pure-torch backbone, small; round i's torchaudio stand-in for the import in autoencoder.py/speaker_cloning.py):
# prepare_conditioning (block: prefix_conditioner in Zonos's unmatched group) and generate (the `self.device` read)
ZS=$PWD/benchmarks/triage22i/stubs
run zonos_prepare $C8/Zonos:$ZS zonos.model:Zonos prepare_conditioning --factory $K:zonos_model --call $K:zonos_prepare_conditioning --level both
run zonos_generate $C8/Zonos:$ZS zonos.model:Zonos generate --factory $K:zonos_model --call $K:zonos_generate --level both
