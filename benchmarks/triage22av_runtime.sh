#!/usr/bin/env bash
# Runtime checks of the issue-22 "av" triage (docs/triage-issue22-av.md) through benchmarks/triage22av_cases.py (tracking
# backend, diffusers' real group-offloading hooks, CPU). Each run's JSON goes to $OUT/<name>.json. super-gradients,
# audio-separator, InvokeAI, fastNLP and ColBERT's baleen are imported from the corpus copies (/tmp/corp46) through the
# namespace shims of the cases module; einops from SITE (/tmp/t22av/site, pip --target --no-deps). LINTER: /tmp/wt_av
# (the linter this round measures), never this worktree's own code: the runs start from /tmp with PYTHONSAFEPATH=1
# (confirm_case) and PYTHONPATH="$LINTER:$SITE:<this checkout>" (the checkout only for benchmarks.triage22av_cases).
# ONLY=a,b runs those. NICE=10, CASE_TIMEOUT=180.
set -u
REPO=$(cd "$(dirname "$0")/.." && pwd)
. "$REPO/benchmarks/triage_runtime.sh"
OUT=${OUT:-/tmp/t22av/runtime}
SITE=${SITE:-/tmp/t22av/site}
LINTER=${LINTER:-/tmp/wt_av}
mkdir -p "$OUT"
[ -d "$SITE/einops" ] || pip install --no-deps --target "$SITE" einops >/dev/null
export CASE_TIMEOUT=${CASE_TIMEOUT:-180}
K=benchmarks.triage22av_cases
cd /tmp
run() { name=$1; shift; PYTHONPATH="$LINTER:$SITE:$REPO" NICE=10 confirm_case "$name" "$@"; }
# super-gradients re-parameterisation: all operands the block's own tensors (rows 23, 38, 55: P)
run repvgg $K:RepVGGBlock _get_equivalent_kernel_bias --factory $K:repvgg_block --call $K:repvgg_fuse_call --level both
run qarepvgg $K:QARepVGGBlock _get_equivalent_kernel_bias_for_branches --factory $K:qarepvgg_block --call $K:qarepvgg_fuse_call --level both
# audio-separator: Demucs v4 cross transformer (MultiheadAttention out_proj: rows 40, 43, 56); MDXC TFC_TDF_net's
# bare-Module holders in ModuleLists (rows 42, 51, 54)
run demucs_cross $K:CrossTransformerEncoder forward --factory $K:demucs_cross --call $K:demucs_cross_call --level both
run mdxc $K:TFC_TDF_net forward --factory $K:mdxc_net --call $K:mdxc_call --level both
# InvokeAI: IP-Adapter Plus Resampler's ModuleList of ModuleLists (row 46); HED's __call__ instead of forward (35, 47)
run resampler $K:Resampler forward --factory $K:resampler --call $K:resampler_call --level both
run hed $K:ControlNetHED_Apache2 __call__ --factory $K:hed --call $K:hed_call --level both
# fastNLP CRF.viterbi_decode outside forward (row 48; the CRF as root)
run fastnlp_crf $K:ConditionalRandomField viterbi_decode --factory $K:fastnlp_crf --call $K:fastnlp_viterbi_call --level both
# ColBERT / Baleen ElectraReader: self.device placement in _mask_2d_index (row 41)
run electra_reader $K:ElectraReader forward --factory $K:electra_reader --call $K:electra_reader_call --level both
# InvokeAI XLabs IP-Adapter for FLUX driven by its extension (rows 58, 59, 60; the forward-less model as root)
run xlabs_ip $K:XlabsIpAdapterFlux forward --factory $K:xlabs_ip_adapter --call $K:xlabs_extension_call --level both
# xfuser CachedTransformerBlocks: the None-registered CacheContext buffers filled with activations (rows 19, 20: P)
run xfuser_cache $K:PlainCachedBlocks process_blocks --factory $K:xfuser_cached_blocks --call $K:xfuser_cached_call --level both
# fla AttnRes stand-in root (GLAModel's attnres tail with fla's torch reference naive_attnres; the C rows' shape)
run fla_attnres $K:AttnResLike forward --factory $K:attnres_like --call $K:attnres_call --level both
