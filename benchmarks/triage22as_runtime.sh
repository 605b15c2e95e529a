#!/usr/bin/env bash
# Runtime checks of the issue-22 "as" triage (docs/triage-issue22-as.md) through benchmarks/triage22as_cases.py (tracking
# backend, diffusers' real group-offloading hooks, CPU). Each run's JSON goes to $OUT/<name>.json. snac and ncps are
# imported from the corpus copies C43/<name> (/tmp/corp43); spandrel and chronos through the namespace shims of the cases
# module (corpus copies too); einops from SITE (/tmp/t22as/site, pip --target --no-deps). LINTER: /tmp/wt_as (the linter
# this round measures), never this worktree's own code: the runs start from /tmp with PYTHONSAFEPATH=1 (confirm_case)
# and PYTHONPATH="$LINTER:$SITE:<corpus copies>:<this checkout>" (the checkout only for benchmarks.triage22as_cases).
# ONLY=a,b runs those. NICE=10, CASE_TIMEOUT=180.
set -u
REPO=$(cd "$(dirname "$0")/.." && pwd)
. "$REPO/benchmarks/triage_runtime.sh"
OUT=${OUT:-/tmp/t22as/runtime}
C43=${C43:-/tmp/corp43}
SITE=${SITE:-/tmp/t22as/site}
LINTER=${LINTER:-/tmp/wt_as}
mkdir -p "$OUT"
export CASE_TIMEOUT=${CASE_TIMEOUT:-180}
K=benchmarks.triage22as_cases
cd /tmp
run() { name=$1; shift; PYTHONPATH="$LINTER:$SITE:$C43/snac:$C43/ncps:$REPO" NICE=10 confirm_case "$name" "$@"; }
# snac README: encode / decode (rows 43, 38; 22, 25, 57, 58, 38)
run snac_encode $K:SNAC encode --factory $K:snac --call $K:snac_encode_call --level both
run snac_decode $K:SNAC decode --factory $K:snac --call $K:snac_decode_call --level both
# ncps CfC with an AutoNCP wiring (row 12)
run cfc $K:CfC forward --factory $K:cfc --call $K:cfc_call --level both
# spandrel architectures as the offload root, model(x) (rows 15, 34, 11, 3 / 36, 51; 53 on the api reading)
run span $K:SPAN forward --factory $K:span --call $K:image_call --level both
# Swin2SR: leaf only (block level cannot be applied: diffusers rebuilds the direct Sequential child `upsample`, an
# nn.Sequential subclass whose __init__ takes (scale, num_feat), and fails)
run swin2sr $K:Swin2SR forward --factory $K:swin2sr --call $K:image_call --level leaf
run uformer_mod $K:Uformer forward --factory $K:uformer_mod --call $K:uformer_call --level both
run ipt $K:IPT forward --factory $K:ipt --call $K:ipt_call --level both
run cidnet $K:CIDNet forward --factory $K:cidnet --call $K:image_call --level both
run cidnet_hvit $K:CIDNet HVIT --factory $K:cidnet --call $K:cidnet_hvit_call --level both
# chronos: Chronos2Model forward (inference, training), encode as Chronos2Pipeline.embed calls it; ChronosBolt encode
# (rows 9, 24, 54; 23, 60; 14)
run chronos2_fwd $K:Chronos2Model forward --factory $K:chronos2 --call $K:chronos2_fwd_call --level both
run chronos2_train $K:Chronos2Model forward --factory $K:chronos2 --call $K:chronos2_train_call --level both
run chronos2_embed $K:Chronos2Model encode --factory $K:chronos2 --call $K:chronos2_embed_call --level both
run bolt_embed $K:ChronosBoltModelForForecasting encode --factory $K:bolt --call $K:bolt_embed_call --level both
# spandrel_extra_arches: DDColor (MultiScaleColorDecoder: rows 19, 31, 37, 52; SingleColorDecoder: 16, 20, 50 and 45's
# encoder) and CodeFormer at leaf level (row 39; row 33's VectorQuantizer.forward not reached)
run ddcolor $K:DDColor forward --factory $K:ddcolor --call $K:image64_call --level both
run ddcolor_single $K:DDColor forward --factory $K:ddcolor_single --call $K:image64_call --level both
CASE_TIMEOUT=560 run codeformer $K:CodeFormer forward --factory $K:codeformer --call $K:image512_call --level leaf
