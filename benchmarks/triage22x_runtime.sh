#!/usr/bin/env bash
# Runtime checks of the issue-22 "x" triage (docs/triage-issue22-x.md) through benchmarks/triage22x_cases.py (tracking
# backend, diffusers' real group-offloading hooks, CPU). Each run's JSON goes to $OUT/<name>.json. Needs the corpora in
# C22 (/tmp/corp22). LINTER: the offload-lint to run, /tmp/wt_x (commit f28788b, the linter this round measures) by
# default, never this worktree's own code (PYTHONSAFEPATH=1 in confirm_case). STUBS: a folder holding a stub
# omegaconf.py (Make-An-Audio's vocoder module imports OmegaConf for VocoderBigVGAN; not installed, not used here).
# ONLY=a,b runs those. NICE=10 (shared machine).
set -u
cd "$(dirname "$0")/.."
. benchmarks/triage_runtime.sh
OUT=${OUT:-/tmp/t22x/runtime}
export C22=${C22:-/tmp/corp22}
LINTER=${LINTER:-/tmp/wt_x}
STUBS=${STUBS:-/tmp/t22x/stubs}
mkdir -p "$OUT" "$STUBS"
[ -f "$STUBS/omegaconf.py" ] || printf 'class OmegaConf:\n    pass\n' > "$STUBS/omegaconf.py"
export CASE_TIMEOUT=${CASE_TIMEOUT:-120}
K=benchmarks.triage22x_cases
run() { name=$1; shift; PYTHONPATH="$LINTER:$PWD:$STUBS" NICE=10 confirm_case "$name" "$@"; }
# Make-An-Audio BigVGAN: ups[i][i] at block (row 41), legacy weight_norm at leaf (recall hazards 3-11)
run maa_bigvgan $K:MaaBigVGAN forward --factory $K:maa_bigvgan --call $K:maa_bigvgan_call --level both
# DynamiCrafter Resampler: `for attn, ff in self.layers` at block (row 29)
run dc_resampler $K:DcResampler forward --factory $K:dc_resampler --call $K:dc_resampler_call --level both
# RecBole KD_DAGFM teacher CrossNet ParameterLists at leaf (rows 19, 30)
run rb_crossnet $K:RbKDRoot forward --factory $K:rb_crossnet --call $K:rb_kd_call --level both
# RecBole KD_DAGFM student DAGFM (no forward) own parameter connect_layer at leaf (row 57)
run rb_dagfm $K:RbKDRoot forward --factory $K:rb_dagfm --call $K:rb_kd_call --level both
# FuxiCTR GDCN GateCorssLayer ParameterList b at leaf (row 45)
run fx_gdcn $K:FxGateCorssLayer forward --factory $K:fx_gdcn --call $K:fx_gdcn_call --level both
# LatentSync SyncNetEval.evaluate -> __S__.forward_lip / forward_aud at block (recall hazard 1)
run ls_syncnet $K:LsSyncNetEval evaluate --factory $K:ls_syncnet --call $K:ls_syncnet_call --level both
# Amphion dualcodec LLM.inference: prompt placed with self.llm.device, then llm.generate (row 58)
run am_llm $K:AmLLM inference --factory $K:am_llm --call $K:am_llm_call --level both
run am_llama $K:AmLlamaRoot generate --factory $K:am_llama --call $K:am_llama_call --level both
# 1d-tokenizer maskgit VectorQuantizer.get_code -> compute_distances reads embedding.weight (row 16)
run tk_vq $K:TkVectorQuantizer get_code --factory $K:tk_vq --call $K:tk_vq_call --level both
