#!/usr/bin/env bash
# Runtime checks of the issue-22 "ad" triage (docs/triage-issue22-ad.md) through benchmarks/triage22ad_cases.py (tracking
# backend, diffusers' real group-offloading hooks, CPU). Each run's JSON goes to $OUT/<name>.json. Needs the corpora in
# C28 (/tmp/corp28). LINTER: /tmp/wt_ac (commit a1d1c1d, the linter this round measures) by default, never this
# worktree's own code (PYTHONSAFEPATH=1 in confirm_case). ONLY=a,b runs those. NICE=10, CASE_TIMEOUT=120.
set -u
cd "$(dirname "$0")/.."
. benchmarks/triage_runtime.sh
OUT=${OUT:-/tmp/t22ad/runtime}
export C28=${C28:-/tmp/corp28}
LINTER=${LINTER:-/tmp/wt_ac}
mkdir -p "$OUT"
export CASE_TIMEOUT=${CASE_TIMEOUT:-120}
K=benchmarks.triage22ad_cases
run() { name=$1; shift; PYTHONPATH="$LINTER:$PWD" NICE=10 confirm_case "$name" "$@"; }
# DDNM / DiffusionCLIP ddim-style Model: holders of down/up (rows 7, 22, 23, 33, 50 / 15, 21, 29, 32, 34)
run ddnm_model $K:DdnmModel forward --factory $K:ddnm_model --call $K:ddnm_call --level both
run dclip_ddpm $K:DclipDdpm forward --factory $K:dclip_ddpm --call $K:dclip_call --level both
# nn.Transformer in NExT-GPT's projectors (rows 52, 3)
run nx_tfmproj $K:NxTfmProj forward --factory $K:nx_tfmproj --call $K:nx_tfmproj_call --level both
run lg_textfc $K:LgTextFc forward --factory $K:lg_textfc --call $K:lg_textfc_call --level both
# ImageBind pos-embedding helper without forward (rows 4, 53)
run lg_rgbdt $K:LgRgbdt forward --factory $K:lg_rgbdt --call $K:lg_rgbdt_call --level both
# m2-transformer Transformer.step (rows 5, 56)
run m2_step $K:M2Transformer step --factory $K:m2_transformer --call $K:m2_step_call --level both
# interfacegan synthesize (rows 47, 48)
run ifg_synth $K:IfgStyleGan synthesis --factory $K:ifg_stylegan --call $K:ifg_synth_call --level both
# SimSwap spectral_norm helper (row 60)
run ss_down $K:SsDownBlock forward --factory $K:ss_downblock --call $K:ss_downblock_call --level both
