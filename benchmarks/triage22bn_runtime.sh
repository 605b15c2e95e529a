#!/usr/bin/env bash
# Runtime checks of the issue-22 "bn" triage (docs/triage-issue22-bn.md) through benchmarks/triage22bn_cases.py (tracking
# backend, diffusers' real group-offloading hooks, CPU). Each run's JSON goes to $OUT/<name>.json. LINTER: /tmp/wt_bn,
# never this worktree's own code (PYTHONSAFEPATH=1 in confirm_case; the checkout only for benchmarks.triage22bn_cases).
set -u
REPO=$(cd "$(dirname "$0")/.." && pwd)
. "$REPO/benchmarks/triage_runtime.sh"
OUT=${OUT:-/tmp/t22bn/runtime}
LINTER=${LINTER:-/tmp/wt_bn}
mkdir -p "$OUT"
export CASE_TIMEOUT=${CASE_TIMEOUT:-240}
K=benchmarks.triage22bn_cases
cd /tmp
run() { name=$1; shift; PYTHONPATH="$LINTER:$REPO" NICE=10 confirm_case "$name" "$@"; }
# deepke BiLSTM_CRF.loss_fn outside forward (row 44, OFL102 block)
run dk_bilstm_loss $K:BiLSTM_CRF loss_fn --factory $K:bilstm --call $K:bilstm_loss_call --level both
# mmselfsup NormEMAVectorQuantizer.forward: embedding.weight before EmbeddingEMA.forward (row 18, leaf)
run mmss_vq $K:NormEMAVectorQuantizer forward --factory $K:vq --call $K:vq_call --level both
# mmselfsup CLIP ResidualAttentionBlock: MultiheadAttention out_proj (row 22, leaf)
run mmss_rab $K:MmssResidualAttentionBlock forward --factory $K:mmss_rab --call $K:seq_call --level both
# chinese-clip AttentionPool2d: q/k/v/c_proj weights to F.multi_head_attention_forward (rows 24 / 32 / 41, leaf)
run cn_pool $K:AttentionPool2d forward --factory $K:cn_pool --call $K:cn_pool_call --level both
# chinese-clip ResidualAttentionBlock: MultiheadAttention out_proj (row 45, leaf)
run cn_rab $K:CnResidualAttentionBlock forward --factory $K:cn_rab --call $K:seq_call --level both
# AH shape (rows 8 / 16 / 17 / 28) on the repro: the user-held Tracker's test forward vs the block judged as root
run ah_tracker $K:ReproTracker forward --factory $K:repro_tracker --call $K:repro_tracker_test_call --level both
run ah_block $K:ReproBlock forward_test --factory $K:repro_block --call $K:repro_block_test_call --level both
