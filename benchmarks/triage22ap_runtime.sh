#!/usr/bin/env bash
# Runtime checks of the issue-22 "ap" triage (docs/triage-issue22-ap.md) through benchmarks/triage22ap_cases.py (tracking
# backend, diffusers' real group-offloading hooks, CPU). Each run's JSON goes to $OUT/<name>.json. Needs the corpora in
# C40 (/tmp/corp40). LINTER: /tmp/wt_ap (the linter this round measures), never this worktree's own code: the runs
# start from /tmp with PYTHONSAFEPATH=1 (confirm_case) and PYTHONPATH="$LINTER:<this checkout>" (the checkout only for
# benchmarks.triage22ap_cases). ONLY=a,b runs those. NICE=10, CASE_TIMEOUT=120.
set -u
REPO=$(cd "$(dirname "$0")/.." && pwd)
. "$REPO/benchmarks/triage_runtime.sh"
OUT=${OUT:-/tmp/t22ap/runtime}
export C40=${C40:-/tmp/corp40}
LINTER=${LINTER:-/tmp/wt_ap}
mkdir -p "$OUT"
export CASE_TIMEOUT=${CASE_TIMEOUT:-120}
K=benchmarks.triage22ap_cases
cd /tmp
run() { name=$1; shift; PYTHONPATH="$LINTER:$REPO" NICE=10 confirm_case "$name" "$@"; }
# CompressAI EntropyBottleneck forward: matrices / biases / factors in nn.ParameterList children (leaf)
run eb_leaf $K:EntropyBottleneck forward --factory $K:eb --call $K:eb_call --level leaf
# CompressAI ScaleHyperprior.compress after update(): entropy_bottleneck / gaussian_conditional (block)
run sh_compress $K:ScaleHyperprior compress --factory $K:sh --call $K:sh_compress_call --level block
# NeuralCompression VQBottleneck forward: codebooks in an nn.ParameterList (leaf)
run nc_vq $K:VQBottleneck forward --factory $K:nc_vq --call $K:nc_vq_call --level leaf
# pythae VQ-VAE Quantizer forward: embeddings.weight without the Embedding's call (leaf)
run py_quant $K:PythaeQuantizer forward --factory $K:py_quant --call $K:py_quant_call --level leaf
# stanza coref SpanPredictor: predict (leaf) and get_training_data + the evaluation's comparison (both)
run sp_predict $K:SpanPredictor predict --factory $K:span_predictor --call $K:sp_predict_call --level leaf
run sp_training $K:SpanPredictor get_training_data --factory $K:span_predictor --call $K:sp_training_call --level both
# stanza coref WordEncoder.forward (leaf), AnaphoricityScorer.forward with singletons (leaf)
run word_encoder $K:WordEncoder forward --factory $K:word_encoder --call $K:we_call --level leaf
run anaph $K:AnaphoricityScorer forward --factory $K:anaph --call $K:anaph_call --level leaf
# stanza constituency TransformerTreeStack.initial_state, then push_states (leaf)
run tts_initial $K:TransformerTreeStack initial_state --factory $K:tts --call $K:tts_call --level leaf
run tts_push $K:TransformerTreeStack push_states --factory $K:tts --call $K:tts_push_call --level leaf
# stanza MWT Seq2SeqModel.predict on a batch placed with next(model.parameters()).device (block: expected refuted, P)
run mwt_predict $K:Seq2SeqModel predict --factory $K:mwt_s2s --call $K:mwt_predict_call --level both
