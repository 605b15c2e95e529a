#!/usr/bin/env bash
# Runtime check of docs/triage-issue22-h-fixes-recall.md's new findings that a tiny CPU build can run, through
# benchmarks/recall22h_cases.py (tracking backend: diffusers' group offloading on a virtual compute device). Needs
# the corpus in C2 (/tmp/corp2). Each run's JSON goes to $OUT/<name>.json. LINTER: the checkout to run.
set -u
cd "$(dirname "$0")/.."
OUT=${OUT:-/tmp/r22h/runtime}
C2=${C2:-/tmp/corp2}
LINTER=${LINTER:-$PWD}
mkdir -p "$OUT"
# dinov2's DinoVisionTransformer through get_intermediate_layers (dinov2/eval/utils.py's ModelWithIntermediateLayers)
PYTHONPATH="$LINTER:$PWD:$C2/dinov2" timeout 600 python -m offload_lint confirm \
    dinov2.models.vision_transformer:DinoVisionTransformer get_intermediate_layers \
    --factory benchmarks.recall22h_cases:dino_vit --call benchmarks.recall22h_cases:dino_intermediate --level both \
    --timeout 180 --backend tracking --output-format json > "$OUT/dino_intermediate.json" 2> "$OUT/dino_intermediate.err"
