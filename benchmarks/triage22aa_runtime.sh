#!/usr/bin/env bash
# Runtime checks of the issue-22 "aa" triage (docs/triage-issue22-aa.md) through benchmarks/triage22aa_cases.py (tracking
# backend, diffusers' real group-offloading hooks, CPU). Each run's JSON goes to $OUT/<name>.json. Needs the corpora in
# C25 (/tmp/corp25). LINTER: /tmp/wt_aa (commit ea4c1f6, the linter this round measures) by default, never this
# worktree's own code (PYTHONSAFEPATH=1 in confirm_case). ONLY=a,b runs those. NICE=10, CASE_TIMEOUT=120.
set -u
cd "$(dirname "$0")/.."
. benchmarks/triage_runtime.sh
OUT=${OUT:-/tmp/t22aa/runtime}
export C25=${C25:-/tmp/corp25}
LINTER=${LINTER:-/tmp/wt_aa}
mkdir -p "$OUT"
export CASE_TIMEOUT=${CASE_TIMEOUT:-120}
K=benchmarks.triage22aa_cases
run() { name=$1; shift; PYTHONPATH="$LINTER:$PWD" NICE=10 confirm_case "$name" "$@"; }
# MockingBird HiFi-GAN: legacy weight_norm at leaf (rows 18, 33; 29, 30, 36)
run hg_disc_s $K:HgDiscS forward --factory $K:hg_disc_s --call $K:hg_disc_s_call --level both
run hg_gen $K:HgGen forward --factory $K:hg_gen --call $K:hg_gen_call --level both
# ddrm Model: down/up holders at block (rows 12, 13, 21, 25, 48)
run ddrm_model $K:DdrmModel forward --factory $K:ddrm_model --call $K:ddrm_call --level both
# mvsnerf MVSNeRF.forward_alpha (rows 16, 44, 49)
run mvs_alpha $K:MvsNerf forward_alpha --factory $K:mvs --call $K:mvs_alpha_call --level both
# SGL-Torch _LightGCN._forward_gcn (rows 54, 57)
run sgl_gcn $K:SglGcn _forward_gcn --factory $K:sgl --call $K:sgl_call --level both
# DPS Resizer (row 56)
run dps_resizer $K:DpsResizer forward --factory $K:dps --call $K:dps_call --level both
# MockingBird SpeakerEncoder.loss on CPU embeddings (rows 7, 24)
run mb_speaker_loss $K:MbSpeaker similarity_matrix --factory $K:mb_speaker --call $K:mb_speaker_loss_call --level both
