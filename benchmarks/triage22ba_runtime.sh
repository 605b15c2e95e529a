#!/usr/bin/env bash
# Runtime checks of the issue-22 "ba" triage (docs/triage-issue22-ba.md) through benchmarks/triage22ba_cases.py (tracking
# backend, diffusers' real group-offloading hooks, CPU). Each run's JSON goes to $OUT/<name>.json. bindsnet, pomegranate
# and spikingjelly are imported from the corpus copies (/tmp/corp51). LINTER: /tmp/wt_az (the linter this round
# measures), never this worktree's own code: the runs start from /tmp with PYTHONSAFEPATH=1 (confirm_case) and
# PYTHONPATH="$LINTER:<this checkout>" (the checkout only for benchmarks.triage22ba_cases). ONLY=a,b runs those.
# NICE=10, CASE_TIMEOUT=180.
set -u
REPO=$(cd "$(dirname "$0")/.." && pwd)
. "$REPO/benchmarks/triage_runtime.sh"
OUT=${OUT:-/tmp/t22ba/runtime}
LINTER=${LINTER:-/tmp/wt_az}
mkdir -p "$OUT"
export CASE_TIMEOUT=${CASE_TIMEOUT:-180}
K=benchmarks.triage22ba_cases
cd /tmp
run() { name=$1; shift; PYTHONPATH="$LINTER:$REPO" NICE=10 confirm_case "$name" "$@"; }
# bindsnet Network.run with a Conv1dConnection (row 44) / LocalConnection1D (row 1); recall H1
run bind_conv1d $K:Network run --factory $K:bind_conv1d --call $K:bind_run --level both
run bind_local1d $K:Network run --factory $K:bind_local1d --call $K:bind_run --level both
# pomegranate: fitted KMeans.predict / summarize (rows 60, 47, 49; 13 at kmeans.py:198), Normal / Exponential summarize (rows 18; 22, 15)
run kmeans_predict $K:KMeans predict --factory $K:kmeans_fitted --call $K:kmeans_predict --level both
run kmeans_summarize $K:KMeans summarize --factory $K:kmeans_fitted --call $K:kmeans_summarize --level both
run normal_summarize $K:Normal summarize --factory $K:normal_fitted --call $K:summarize_call --level both
run exponential_summarize $K:Exponential summarize --factory $K:exponential_fitted --call $K:summarize_call --level both
# spikingjelly: MPBNLIFNode (row 17); SlidingPSN alone (rows 19 / 24: BE) and inside memopt's GCContainer (C)
run mpbn_node $K:MPBNLIFNode forward --factory $K:mpbn_node --call $K:step_call --level both
run sliding_psn $K:SlidingPSN forward --factory $K:sliding_psn --call $K:seq_call --level both
run sliding_psn_gc $K:GCContainer forward --factory $K:sliding_psn_gc --call $K:seq_call --level both
# pomegranate: SparseHMM's own forward (row 55, P), BayesianNetwork.predict_proba (row 28), GMM summarize / fit (52, 34)
run hmm_forward $K:SparseHMM forward --factory $K:sparse_hmm --call $K:hmm_forward_call --level both
run bn_predict_proba $K:BayesianNetwork predict_proba --factory $K:bayes_net --call $K:bn_predict_proba --level both
run gmm_summarize $K:GeneralMixtureModel summarize --factory $K:gmm_fitted --call $K:gmm_summarize --level both
run gmm_fit $K:GeneralMixtureModel fit --factory $K:gmm_unfitted --call $K:gmm_fit --level both
