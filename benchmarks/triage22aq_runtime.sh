#!/usr/bin/env bash
# Runtime checks of the issue-22 "aq" triage (docs/triage-issue22-aq.md) through benchmarks/triage22aq_cases.py (tracking
# backend, diffusers' real group-offloading hooks, CPU). Each run's JSON goes to $OUT/<name>.json. pyro is imported from
# the corpus copy C41/pyro (/tmp/corp41/pyro) with opt_einsum / pyro-api from SITE (/tmp/t22aq/site, pip --target).
# LINTER: /tmp/wt_aq (the linter this round measures), never this worktree's own code: the runs start from /tmp with
# PYTHONSAFEPATH=1 (confirm_case) and PYTHONPATH="$LINTER:$SITE:$C41/pyro:<this checkout>" (the checkout only for
# benchmarks.triage22aq_cases). ONLY=a,b runs those. NICE=10, CASE_TIMEOUT=120.
set -u
REPO=$(cd "$(dirname "$0")/.." && pwd)
. "$REPO/benchmarks/triage_runtime.sh"
OUT=${OUT:-/tmp/t22aq/runtime}
C41=${C41:-/tmp/corp41}
SITE=${SITE:-/tmp/t22aq/site}
LINTER=${LINTER:-/tmp/wt_aq}
mkdir -p "$OUT"
export CASE_TIMEOUT=${CASE_TIMEOUT:-120}
K=benchmarks.triage22aq_cases
cd /tmp
run() { name=$1; shift; PYTHONPATH="$LINTER:$SITE:$C41/pyro:$REPO" NICE=10 confirm_case "$name" "$@"; }
# pyro flows, `transform(x)` on a device input (rows 3, 5, 11, 19, 24, 27, 29, 33, 37, 42, 44, 46; 15 block)
run radial $K:Radial _call --factory $K:radial --call $K:flow_call --level both
run planar $K:Planar _call --factory $K:planar --call $K:flow_call --level both
run sylvester $K:Sylvester _call --factory $K:sylvester --call $K:flow_call --level both
run batchnorm $K:BatchNorm _call --factory $K:batchnorm --call $K:flow_call --level both
run gcp $K:GeneralizedChannelPermute _call --factory $K:gcp --call $K:gcp_call --level both
run matexp $K:MatrixExponential _call --factory $K:matexp --call $K:flow_call --level both
run polynomial $K:Polynomial _call --factory $K:poly --call $K:flow_call --level both
run spline_ar $K:SplineAutoregressive _call --factory $K:spline_ar --call $K:flow_call --level both
run affine_ar $K:AffineAutoregressive _call --factory $K:affine_ar --call $K:flow_call --level both
# pyro.contrib.timeseries (rows 1, 4, 22, 23, 31, 32)
run lgssm_forecast $K:GenericLGSSM forecast --factory $K:lgssm --call $K:forecast_call --level both
run lgssmgp_forecast $K:GenericLGSSMWithGPNoiseModel forecast --factory $K:lgssmgp --call $K:forecast_call --level both
run dmgp_logprob $K:DependentMaternGP log_prob --factory $K:dmgp --call $K:logprob_call --level both
# pyro.contrib.tracking EKFState.predict (rows 9, 26, 59; 54)
run ncv_cont_predict $K:NcvContinuous process_noise_cov --factory $K:ncv_cont --call $K:ekf_predict_call --level both
run ncv_disc_predict $K:NcvDiscrete process_noise_cov --factory $K:ncv_disc --call $K:ekf_predict_call --level both
# pyro.contrib.gp sparse models, model() through Trace_ELBO (rows 28, 35)
run sgpr_model $K:SparseGPRegression model --factory $K:sgpr --call $K:gp_loss_call --level both
run vsgp_model $K:VariationalSparseGP model --factory $K:vsgp --call $K:gp_loss_call --level both
# row 9 (Y): the same predict with only :384-:385's placement fixed, :392's 0-dim sa2 product as written
run ncv_cont_qfixed $K:NcvContinuousQFixed process_noise_cov --factory $K:ncv_cont_qfixed --call $K:ekf_predict_call --level both
# row 56 (AB, api reading): pyro oed LinearModelPosteriorGuide.forward (ParameterDicts)
run lm_guide $K:LinearModelPosteriorGuide forward --factory $K:lm_guide --call $K:lm_guide_call --level leaf
