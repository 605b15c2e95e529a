#!/usr/bin/env bash
# Runtime checks of the issue-22 "bi" triage (docs/triage-issue22-bi.md) through benchmarks/triage22bi_cases.py (tracking
# backend, diffusers' real group-offloading hooks, CPU). Each run's JSON goes to $OUT/<name>.json. LINTER: /tmp/wt_bh,
# never this worktree's own code (PYTHONSAFEPATH=1 in confirm_case; the checkout only for benchmarks.triage22bi_cases).
set -u
REPO=$(cd "$(dirname "$0")/.." && pwd)
. "$REPO/benchmarks/triage_runtime.sh"
OUT=${OUT:-/tmp/t22bi/runtime}
LINTER=${LINTER:-/tmp/wt_bh}
mkdir -p "$OUT"
export CASE_TIMEOUT=${CASE_TIMEOUT:-240}
K=benchmarks.triage22bi_cases
cd /tmp
run() { name=$1; shift; PYTHONPATH="$LINTER:$REPO" NICE=10 confirm_case "$name" "$@"; }
# torchrec CrossNet.forward: ParameterList kernels / biases (row 43 OFL104; rows 9 / 12 / 39 the same mechanism)
run torchrec_crossnet $K:CrossNet forward --factory $K:crossnet --call $K:crossnet_call --level both
# torchrl NoisyLinear in a user's MLP: weight / bias properties in the inherited nn.Linear.forward (rows 3 / 10 / 19, BE)
run torchrl_noisy $K:_NoisyMLP forward --factory $K:noisy --call $K:noisy_call --level both
# gluonts TFT TemporalFusionDecoder.forward: nn.MultiheadAttention's out_proj weight read, never called (row 32 OFL204)
run gluonts_tft $K:TemporalFusionDecoder forward --factory $K:tft --call $K:tft_call --level both
# gluonts nursery GaussianDiffusion.sample: schedule buffers of a module with no forward (rows 2 / 49 / 53)
run gluonts_diffusion $K:GaussianDiffusion sample --factory $K:diffusion --call $K:diffusion_call --level both
