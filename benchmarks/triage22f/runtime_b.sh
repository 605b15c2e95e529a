#!/usr/bin/env bash
# Runtime checks of fixtures/core/placed_values_moved_by_hooks.py and plugins_returned_weights.py (docs/triage-issue22-f-fixes-b.md): diffusers'
# apply_group_offloading at block and leaf on CPU (tracking backend). Prints each verdict.
set -u
cd "$(dirname "$0")/../.."
export PYTHONPATH="$PWD:$PWD/fixtures/core"
K=benchmarks.triage22f.placed_cases
run() { echo "### $1.$2"; timeout 300 python -m offload_lint confirm "$3:$1" "$2" --factory "$K:$4" --call "$K:$5" \
          --level both --backend tracking --timeout 120 2>&1 | tail -3; }
run FourierNumberEmbedder forward placed_values_moved_by_hooks fourier_embedder embed_floats
run ResidualNumberEmbedder forward placed_values_moved_by_hooks residual_embedder embed_floats
run MarkerEncoder get_text_embeddings placed_values_moved_by_hooks marker_encoder encode_ids
run MarkerMixer get_text_embeddings placed_values_moved_by_hooks marker_mixer encode_ids
run LowRankDelta delta_weight plugins_returned_weights low_rank_delta merge_moved
run LowRankDelta merged_delta plugins_returned_weights low_rank_delta merge_raw
run LazyPalette to_rgb plugins_returned_weights lazy_palette palette_rgb
run EagerPalette to_rgb plugins_returned_weights eager_palette palette_rgb
