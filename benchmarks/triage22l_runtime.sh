#!/usr/bin/env bash
# Runtime checks of the issue-22 "l" triage (docs/triage-issue22-l.md) through benchmarks/triage22l_cases.py (tracking
# backend, diffusers' real group-offloading hooks). Each run's JSON goes to $OUT/<name>.json. Needs the corpora in C10
# (/tmp/corp10) and the stand-ins of benchmarks/triage22l/stubs (icefall.utils.make_pad_mask as icefall defines it;
# torchmetrics, matplotlib for imports only). LINTER: the offload-lint checkout to run (default: this one). ONLY=a,b
# runs those.
set -u
cd "$(dirname "$0")/.."
. benchmarks/triage_runtime.sh
OUT=${OUT:-/tmp/t22l/runtime}
C10=${C10:-/tmp/corp10}
LINTER=${LINTER:-$PWD}
STUBS=$PWD/benchmarks/triage22l/stubs
mkdir -p "$OUT"
K=benchmarks.triage22l_cases
run() { name=$1; root=$2; shift 2; PYTHONPATH="$LINTER:$PWD:$STUBS:$root" NICE=10 confirm_case "$name" "$@"; }
# vall-e: VALLE.inference (the default model), as valle/bin/infer.py calls it
run valle_inference $C10/vall-e $K:VALLE inference --factory $K:valle_valle --call $K:valle_inference --level both
# vall-e: Transformer.inference (--model-name Transformer)
run valle_transformer $C10/vall-e $K:ValleTransformer inference --factory $K:valle_transformer --call $K:valle_transformer_inference --level both
# SadTalker: the facerender SPADEDecoder (legacy spectral_norm convs in SPADEResnetBlock)
run sadtalker_spade $C10/SadTalker $K:SadTalkerSPADEDecoder forward --factory $K:sadtalker_spade --call $K:sadtalker_spade_call --level both
# IP-Adapter: Resampler.forward (IPAdapterPlus's image_proj_model; nested ModuleList pairs)
run ipadapter_resampler $C10/IP-Adapter $K:IPAdapterResampler forward --factory $K:ipadapter_resampler --call $K:ipadapter_resampler_call --level both
# AniPortrait: Audio2MeshModel.infer (scripts/audio2vid.py)
run aniportrait_a2m $C10/AniPortrait $K:AniPortraitAudio2Mesh infer --factory $K:aniportrait_a2m --call $K:aniportrait_a2m_call --level both
# MambaVision: MambaVisionMixer.forward (F.conv1d on conv1d_x/z weights; dt_proj.bias after dt_proj's call)
run mambavision_mixer $C10/MambaVision $K:MambaVisionMixer forward --factory $K:mambavision_mixer --call $K:mambavision_mixer_call --level both
# SadTalker: Audio2Pose.test (netG.test -> CVAE's decoder, outside Audio2Pose.forward)
run sadtalker_audio2pose $C10/SadTalker $K:SadTalkerAudio2Pose test --factory $K:sadtalker_audio2pose --call $K:sadtalker_audio2pose_call --level both
