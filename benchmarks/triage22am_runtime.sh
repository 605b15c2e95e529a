#!/usr/bin/env bash
# Runtime checks of the issue-22 "am" triage (docs/triage-issue22-am.md) through benchmarks/triage22am_cases.py
# (tracking backend, diffusers' real group-offloading hooks, CPU). Each run's JSON goes to $OUT/<name>.json. Needs the
# corpora in C37 (/tmp/corp37). LINTER: /tmp/wt_am (commit bb2aec9, the linter this round measures), never this
# worktree's own code (PYTHONSAFEPATH=1 in confirm_case). ONLY=a,b runs those. NICE=10, CASE_TIMEOUT=120.
set -u
cd "$(dirname "$0")/.."
. benchmarks/triage_runtime.sh
OUT=${OUT:-/tmp/t22am/runtime}
export C37=${C37:-/tmp/corp37}
LINTER=${LINTER:-/tmp/wt_am}
mkdir -p "$OUT"
export CASE_TIMEOUT=${CASE_TIMEOUT:-120}
K=benchmarks.triage22am_cases
run() { name=$1; shift; PYTHONPATH="$LINTER:$PWD" NICE=10 confirm_case "$name" "$@"; }
# esm ESM-1b (rows 12, 15, 17: q/k/v_proj weights through the fast path)
run esm1b $K:ProteinBertModel forward --factory $K:esm1b_small --call $K:esm1b_call --level leaf
# kornia RT-DETR (row 31 AIFI self_attn; also the blind recall's R1, rtdetr_head.py decoder self_attn)
run rtdetr $K:RTDETR forward --factory $K:rtdetr_small --call $K:rtdetr_call --level leaf
# kornia SigLip2VisionModel (row 10 pooling head attention)
run siglip2 $K:SigLip2VisionModel forward --factory $K:siglip2_small --call $K:siglip2_call --level leaf
# kornia sam3 MaskDecoder (row 22 cross_attn)
run sam3_maskdec $K:MaskDecoder forward --factory $K:sam3_maskdec --call $K:sam3_maskdec_call --level leaf
# kornia ALIKED: forward_laf at block (row 3), forward at leaf (row 5: regular_conv.bias is None)
run aliked_laf $K:ALIKED forward_laf --factory $K:aliked_small --call $K:aliked_laf_call --level block
run aliked_leaf $K:ALIKED forward --factory $K:aliked_small --call $K:aliked_call --level leaf
# kornia ImageRegistrator.register (row 8, labelled LC: the mechanical check)
run registrator $K:ImageRegistrator register --factory $K:registrator --call $K:registrator_call --level both
# torchtune FusionEmbedding (row 25), FluxAutoencoder.decode (row 11)
run fusion_embed $K:FusionEmbedding forward --factory $K:fusion_embedding --call $K:fusion_embedding_call --level leaf
run flux_decode $K:FluxAutoencoder decode --factory $K:flux_ae --call $K:flux_decode_call --level block
