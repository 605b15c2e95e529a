#!/usr/bin/env bash
# Runtime checks of the issue-22 "bh" triage (docs/triage-issue22-bh.md) through benchmarks/triage22bh_cases.py (tracking
# backend, diffusers' real group-offloading hooks, CPU). Each run's JSON goes to $OUT/<name>.json. LINTER: /tmp/wt_bh,
# never this worktree's own code (PYTHONSAFEPATH=1 in confirm_case; the checkout only for benchmarks.triage22bh_cases).
set -u
REPO=$(cd "$(dirname "$0")/.." && pwd)
. "$REPO/benchmarks/triage_runtime.sh"
OUT=${OUT:-/tmp/t22bh/runtime}
LINTER=${LINTER:-/tmp/wt_bh}
mkdir -p "$OUT"
export CASE_TIMEOUT=${CASE_TIMEOUT:-240}
K=benchmarks.triage22bh_cases
cd /tmp
run() { name=$1; shift; PYTHONPATH="$LINTER:$REPO" NICE=10 confirm_case "$name" "$@"; }
# torchtext RoBERTa TransformerEncoder: nn.TransformerEncoder's MHA out_proj (row 26 OFL204), leaf level
run tt_encoder $K:TransformerEncoder forward --factory $K:tt_encoder --call $K:tt_encoder_call --level both
# pyiqa CLIP AttentionPool2d: Linear weights passed to F.multi_head_attention_forward (rows 16, 42, 45, 55 OFL103)
run attnpool $K:AttentionPool2d forward --factory $K:attnpool --call $K:attnpool_call --level both
# pyiqa TOPIQ encoder / decoder layers: MHA out_proj (rows 11 / 7, 9 OFL204)
run topiq_enc $K:TopiqEncoderLayer forward --factory $K:topiq_enc --call $K:topiq_enc_call --level both
run topiq_dec $K:TopiqDecoderLayer forward --factory $K:topiq_dec --call $K:topiq_dec_call --level both
# mmaction2 UMT Attention: F.linear with self.qkv.weight (row 18 OFL103)
run umt_attn $K:UmtAttention forward --factory $K:umt_attn --call $K:umt_attn_call --level both
# mmagic BigGANConditionBN, sn_style='torch': legacy spectral_norm pre-hook (row 5 OFL204)
run biggan_cbn $K:BigGANConditionBN forward --factory $K:biggan_cbn --call $K:biggan_cbn_call --level both
# mmaction2 DRN FPN: slices of the ModuleLists (rows 53, 60 OFL203, label F), block level
run drn_fpn $K:FPN forward --factory $K:drn_fpn --call $K:drn_fpn_call --level both
