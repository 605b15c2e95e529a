#!/usr/bin/env bash
# Runtime checks of the issue-22 "bj" triage (docs/triage-issue22-bj.md) through benchmarks/triage22bj_cases.py (tracking
# backend, diffusers' real group-offloading hooks, CPU). Each run's JSON goes to $OUT/<name>.json. LINTER: /tmp/wt_bj,
# never this worktree's own code (PYTHONSAFEPATH=1 in confirm_case; the checkout only for benchmarks.triage22bj_cases).
set -u
REPO=$(cd "$(dirname "$0")/.." && pwd)
. "$REPO/benchmarks/triage_runtime.sh"
OUT=${OUT:-/tmp/t22bj/runtime}
LINTER=${LINTER:-/tmp/wt_bj}
mkdir -p "$OUT"
export CASE_TIMEOUT=${CASE_TIMEOUT:-240}
K=benchmarks.triage22bj_cases
cd /tmp
run() { name=$1; shift; PYTHONPATH="$LINTER:$REPO" NICE=10 confirm_case "$name" "$@"; }
# diffusers AutoencoderKLHunyuanVideo.decode / .encode as SimpleTuner's Kandinsky5 pipelines call them (rows 44 / 45)
run hunyuan_vae_decode $K:AutoencoderKLHunyuanVideo decode --factory $K:hunyuan_vae --call $K:hunyuan_decode_call --level both
run hunyuan_vae_encode $K:AutoencoderKLHunyuanVideo encode --factory $K:hunyuan_vae --call $K:hunyuan_encode_call --level both
# torchmultimodal AttentionPool2d.forward: q / k / v / c_proj weights into F.multi_head_attention_forward (row 27)
run tmm_attnpool $K:AttentionPool2d forward --factory $K:attnpool --call $K:attnpool_call --level both
# mmpretrain NormEMAVectorQuantizer.forward: the EmbeddingEMA codebook read before it is called (row 58)
run mmpretrain_vq $K:NormEMAVectorQuantizer forward --factory $K:vq --call $K:vq_call --level both
# SimpleTuner Ideogram4TextProjection.forward: the mask placed on self.device meets the projection (row 33)
run ideogram_textproj $K:Ideogram4TextProjection forward --factory $K:ideo --call $K:ideo_call --level both
