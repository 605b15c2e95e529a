#!/usr/bin/env bash
# Runtime checks of the issue-22 "ay" triage (docs/triage-issue22-ay.md) through benchmarks/triage22ay_cases.py (tracking
# backend, diffusers' real group-offloading hooks, CPU). Each run's JSON goes to $OUT/<name>.json. deepod and rlpyt are
# imported from the corpus copies (/tmp/corp49) through the namespace shims of the cases module. LINTER: /tmp/wt_ax
# (the linter this round measures), never this worktree's own code: the runs start from /tmp with PYTHONSAFEPATH=1
# (confirm_case) and PYTHONPATH="$LINTER:<this checkout>" (the checkout only for benchmarks.triage22ay_cases).
# ONLY=a,b runs those. NICE=10, CASE_TIMEOUT=180.
set -u
REPO=$(cd "$(dirname "$0")/.." && pwd)
. "$REPO/benchmarks/triage_runtime.sh"
OUT=${OUT:-/tmp/t22ay/runtime}
LINTER=${LINTER:-/tmp/wt_ax}
mkdir -p "$OUT"
export CASE_TIMEOUT=${CASE_TIMEOUT:-180}
K=benchmarks.triage22ay_cases
cd /tmp
run() { name=$1; shift; PYTHONPATH="$LINTER:$REPO" NICE=10 confirm_case "$name" "$@"; }
# deepod TCN residual blocks with the legacy weight_norm (rows 35, 48; 21)
run tcn_block $K:TcnResidualBlock forward --factory $K:tcn_block --call $K:c3_call --level both
run tcn_block_transpose $K:TcnResidualBlockTranspose forward --factory $K:tcn_block_transpose --call $K:c4_call --level both
# deepod transformer layers (rows 53, 43) and TranAD's decoder layer (row 51), each the root, called as torch 1.12's
# TransformerEncoder / Decoder call them (DeepOD pins torch<1.13.1; torch 2.13 passes is_causal=, a TypeError regardless)
run deepod_ln_encoder $K:TransformerEncoderLayer forward --factory $K:deepod_ln_encoder --call $K:seq_first_call --level both
run deepod_bn_encoder $K:TransformerBatchNormEncoderLayer forward --factory $K:deepod_bn_encoder --call $K:seq_first_call --level both
run tranad_decoder $K:TranADDecoderLayer forward --factory $K:tranad_decoder --call $K:tgt_mem_call --level both
# deepod USAD.testing on the fitted UsadModel (rows 49, 55)
run usad_testing $K:UsadModel forward --factory $K:usad_model --call $K:usad_testing_call --level both
# rlpyt CppoModel (default normalize_observation=True; rows 5, 25) and MujocoFfModel with it on (row 56, C)
run cppo_model $K:CppoModel forward --factory $K:cppo_model --call $K:rl_call --level both
run mujoco_ff_norm $K:MujocoFfModel forward --factory $K:mujoco_ff_normalized --call $K:rl_call --level both
