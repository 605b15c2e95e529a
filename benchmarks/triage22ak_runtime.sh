#!/usr/bin/env bash
# Runtime checks of the issue-22 "ak" triage (docs/triage-issue22-ak.md): offload-lint confirm on the confirmer's
# tiny-config builds of the drawn rows' classes (tracking backend, diffusers' real group-offloading hooks, CPU), the
# method the finding names and generate() through benchmarks/triage22ak_cases.py. transformers 5.24.0 (the linted
# corpus) comes from TF524 (/tmp/pkgs/tf524, the unpacked wheel) on PYTHONPATH ahead of the installed 5.25.
# LINTER: /tmp/wt_ak (commit f3a1a20), never this worktree's own code (PYTHONSAFEPATH=1 in confirm_case).
# ONLY=a,b runs those. NICE=10, CASE_TIMEOUT=100 (each run < 120 s).
set -u
cd "$(dirname "$0")/.."
. benchmarks/triage_runtime.sh
OUT=${OUT:-/tmp/t22ak/runtime}
LINTER=${LINTER:-/tmp/wt_ak}
TF524=${TF524:-/tmp/pkgs/tf524}
mkdir -p "$OUT"
export CASE_TIMEOUT=${CASE_TIMEOUT:-100}
K=benchmarks.triage22ak_cases
run() { name=$1; shift; PYTHONPATH="$LINTER:$TF524:$PWD" NICE=10 confirm_case "$name" "$@"; }
Q=transformers.models.qianfan_ocr.modeling_qianfan_ocr
# row 1: QianfanOCRForConditionalGeneration.get_image_features; row 2: QianfanOCRModel.get_image_features, and generate()
run qianfan_gif_cg $Q:QianfanOCRForConditionalGeneration get_image_features --level both
run qianfan_gif_model $Q:QianfanOCRModel get_image_features --level both
run qianfan_generate $Q:QianfanOCRForConditionalGeneration generate --call $K:qianfan_generate_call --level both
# row 3: ParakeetForRNNT.get_audio_features (the generated twin of the modular row) and generate()
P=transformers.models.parakeet.modeling_parakeet
run parakeet_gaf $P:ParakeetForRNNT get_audio_features --level both
run parakeet_generate $P:ParakeetForRNNT generate --call $K:parakeet_generate_call --level both
# row 4: FuyuModel.get_image_features, and FuyuForCausalLM.generate()
FU=transformers.models.fuyu.modeling_fuyu
run fuyu_gif $FU:FuyuModel get_image_features --level both
run fuyu_generate $FU:FuyuForCausalLM generate --call $K:fuyu_generate_call --level both
