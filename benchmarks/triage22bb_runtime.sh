#!/usr/bin/env bash
# Runtime checks of the issue-22 "bb" triage (docs/triage-issue22-bb.md) through benchmarks/triage22bb_cases.py (tracking
# backend, diffusers' real group-offloading hooks, CPU). Each run's JSON goes to $OUT/<name>.json. torch-fidelity,
# trankit, outetts and hqq are imported from the corpus copies (/tmp/corp52). LINTER: /tmp/wt_bb (the linter this
# round measures), never this worktree's own code: the runs start from /tmp with PYTHONSAFEPATH=1 (confirm_case) and
# PYTHONPATH="$LINTER:<this checkout>" (the checkout only for benchmarks.triage22bb_cases). ONLY=a,b runs those.
# NICE=10, CASE_TIMEOUT=180.
set -u
REPO=$(cd "$(dirname "$0")/.." && pwd)
. "$REPO/benchmarks/triage_runtime.sh"
OUT=${OUT:-/tmp/t22bb/runtime}
LINTER=${LINTER:-/tmp/wt_bb}
mkdir -p "$OUT"
export CASE_TIMEOUT=${CASE_TIMEOUT:-180}
K=benchmarks.triage22bb_cases
cd /tmp
run() { name=$1; shift; PYTHONPATH="$LINTER:$REPO" NICE=10 confirm_case "$name" "$@"; }
# torch-fidelity's CLIP AttentionPool2d.forward (rows 1, 5, 7, 16: OFL103, leaf)
run clip_attnpool $K:AttentionPool2d forward --factory $K:attnpool --call $K:attnpool_call --level both
# trankit Seq2SeqModel.predict_greedy / predict (rows 2, 48, 50; 21, 55: block)
run trankit_greedy $K:Seq2SeqModel predict_greedy --factory $K:seq2seq --call $K:greedy_call --level both
run trankit_beam $K:Seq2SeqModel predict --factory $K:seq2seq --call $K:beam_call --level both
# outetts NormConv1d with the legacy weight_norm under a holder (row 43: OFL204, leaf)
run outetts_normconv $K:ConvHolder forward --factory $K:conv_holder --call $K:conv_call --level both
# hqq HQQLinear under a holder: forward is the rebound backend method (rows 15, 25, 36: BM)
run hqq_linear $K:HQQHolder forward --factory $K:hqq_holder --call $K:hqq_call --level both
