#!/usr/bin/env bash
# Runtime checks of the issue-22 "ac" triage (docs/triage-issue22-ac.md) through benchmarks/triage22ac_cases.py (tracking
# backend, diffusers' real group-offloading hooks, CPU). Each run's JSON goes to $OUT/<name>.json. Needs the corpora in
# C27 (/tmp/corp27). LINTER: /tmp/wt_ac (commit a1d1c1d, the linter this round measures) by default, never this
# worktree's own code (PYTHONSAFEPATH=1 in confirm_case). ONLY=a,b runs those. NICE=10, CASE_TIMEOUT=120.
set -u
cd "$(dirname "$0")/.."
. benchmarks/triage_runtime.sh
OUT=${OUT:-/tmp/t22ac/runtime}
export C27=${C27:-/tmp/corp27}
LINTER=${LINTER:-/tmp/wt_ac}
mkdir -p "$OUT"
export CASE_TIMEOUT=${CASE_TIMEOUT:-120}
K=benchmarks.triage22ac_cases
run() { name=$1; shift; PYTHONPATH="$LINTER:$PWD" NICE=10 confirm_case "$name" "$@"; }
# VQMIVC Encoder.encode (rows 5, 12)
run vqmivc_encode $K:VqmivcEncoder encode --factory $K:vqmivc_encoder --call $K:vqmivc_encode_call --level both
# HiFi-Codec Quantizer_module.forward (row 21)
run hc_quant $K:HcQuantModule forward --factory $K:hc_quant_module --call $K:hc_quant_module_call --level both
# legacy weight_norm at leaf (rows 3, 27; 2; 10)
run hs_wn $K:HsWN forward --factory $K:hs_wn --call $K:hs_wn_call --level both
run vis_resblock3 $K:VisResBlock3 forward --factory $K:vis_resblock3 --call $K:vis_resblock3_call --level both
run ds_resnet $K:DsResnetBlock forward --factory $K:ds_resnet_block --call $K:ds_resnet_block_call --level both
# specvqgan VectorQuantizer.forward (row 56)
run spec_vq $K:SpecVQ forward --factory $K:spec_vq --call $K:spec_vq_call --level both
# ParallelWaveGAN PQMF.synthesis (rows 19, 51, 55)
run pwg_pqmf $K:PwgPqmf synthesis --factory $K:pwg_pqmf --call $K:pwg_pqmf_call --level both
# TPSMM InpaintingNetwork.get_encode (row 37)
run tps_encode $K:TpsInpainting get_encode --factory $K:tps_inpainting --call $K:tps_get_encode_call --level both
# Diffsound DiffusionTransformer.sample (rows 60, 4; 11): filter_ratio 0, then 0.5 with content tokens
run ds_sample $K:DsDiffusionTransformer sample --factory $K:ds_diffusion_transformer --call $K:ds_sample_call --level both
run ds_sample_content $K:DsDiffusionTransformer sample --factory $K:ds_diffusion_transformer --call $K:ds_sample_content_call --level both
