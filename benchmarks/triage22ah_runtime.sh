#!/usr/bin/env bash
# Runtime checks of the issue-22 "ah" triage (docs/triage-issue22-ah.md) through benchmarks/triage22ah_cases.py (tracking
# backend, diffusers' real group-offloading hooks, CPU). Each run's JSON goes to $OUT/<name>.json. Needs the corpora in
# C32 (/tmp/corp32). LINTER: /tmp/wt_ag (commit ccb55bc, the linter this round measures) by default, never this
# worktree's own code (PYTHONSAFEPATH=1 in confirm_case). ONLY=a,b runs those. NICE=10, CASE_TIMEOUT=120.
# EINOPS: a folder holding einops (not installed here), on PYTHONPATH for the IMS-Toucan and Spark-TTS runs only.
set -u
cd "$(dirname "$0")/.."
. benchmarks/triage_runtime.sh
OUT=${OUT:-/tmp/t22ah/runtime}
export C32=${C32:-/tmp/corp32}
LINTER=${LINTER:-/tmp/wt_ag}
EINOPS=${EINOPS:-/tmp/af_einops}
mkdir -p "$OUT"
export CASE_TIMEOUT=${CASE_TIMEOUT:-120}
K=benchmarks.triage22ah_cases
run() { name=$1; shift; PYTHONPATH="$LINTER:$PWD" NICE=10 confirm_case "$name" "$@"; }
run_e() { name=$1; shift; PYTHONPATH="$LINTER:$PWD:$EINOPS" NICE=10 confirm_case "$name" "$@"; }
# IMS-Toucan EnCodec.encode (rows 11, 44, 50) / .decode (rows 15, 26, 32, 51)
run_e encodec_enc $K:EnCodec encode --factory $K:encodec --call $K:encodec_encode_call --level both
run_e encodec_dec $K:EnCodec decode --factory $K:encodec --call $K:encodec_decode_call --level both
# llmc LlmcWanTransformerBlock.forward (rows 35, 38, 52, 53)
run llmc_wan $K:LlmcWanBlock forward --factory $K:llmc_wan_block --call $K:llmc_wan_call --level both
# Spark-TTS FactorizedVectorQuantize.tokenize (row 4)
run_e spark_fvq $K:SparkFVQ tokenize --factory $K:spark_fvq --call $K:spark_tokenize_call --level both
# Spec-Bench eagle/cnets.py LlamaMLP.forward with the tree's pretraining_tp 1 (rows 5, 37: BB) and, as contrast, 2
run spec_mlp_tp1 $K:SpecMLP forward --factory $K:spec_mlp_tp1 --call $K:spec_mlp_call --level both
run spec_mlp_tp2 $K:SpecMLP forward --factory $K:spec_mlp_tp2 --call $K:spec_mlp_call --level both
