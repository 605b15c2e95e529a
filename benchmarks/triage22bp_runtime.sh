#!/usr/bin/env bash
# Runtime checks of the issue-22 "bp" triage (docs/triage-issue22-bp.md) through benchmarks/triage22bp_cases.py (tracking
# backend, diffusers' real group-offloading hooks, CPU). Each run's JSON goes to $OUT/<name>.json. LINTER: /tmp/wt_bp,
# never this worktree's own code (PYTHONSAFEPATH=1 in confirm_case; the checkout only for benchmarks.triage22bp_cases).
set -u
REPO=$(cd "$(dirname "$0")/.." && pwd)
. "$REPO/benchmarks/triage_runtime.sh"
OUT=${OUT:-/tmp/t22bp/runtime}
LINTER=${LINTER:-/tmp/wt_bp}
mkdir -p "$OUT"
export CASE_TIMEOUT=${CASE_TIMEOUT:-240}
K=benchmarks.triage22bp_cases
cd /tmp
run() { name=$1; shift; PYTHONPATH="$LINTER:$REPO" NICE=10 confirm_case "$name" "$@"; }
# basicsr HiFaceGAN SPADEResnetBlock: legacy spectral_norm on conv_0 / conv_1 / conv_s (row 39, recall H2)
run bsr_spade $K:SPADEResnetBlock forward --factory $K:bsr_spade --call $K:bsr_spade_call --level both
# basicsr DFDNet SFTUpBlock: spectral_norm convs in conv1 / scale_block / shift_block (rows 7, 47)
run bsr_sftup $K:SFTUpBlock forward --factory $K:bsr_sftup --call $K:bsr_sftup_call --level both
# basicsr DFDNet MSDilationBlock: spectral_norm conv_fusion (row 46)
run bsr_msdil $K:MSDilationBlock forward --factory $K:bsr_msdil --call $K:bsr_msdil_call --level both
# basicsr ECBSR ECB in eval: forward -> rep_params reads conv3x3.bias and SeqConv3x3's mask / k0 / b0 (rows 27, 31)
run bsr_ecb $K:ECB forward --factory $K:bsr_ecb --call $K:bsr_ecb_call --level both
# groundingdino DeformableTransformerDecoderLayer with ca_text MultiheadAttention (row 2)
run gd_declayer $K:DeformableTransformerDecoderLayer forward --factory $K:gd_declayer --call $K:gd_declayer_call --level both
