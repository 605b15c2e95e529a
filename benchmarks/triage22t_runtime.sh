#!/usr/bin/env bash
# Runtime checks of the issue-22 "t" triage (docs/triage-issue22-t.md) through benchmarks/triage22t_cases.py (tracking
# backend, diffusers' real group-offloading hooks, CPU). Each run's JSON goes to $OUT/<name>.json. Needs the corpora in
# C18 (/tmp/corp18). LINTER: the offload-lint to run, /tmp/wt_t (commit 298ffa7, the linter this round measures) by
# default, never this worktree's own code (PYTHONSAFEPATH=1 in confirm_case). ONLY=a,b runs those. NICE=10 (shared).
set -u
cd "$(dirname "$0")/.."
. benchmarks/triage_runtime.sh
OUT=${OUT:-/tmp/t22t/runtime}
export C18=${C18:-/tmp/corp18}
LINTER=${LINTER:-/tmp/wt_t}
export CASE_TIMEOUT=${CASE_TIMEOUT:-120}
mkdir -p "$OUT"
K=benchmarks.triage22t_cases
run() { name=$1; shift; PYTHONPATH="$LINTER:$PWD" NICE=10 confirm_case "$name" "$@"; }
# EasyOCR trainer TPS (rows 2, 28)
run easyocr_tps $K:EasyocrTPS forward --factory $K:easyocr_tps --call $K:easyocr_tps_call --level both
# Music-Source-Separation-Training mdx23c (rows 7, 16, 26)
run msst_mdx23c $K:MsstTFCTDFNet forward --factory $K:msst_mdx23c --call $K:msst_mdx23c_call --level both
