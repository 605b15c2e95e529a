#!/usr/bin/env bash
# Runtime checks of the issue-22 "ao" triage (docs/triage-issue22-ao.md) through benchmarks/triage22ao_cases.py (tracking
# backend, diffusers' real group-offloading hooks, CPU). Each run's JSON goes to $OUT/<name>.json. Needs the corpora in
# C39 (/tmp/corp39). LINTER: /tmp/wt_ao (commit b5074c0, the linter this round measures), never this worktree's own
# code (PYTHONSAFEPATH=1 in confirm_case). ONLY=a,b runs those. NICE=10, CASE_TIMEOUT=120.
set -u
cd "$(dirname "$0")/.."
. benchmarks/triage_runtime.sh
OUT=${OUT:-/tmp/t22ao/runtime}
export C39=${C39:-/tmp/corp39}
LINTER=${LINTER:-/tmp/wt_ao}
mkdir -p "$OUT"
export CASE_TIMEOUT=${CASE_TIMEOUT:-120}
K=benchmarks.triage22ao_cases
run() { name=$1; shift; PYTHONPATH="$LINTER:$PWD" NICE=10 confirm_case "$name" "$@"; }
# legacy weight_norm HiFi-GAN generators: fairseq (rows 1, 2, 37), seamless (rows 28, 47)
run fs_hifigan $K:FairseqHifiGenerator forward --factory $K:fs_hifigan --call $K:hifigan_call --level leaf
run seamless_hifigan $K:SeamlessHifiGenerator forward --factory $K:seamless_hifigan --call $K:hifigan_call --level leaf
# coqui-TTS FreeVC WavLM MultiheadAttention (rows 5, 45)
run wavlm_mha $K:WavLMMultiheadAttention forward --factory $K:wavlm_mha --call $K:wavlm_mha_call --level leaf
# coqui-TTS UnivNet SpecDiscriminator with TorchSTFT.__call__ (rows 34, 43)
run spec_disc $K:SpecDiscriminator forward --factory $K:spec_disc --call $K:spec_disc_call --level leaf
# coqui-TTS MultibandMelganGenerator pqmf_analysis after forward (row 19)
run mb_melgan $K:MultibandMelganGenerator pqmf_analysis --factory $K:mb_melgan --call $K:mb_melgan_call --level block
# coqui-TTS InvConvNear after store_inverse at load time (row 29, labelled AL)
run inv_conv $K:InvConvNear forward --factory $K:inv_conv --call $K:inv_conv_call --level both
# fairseq AttnHeadSelector.head_select (row 53)
run head_select $K:AttnHeadSelector head_select --factory $K:head_selector --call $K:head_select_call --level leaf
# fairseq gslm STFT.transform + inverse (row 50, STFT the root)
run gslm_stft $K:GslmSTFT inverse --factory $K:gslm_stft --call $K:gslm_stft_call --level leaf
