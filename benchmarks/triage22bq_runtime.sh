#!/usr/bin/env bash
# Runtime checks of the issue-22 "bq" triage (docs/triage-issue22-bq.md) through benchmarks/triage22bq_cases.py (tracking
# backend, diffusers' real group-offloading hooks, CPU). Each run's JSON goes to $OUT/<name>.json. LINTER: /tmp/wt_bp,
# never this worktree's own code (PYTHONSAFEPATH=1 in confirm_case; the checkout only for benchmarks.triage22bq_cases;
# /tmp/t22bq/pylib holds einops, installed there only).
set -u
REPO=$(cd "$(dirname "$0")/.." && pwd)
. "$REPO/benchmarks/triage_runtime.sh"
OUT=${OUT:-/tmp/t22bq/runtime}
LINTER=${LINTER:-/tmp/wt_bp}
PYLIB=${PYLIB:-/tmp/t22bq/pylib}
mkdir -p "$OUT"
export CASE_TIMEOUT=${CASE_TIMEOUT:-240}
K=benchmarks.triage22bq_cases
cd /tmp
run() { name=$1; shift; PYTHONPATH="$LINTER:$REPO:$PYLIB" NICE=10 confirm_case "$name" "$@"; }
# miles-credit CrossFormer.forward, spectral norm on (the default): row 54 (block, the `layers` pairs), recall H1 / H2
run mc_crossformer $K:CrossFormer forward --factory $K:crossformer --call $K:crossformer_call --level both
# the same without spectral norm: separates recall H2 (leaf) from the rest
run mc_crossformer_nosn $K:CrossFormer forward --factory $K:crossformer_nosn --call $K:crossformer_call --level both
# miles-credit UnetDiffusion.forward: row 7 (block, `downs` / `ups` lists of ModuleLists), recall H3
run mc_unet $K:UnetDiffusion forward --factory $K:unet --call $K:unet_call --level both
# miles-credit wxformer_next ColumnAttention.forward: nn.MultiheadAttention out_proj (row 20)
run mc_colattn $K:ColumnAttention forward --factory $K:colattn --call $K:colattn_call --level both
# weaver-core ParticleTransformer Attention.forward: in_proj.weight via F._in_projection_packed (row 51)
run weaver_attn $K:ParTAttention forward --factory $K:part_attn --call $K:part_attn_call --level both
