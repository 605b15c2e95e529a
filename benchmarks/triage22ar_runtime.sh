#!/usr/bin/env bash
# Runtime checks of the issue-22 "ar" triage (docs/triage-issue22-ar.md) through benchmarks/triage22ar_cases.py (tracking
# backend, diffusers' real group-offloading hooks, CPU). Each run's JSON goes to $OUT/<name>.json. normflows, zuko and
# perceiver-pytorch (and, for the recall checks, two files of neuraloperator through a namespace shim) are imported from
# the corpus copies C42/<name> (/tmp/corp42); einops, tensorly, tensorly-torch and opt_einsum from SITE (/tmp/t22ar/site,
# pip --target --no-deps). LINTER: /tmp/wt_ar (the linter this round measures), never this worktree's own code: the runs
# start from /tmp with PYTHONSAFEPATH=1 (confirm_case) and PYTHONPATH="$LINTER:$SITE:<corpus copies>:<this checkout>"
# (the checkout only for benchmarks.triage22ar_cases). ONLY=a,b runs those. NICE=10, CASE_TIMEOUT=120.
set -u
REPO=$(cd "$(dirname "$0")/.." && pwd)
. "$REPO/benchmarks/triage_runtime.sh"
OUT=${OUT:-/tmp/t22ar/runtime}
C42=${C42:-/tmp/corp42}
SITE=${SITE:-/tmp/t22ar/site}
LINTER=${LINTER:-/tmp/wt_ar}
mkdir -p "$OUT"
export CASE_TIMEOUT=${CASE_TIMEOUT:-120}
K=benchmarks.triage22ar_cases
cd /tmp
run() { name=$1; shift; PYTHONPATH="$LINTER:$SITE:$C42/normflows:$C42/zuko:$C42/perceiver-pytorch:$REPO" NICE=10 confirm_case "$name" "$@"; }
# normflows NormalizingFlow.forward_kld on device data (rows 22; 6, 37; 23; 19; 2 block)
run nf_diag_kld normflows.core:NormalizingFlow forward_kld --factory $K:nf_diag --call $K:kld_call --level both
run nf_pca_kld normflows.core:NormalizingFlow forward_kld --factory $K:nf_pca --call $K:kld_call --level both
run nf_invaff_kld normflows.core:NormalizingFlow forward_kld --factory $K:nf_invaff --call $K:kld_call --level both
run nf_reverse_kld normflows.core:NormalizingFlow forward_kld --factory $K:nf_reverse --call $K:kld_call --level both
run nf_circ_kld normflows.core:NormalizingFlow forward_kld --factory $K:nf_circ --call $K:kld_call --level both
# row 2 leaf: sampling through the circular coupled spline (wrapper.forward -> prqct.inverse -> the CDF's inverse)
run nf_circ_sample normflows.core:NormalizingFlow sample --factory $K:nf_circ --call $K:sample_call --level both
# normflows MultiscaleFlow (rows 46, 55; 21)
run msf_fwd normflows.core:MultiscaleFlow forward_and_log_det --factory $K:msf --call $K:msf_fwd_call --level both
run msf_sample normflows.core:MultiscaleFlow sample --factory $K:msf --call $K:msf_sample_call --level both
run msf_glowbase_kld normflows.core:MultiscaleFlow forward_kld --factory $K:msf_glowbase --call $K:msf_glow_kld_call --level both
# normflows targets: the notebooks' `target.sample(n).to(device)` (rows 29, 33, 34, 53)
run two_moons_sample normflows.distributions.target:TwoMoons sample --factory $K:two_moons --call $K:target_sample_call --level both
run ring_sample normflows.distributions.target:RingMixture sample --factory $K:ring_mixture --call $K:target_sample_call --level both
# zuko BayesianModel (rows 38, 54), local trick: around a bare MLP (leaf only: block level cannot be applied, diffusers
# slices the direct Sequential child, which zuko's MLP cannot rebuild) and around a MAF flow (both)
run bayes_local zuko.bayesian:BayesianModel reparameterize --factory $K:bayes_mlp --call $K:bayes_local_call --level leaf
run bayes_maf_local zuko.bayesian:BayesianModel reparameterize --factory $K:bayes_maf --call $K:bayes_maf_local_call --level both
# perceiver-pytorch forward (rows 7, 49; 27; 17 on the api reading)
run perceiver perceiver_pytorch.perceiver_pytorch:Perceiver forward --factory $K:perceiver --call $K:perceiver_call --level both
run perceiver_experimental perceiver_pytorch.experimental:Perceiver forward --factory $K:perceiver_experimental --call $K:perceiver_call --level both
run perceiver_gated perceiver_pytorch.gated:Perceiver forward --factory $K:perceiver_gated --call $K:perceiver_call --level both
# recall (blind hazards 1-8, no finding): neuraloperator's legacy SpectralConv as the offload root, forward on a device x
run legacy_conv $K:LegacySpectralConv forward --factory $K:legacy_conv --call $K:conv2d_call --level both
run legacy_conv1d $K:LegacySpectralConv1d forward --factory $K:legacy_conv1d --call $K:conv1d_call --level both
run legacy_conv2d $K:LegacySpectralConv2d forward --factory $K:legacy_conv2d --call $K:conv2d_call --level both
run legacy_conv3d $K:LegacySpectralConv3d forward --factory $K:legacy_conv3d --call $K:conv3d_call --level both
# aside (not counted): the current SpectralConv (spectral_convolution.py:362), FNO's default conv_module
run current_conv $K:CurrentSpectralConv forward --factory $K:current_conv --call $K:conv2d_call --level both
