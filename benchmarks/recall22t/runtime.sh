#!/usr/bin/env bash
# Round t's six blind hazards (benchmarks/triage22t/recall_hazards.md: pretrained-models.pytorch's documented
# model.features(input) / model.logits(features)) run under diffusers' real group-offloading hooks on CPU (tracking
# backend), block and leaf. Needs the round's corpus (benchmarks/triage22t/export.sh, default /tmp/corp18) and a
# torchvision stub when torchvision is not installed (fbresnet.py imports torchvision.models and uses nothing of it).
# LINTER: the offload-lint checkout to run (default: this one).
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
LINTER=${LINTER:-$(cd "$HERE/../.." && pwd)}
CORPUS=${CORPUS:-/tmp/corp18}/pretrained-models.pytorch
STUBS=$(mktemp -d)
trap 'rm -rf "$STUBS"' EXIT
if ! python -c "import torchvision" 2>/dev/null; then
    mkdir "$STUBS/torchvision" && echo "from . import models" > "$STUBS/torchvision/__init__.py"
    : > "$STUBS/torchvision/models.py"
fi
for pair in "fb fbresnet:FBResNet" "caffe cafferesnet:ResNet"; do
    set -- $pair
    for method in features logits; do
        (cd /tmp && PYTHONSAFEPATH=1 PYTHONPATH="$LINTER:$HERE:$STUBS:$CORPUS" python -W ignore -m offload_lint confirm \
            "pretrainedmodels.models.$2" "$method" --factory "cases:$1" --call "cases:$method" --level both \
            --backend tracking --timeout 120) || true
    done
done
