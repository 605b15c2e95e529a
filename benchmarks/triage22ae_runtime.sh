#!/usr/bin/env bash
# Runtime checks of the issue-22 "ae" triage (docs/triage-issue22-ae.md) through benchmarks/triage22ae_cases.py (tracking
# backend, diffusers' real group-offloading hooks, CPU). Each run's JSON goes to $OUT/<name>.json. Needs the corpora in
# C29 (/tmp/corp29). LINTER: /tmp/wt_ae (commit c09cd29, the linter this round measures) by default, never this
# worktree's own code (PYTHONSAFEPATH=1 in confirm_case). ONLY=a,b runs those. NICE=10, CASE_TIMEOUT=120.
set -u
cd "$(dirname "$0")/.."
. benchmarks/triage_runtime.sh
OUT=${OUT:-/tmp/t22ae/runtime}
export C29=${C29:-/tmp/corp29}
LINTER=${LINTER:-/tmp/wt_ae}
mkdir -p "$OUT"
export CASE_TIMEOUT=${CASE_TIMEOUT:-120}
K=benchmarks.triage22ae_cases
run() { name=$1; shift; PYTHONPATH="$LINTER:$PWD" NICE=10 confirm_case "$name" "$@"; }
# Baichuan-Audio HiFT generator, legacy weight_norm (rows 9, 24, 28, 42, 43, 54)
run bau_hift $K:BauHift forward --factory $K:bau_hift --call $K:bau_hift_call --level both
# Cosy24kVocoder.decode, the wrapper the demos hold (row 23)
run bau_vocoder $K:BauVocoder decode --factory $K:bau_vocoder --call $K:bau_vocoder_call --level both
# PreSumm ExtTransformerEncoder (row 49)
run ps_ext $K:PsExt forward --factory $K:ps_ext --call $K:ps_ext_call --level both
# OpenTransformer LMs' predict (rows 41, 13)
run ot_rnnlm $K:OtRnnLm predict --factory $K:ot_rnnlm --call $K:ot_rnnlm_call --level both
run ot_tfmlm $K:OtTfmLm predict --factory $K:ot_tfmlm --call $K:ot_tfmlm_call --level both
# DiffuSeq get_embeds / get_logits (rows 48, 40)
run ds_embeds $K:DsTnm get_embeds --factory $K:ds_tnm --call $K:ds_embeds_call --level both
run ds_logits $K:DsTnm get_logits --factory $K:ds_tnm --call $K:ds_logits_call --level both
# landmark-attention cache storages (mem: rows 1, 12, 20, 22, 34, 35, 46, 47; kv with the baseline GPTBase: 32, 33)
run lm_mem $K:LmGpt forward --factory $K:lm_gpt_mem --call $K:lm_cache_call --level both
run lm_kv $K:LmGptBase forward --factory $K:lm_gpt_kv --call $K:lm_cache_call --level both
