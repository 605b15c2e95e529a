#!/usr/bin/env bash
# Runtime checks of the issue-22 "ag" triage (docs/triage-issue22-ag.md) through benchmarks/triage22ag_cases.py (tracking
# backend, diffusers' real group-offloading hooks, CPU). Each run's JSON goes to $OUT/<name>.json. Needs the corpora in
# C31 (/tmp/corp31) and einops in EINOPS (/tmp/af_einops, round af's --target install). LINTER: /tmp/wt_ag (commit
# ccb55bc, the linter this round measures), never this worktree's own code (PYTHONSAFEPATH=1 in confirm_case).
# ONLY=a,b runs those. NICE=10, CASE_TIMEOUT=120.
set -u
cd "$(dirname "$0")/.."
. benchmarks/triage_runtime.sh
OUT=${OUT:-/tmp/t22ag/runtime}
export C31=${C31:-/tmp/corp31}
LINTER=${LINTER:-/tmp/wt_ag}
EINOPS=${EINOPS:-/tmp/af_einops}
mkdir -p "$OUT"
export CASE_TIMEOUT=${CASE_TIMEOUT:-120}
K=benchmarks.triage22ag_cases
run() { name=$1; shift; PYTHONPATH="$LINTER:$PWD:$EINOPS" NICE=10 confirm_case "$name" "$@"; }
# StyleDrop taming VQModel.decode_code (rows 11, 24)
run sd_vq $K:SdVq decode_code --factory $K:sd_vq --call $K:sd_vq_call --level both
# PVDM DDPM.sample, ddim path (rows 21, 32)
run pvdm_sample $K:PvdmDdpm sample --factory $K:pvdm_ddpm --call $K:pvdm_sample_call --level both
