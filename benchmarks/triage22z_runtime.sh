#!/usr/bin/env bash
# Runtime checks of the issue-22 "z" triage (docs/triage-issue22-z.md) through benchmarks/triage22z_cases.py (tracking
# backend, diffusers' real group-offloading hooks, CPU). Each run's JSON goes to $OUT/<name>.json. Needs the corpora in
# C24 (/tmp/corp24). LINTER: the offload-lint to run, /tmp/wt_z (commit 8892b8c, the linter this round measures) by
# default, never this worktree's own code (PYTHONSAFEPATH=1 in confirm_case). ONLY=a,b runs those. NICE=10 (shared
# machine), CASE_TIMEOUT=120.
set -u
cd "$(dirname "$0")/.."
. benchmarks/triage_runtime.sh
OUT=${OUT:-/tmp/t22z/runtime}
export C24=${C24:-/tmp/corp24}
LINTER=${LINTER:-/tmp/wt_z}
mkdir -p "$OUT"
export CASE_TIMEOUT=${CASE_TIMEOUT:-120}
K=benchmarks.triage22z_cases
run() { name=$1; shift; PYTHONPATH="$LINTER:$PWD" NICE=10 confirm_case "$name" "$@"; }
# Diffusion-Policies Diffusion: loss (row 35), sample_t_last (row 39), sample_last_few (rows 47, 3)
run dp_loss $K:DpDiffusion loss --factory $K:dp_diffusion --call $K:dp_loss_call --level both
run dp_t_last $K:DpDiffusion sample_t_last --factory $K:dp_diffusion --call $K:dp_t_last_call --level both
run dp_last_few $K:DpDiffusion sample_last_few --factory $K:dp_diffusion --call $K:dp_last_few_call --level both
# Diffusion-Policies GaussianPolicy.log_prob (rows 29, 37) and VAE.sample (row 4)
run dp_log_prob $K:DpGaussian log_prob --factory $K:dp_gaussian --call $K:dp_log_prob_call --level both
run dp_vae_sample $K:DpVAE sample --factory $K:dp_vae --call $K:dp_vae_sample_call --level both
# ReChorus SetRank MAB: nn.MultiheadAttention out_proj at leaf (row 22)
run rc_mab $K:RcMAB forward --factory $K:rc_mab --call $K:rc_mab_call --level both
# whisper-vits-svc AMPBlock: legacy weight_norm at leaf (row 14)
run wvs_amp $K:WvsAMP forward --factory $K:wvs_amp --call $K:wvs_amp_call --level both
# RVC-WebUI SynthesizerTrnMs256NSFsid_nono.infer at block (row 23; row 5 the NSF twin)
run rvc_nono_infer $K:RvcNono infer --factory $K:rvc_nono --call $K:rvc_nono_call --level both
# NATSpeech InvConvNear: store_inverse then the reverse forward (rows 2, 8, 10); CouplingBlock.start weight_norm (row 12)
run ns_store_inverse $K:NsInvConv store_inverse --factory $K:ns_invconv --call $K:ns_store_inverse_call --level both
run ns_coupling $K:NsCoupling forward --factory $K:ns_coupling --call $K:ns_coupling_call --level both
