#!/usr/bin/env bash
# Runtime checks of the issue-22 "bd" triage (docs/triage-issue22-bd.md) through benchmarks/triage22bd_cases.py (tracking
# backend, diffusers' real group-offloading hooks, CPU). Each run's JSON goes to $OUT/<name>.json. anomalib, uform and
# LyCORIS modules are imported from the corpus copies (/tmp/corp54) through namespace packages. LINTER: /tmp/wt_bd (the
# linter this round measures), never this worktree's own code: the runs start from /tmp with PYTHONSAFEPATH=1
# (confirm_case) and PYTHONPATH="$LINTER:<this checkout>" (the checkout only for benchmarks.triage22bd_cases).
# ONLY=a,b runs those. NICE=10, CASE_TIMEOUT=180.
set -u
REPO=$(cd "$(dirname "$0")/.." && pwd)
. "$REPO/benchmarks/triage_runtime.sh"
OUT=${OUT:-/tmp/t22bd/runtime}
LINTER=${LINTER:-/tmp/wt_bd}
mkdir -p "$OUT"
export CASE_TIMEOUT=${CASE_TIMEOUT:-180}
K=benchmarks.triage22bd_cases
cd /tmp
run() { name=$1; shift; PYTHONPATH="$LINTER:$REPO" NICE=10 confirm_case "$name" "$@"; }
# anomalib: DSR's VectorQuantizer (row 4), DFM's SingleClassGaussian.score_samples (row 30), AI-VAD's
# GroupedKNNEstimator.predict (rows 34, 27), GaussianMixture.score_samples (row 55), AI-VAD CLIP's attention block (row 60)
run dsr_vq $K:VectorQuantizer forward --factory $K:dsr_vq --call $K:dsr_vq_call --level both
run dfm_score $K:SingleClassGaussian score_samples --factory $K:dfm_gauss --call $K:dfm_score --level both
run knn_predict $K:GroupedKNNEstimator predict --factory $K:knn --call $K:knn_predict --level both
run gmm_score $K:GaussianMixture score_samples --factory $K:gmm --call $K:gmm_score --level both
run aivad_clip_block $K:ResidualAttentionBlock forward --factory $K:clip_block --call $K:clip_block_call --level both
# uform-gen's ImageFeaturesPooler (row 29)
run uform_pooler $K:ImageFeaturesPooler forward --factory $K:uform_pooler --call $K:uform_pooler_call --level both
# LyCORIS: the user's base model offloaded, LoKr attached by create_lycoris / apply_to, forward then merge_to (OW rows)
run lokr_merge $K:Base forward --factory $K:lokr_base --call $K:lokr_merge --level both
