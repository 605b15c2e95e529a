#!/usr/bin/env bash
# Runtime checks of the issue-22 "ai" triage (docs/triage-issue22-ai.md) through benchmarks/triage22ai_cases.py (tracking
# backend, diffusers' real group-offloading hooks, CPU). Each run's JSON goes to $OUT/<name>.json. Needs the corpora in
# C33 (/tmp/corp33). LINTER: /tmp/wt_ai (commit 33761af, the linter this round measures) by default, never this
# worktree's own code (PYTHONSAFEPATH=1 in confirm_case). ONLY=a,b runs those. NICE=10, CASE_TIMEOUT=120.
set -u
cd "$(dirname "$0")/.."
. benchmarks/triage_runtime.sh
OUT=${OUT:-/tmp/t22ai/runtime}
export C33=${C33:-/tmp/corp33}
LINTER=${LINTER:-/tmp/wt_ai}
mkdir -p "$OUT"
export CASE_TIMEOUT=${CASE_TIMEOUT:-120}
K=benchmarks.triage22ai_cases
run() { name=$1; shift; PYTHONPATH="$LINTER:$PWD" NICE=10 confirm_case "$name" "$@"; }
# multimodal-prompt-learning CLIP.encode_image (rows 25, 20) / encode_text (rows 15, 45, 46, 20)
run mpl_encimg $K:MplCLIP encode_image --factory $K:mpl_clip --call $K:mpl_encode_image_call --level both
run mpl_enctext $K:MplCLIP encode_text --factory $K:mpl_clip --call $K:mpl_encode_text_call --level both
# DenseCLIP AttentionPool2d.forward (segmentation rows 17, 24, 26, 28, 31; detection rows 5, 7, 10, 35)
run dense_pool_seg $K:DenseAttnPoolSeg forward --factory $K:dense_pool_seg --call $K:dense_pool_call --level both
run dense_pool_det $K:DenseAttnPoolDet forward --factory $K:dense_pool_det --call $K:dense_pool_call --level both
# mdetr TransformerEncoderLayer.forward (row 30: nn.MultiheadAttention's out_proj)
run mdetr_enc $K:MdetrEncLayer forward --factory $K:mdetr_enc_layer --call $K:mdetr_enc_call --level both
# OV-DETR MHAttentionMap.forward (rows 12, 59, C)
run ov_attn_map $K:OvMHAttentionMap forward --factory $K:ov_attn_map --call $K:ov_attn_map_call --level both
