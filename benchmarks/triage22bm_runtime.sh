#!/usr/bin/env bash
# Runtime checks of the issue-22 "bm" triage (docs/triage-issue22-bm.md) through benchmarks/triage22bm_cases.py (tracking
# backend, diffusers' real group-offloading hooks, CPU). Each run's JSON goes to $OUT/<name>.json. LINTER: /tmp/wt_bl,
# never this worktree's own code (PYTHONSAFEPATH=1 in confirm_case; the checkout only for benchmarks.triage22bm_cases).
set -u
REPO=$(cd "$(dirname "$0")/.." && pwd)
. "$REPO/benchmarks/triage_runtime.sh"
OUT=${OUT:-/tmp/t22bm/runtime}
LINTER=${LINTER:-/tmp/wt_bl}
mkdir -p "$OUT"
export CASE_TIMEOUT=${CASE_TIMEOUT:-240}
K=benchmarks.triage22bm_cases
cd /tmp
run() { name=$1; shift; PYTHONPATH="$LINTER:$REPO" NICE=10 confirm_case "$name" "$@"; }
# torchsde Unet.forward: inner ModuleLists called element by element (rows 30 / 40 / 44 / 48, OFL203 block)
run tsde_unet $K:Unet forward --factory $K:unet --call $K:unet_call --level both
# torchsde LatentSDE.sample outside forward (rows 2 / 13 pz0_mean, 3 projector)
run tsde_lorenz_sample $K:LatentSDE sample --factory $K:lorenz --call $K:lorenz_sample_call --level both
# chroma BackboneRMSD.align -> CrossRMSD.pairedRMSD's R_to_F (row 5, recall H1)
run chroma_bb_align $K:BackboneRMSD align --factory $K:bb_rmsd --call $K:bb_align_call --level both
# graph-weather aurora MultiheadAttention out_proj (row 55, recall H2)
run gw_selfattn $K:SelfAttentionLayer forward --factory $K:gw_attn --call $K:gw_attn_call --level both
run gw_aurora $K:AuroraModel forward --factory $K:gw_aurora --call $K:gw_aurora_call --level both
# MONAI GenerativeModels EMAQuantizer.forward: embedding.weight read without calling the Embedding (row 56)
run gm_emaq $K:EMAQuantizer forward --factory $K:emaq --call $K:emaq_call --level both
