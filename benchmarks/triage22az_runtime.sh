#!/usr/bin/env bash
# Runtime checks of the issue-22 "az" triage (docs/triage-issue22-az.md) through benchmarks/triage22az_cases.py (tracking
# backend, diffusers' real group-offloading hooks, CPU). Each run's JSON goes to $OUT/<name>.json. The classes come
# from the corpus copies (/tmp/corp50) through the namespace shims of the cases module. LINTER: /tmp/wt_az, never this
# worktree's own code: the runs start from /tmp with PYTHONSAFEPATH=1 (confirm_case) and PYTHONPATH="$LINTER:<this
# checkout>" (the checkout only for benchmarks.triage22az_cases). NICE=10, CASE_TIMEOUT=180.
set -u
REPO=$(cd "$(dirname "$0")/.." && pwd)
. "$REPO/benchmarks/triage_runtime.sh"
OUT=${OUT:-/tmp/t22az/runtime}
LINTER=${LINTER:-/tmp/wt_az}
mkdir -p "$OUT"
export CASE_TIMEOUT=${CASE_TIMEOUT:-180}
K=benchmarks.triage22az_cases
cd /tmp
run() { name=$1; shift; PYTHONPATH="$LINTER:$REPO" NICE=10 confirm_case "$name" "$@"; }
# hanlp CRF.decode outside forward (rows 18, 47, 51: true leaf)
run hcrf $K:HanlpCRF _viterbi_decode --factory $K:hcrf --call $K:hcrf_call --level both
# ltp CRF.decode outside forward (rows 14, 34: true leaf)
run lcrf $K:LtpCRF _viterbi_decode --factory $K:lcrf --call $K:lcrf_call --level both
# bert4torch resampler MultiheadAttention as the Resampler builds it (rows 6, 48: BB, false)
run mha $K:MultiheadAttention forward --factory $K:mha --call $K:mha_call --level both
# bert4torch AdaptiveEmbedding (row 54) is not run: bert4torch.layers.misc imports bert4torch.snippets, which needs
# torch4keras (not installed); labelled from reading.
