#!/usr/bin/env bash
# Runtime checks of the issue-22 "k" triage (docs/triage-issue22-k.md) through benchmarks/triage22k_cases.py (tracking
# backend, diffusers' real group-offloading hooks). Each run's JSON goes to $OUT/<name>.json. Needs the corpora in C9
# (/tmp/corp9) and the stand-ins of benchmarks/triage22k/stubs (imports only: timm
# helpers for MiniGPT-4) and, for Depth-Anything-V2 alone, stubs_da2 (cv2, torchvision.transforms: a torchvision stand-in on the path would break transformers' imports). LINTER: the offload-lint checkout to run (default: this one). ONLY=a,b runs those.
set -u
cd "$(dirname "$0")/.."
. benchmarks/triage_runtime.sh
OUT=${OUT:-/tmp/t22k/runtime}
C9=${C9:-/tmp/corp9}
LINTER=${LINTER:-$PWD}
STUBS=$PWD/benchmarks/triage22k/stubs
mkdir -p "$OUT"
K=benchmarks.triage22k_cases
run() { name=$1; root=$2; shift 2; PYTHONPATH="$LINTER:$PWD:$STUBS:$root" NICE=10 confirm_case "$name" "$@"; }
# Depth-Anything-V2: DepthAnythingV2.forward (DINOv2's get_intermediate_layers inside the root's forward)
run da2_forward $C9/Depth-Anything-V2:$PWD/benchmarks/triage22k/stubs_da2 depth_anything_v2.dpt:DepthAnythingV2 forward --factory $K:da2_model --call $K:da2_forward --level both
# LivePortrait: SPADEDecoder.forward (legacy spectral_norm convs in SPADEResnetBlock)
run liveportrait_spade $C9/LivePortrait $K:LivePortraitSPADEDecoder forward --factory $K:liveportrait_spade --call $K:liveportrait_spade_call --level both
# chatterbox: T3.inference (ChatterboxTTS.generate's call)
run chatterbox_t3 $C9/chatterbox/src $K:ChatterboxT3 inference --factory $K:chatterbox_t3 --call $K:chatterbox_t3_inference --level both
# GFPGAN: RestoreFormer.forward (VectorQuantizer reads embedding.weight)
run gfpgan_restoreformer $C9/GFPGAN $K:GFPGANRestoreFormer forward --factory $K:gfpgan_restoreformer --call $K:gfpgan_restoreformer_call --level both
# MiniGPT-4: EVA ViT-g Attention.forward (F.linear on qkv.weight)
run minigpt_eva_attn $C9/MiniGPT-4 $K:MiniGPTEvaAttention forward --factory $K:minigpt_eva_attention --call $K:minigpt_eva_attention_call --level both
# LivePortrait (XPose animal mode): the text enhancer layer (nn.MultiheadAttention's out_proj at leaf)
run xpose_text_layer $C9/LivePortrait $K:XPoseTextEncoderLayer forward --factory $K:xpose_text_layer --call $K:xpose_text_layer_call --level both
