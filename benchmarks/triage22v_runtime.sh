#!/usr/bin/env bash
# Runtime checks of the issue-22 "v" triage (docs/triage-issue22-v.md) through benchmarks/triage22v_cases.py (tracking
# backend, diffusers' real group-offloading hooks, CPU). Each run's JSON goes to $OUT/<name>.json. Needs the corpora in
# C20 (/tmp/corp20). LINTER: the offload-lint to run, /tmp/wt_v (commit 5019432, the linter this round measures) by
# default, never this worktree's own code (PYTHONSAFEPATH=1 in confirm_case). ONLY=a,b runs those. NICE=10 (shared).
set -u
cd "$(dirname "$0")/.."
. benchmarks/triage_runtime.sh
OUT=${OUT:-/tmp/t22v/runtime}
export C20=${C20:-/tmp/corp20}
LINTER=${LINTER:-/tmp/wt_v}
export CASE_TIMEOUT=${CASE_TIMEOUT:-120}
mkdir -p "$OUT"
K=benchmarks.triage22v_cases
run() { name=$1; shift; PYTHONPATH="$LINTER:$PWD" NICE=10 confirm_case "$name" "$@"; }
# pytorch-ts GaussianDiffusion: sample (rows 5, 19, 27; recall 2) and log_prob (recall 1)
run pts_gd_sample $K:PtsGaussianDiffusion sample --factory $K:pts_gd --call $K:pts_gd_sample --level both
run pts_gd_log_prob $K:PtsGaussianDiffusion log_prob --factory $K:pts_gd --call $K:pts_gd_log_prob --level both
# enhancing-transformers GPT.sample -> Block.sample (row 39)
run enh_gpt_sample $K:EnhGPT sample --factory $K:enh_gpt --call $K:enh_gpt_sample --level both
# sentence-transformers SparseAutoEncoder, training and inference calls (rows 24, 40)
run st_sae_train $K:StSparseAutoEncoder forward --factory $K:st_sae --call $K:st_sae_call --level both
run st_sae_infer $K:StSparseAutoEncoder forward --factory $K:st_sae --call $K:st_sae_call_inference --level both
