#!/usr/bin/env bash
# Runtime checks of the issue-22 "i" triage (docs/triage-issue22-i.md) through benchmarks/triage22i_cases.py (tracking
# backend). Each run's JSON goes to $OUT/<name>.json. Needs the corpora in C7 (/tmp/corp7), einops, einops-exts and
# munch in DEPS (`pip install --target /tmp/t22i/deps einops einops-exts munch`; not installed site-wide) and the
# torchaudio stand-in of benchmarks/triage22i/stubs (StyleTTS2's ASR layers import torchaudio; only create_dct is used).
# LINTER: the offload-lint checkout to run (default: this one).
set -u
cd "$(dirname "$0")/.."
. benchmarks/triage_runtime.sh
OUT=${OUT:-/tmp/t22i/runtime}
C7=${C7:-/tmp/corp7}
DEPS=${DEPS:-/tmp/t22i/deps}
LINTER=${LINTER:-$PWD}
STUBS=$PWD/benchmarks/triage22i/stubs
mkdir -p "$OUT"
K=benchmarks.triage22i_cases
run() { name=$1; root=$2; shift 2; PYTHONPATH="$LINTER:$PWD:$DEPS:$STUBS:$root" EVIDENCE_WIDTH=500 confirm_case "$name" "$@"; }
# U-ViT's frozen KL autoencoder: encode (train_ldm.py, samplers) and decode
run uvit_encode $C7/U-ViT libs.autoencoder:FrozenAutoencoderKL encode --factory $K:uvit_ae --call $K:uvit_encode --level both
run uvit_decode $C7/U-ViT libs.autoencoder:FrozenAutoencoderKL decode --factory $K:uvit_ae --call $K:uvit_decode --level both
# StyleTTS2: the ASR aligner's get_feature (train_second.py), the two decoders' forward, the style encoder's forward
run styletts_asr_feature $C7/StyleTTS2 Utils.ASR.models:ASRCNN get_feature --factory $K:styletts_asr --call $K:styletts_asr_get_feature --level both
run styletts_hifigan $C7/StyleTTS2 Modules.hifigan:Decoder forward --factory $K:styletts_hifigan --call $K:styletts_decode --level both
run styletts_istftnet $C7/StyleTTS2 Modules.istftnet:Decoder forward --factory $K:styletts_istftnet --call $K:styletts_decode --level both
run styletts_style_encoder $C7/StyleTTS2 models:StyleEncoder forward --factory $K:styletts_style_encoder --call $K:styletts_style_encode --level both
# Show-o: MAGVITv2's get_code (training) and decode_code (samplers)
run showo_get_code $C7/Show-o $K:ShowoMAGVITv2 get_code --factory $K:showo_magvit --call $K:showo_get_code --level both
run showo_decode_code $C7/Show-o $K:ShowoMAGVITv2 decode_code --factory $K:showo_magvit --call $K:showo_decode_code --level both
# Show-o2: the Wan2.1 VAE copy's encode (through sample) and decode
run showo2_wan_encode $C7/Show-o $K:WanVAE_ sample --factory $K:showo2_wan --call $K:showo2_wan_encode --level both
run showo2_wan_decode $C7/Show-o $K:WanVAE_ decode --factory $K:showo2_wan --call $K:showo2_wan_decode --level both
# StyleTTS2: RelativePositionBias.forward (row 12: weight.device for index tensors that only reach the Embedding's call)
run styletts_relpos $C7/StyleTTS2 Modules.diffusion.modules:RelativePositionBias forward --factory $K:styletts_relpos --call $K:styletts_relpos_call --level both
# StyleTTS2: WavLMLoss.discriminator_forward / discriminator (SLM adversarial training; a tiny WavLM for the hub's)
run styletts_wavlm_dforward $C7/StyleTTS2 losses:WavLMLoss discriminator_forward --factory $K:styletts_wavlm_loss --call $K:styletts_wavlm_discriminator_forward --level both
run styletts_wavlm_disc $C7/StyleTTS2 losses:WavLMLoss discriminator --factory $K:styletts_wavlm_loss --call $K:styletts_wavlm_discriminator --level both
