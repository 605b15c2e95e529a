#!/usr/bin/env bash
# Lint the issue-22 "q" triage corpora (docs/triage-issue22-q.md): C15=/tmp/corp15 holds the exports of the mirrors
# named in benchmarks/triage22q/VERSIONS (benchmarks/triage22q/export.sh: .py files, configs under 200 KB, notebooks,
# docs and shell scripts under 2 MB, packaging files, an empty .git), each linted alone; pooled into $OUT/corp15.json
# (benchmarks/triage_lint.sh). SHOW_SUPPRESSED=1 lints again with --show-suppressed into $OUT/supp_<repo>.json.
set -eu
cd "$(dirname "$0")/.."
C15=${C15:-/tmp/corp15}
REPOS=${REPOS:-PyTorch-GAN Pytorch-UNet pytorch-retinanet segmentation_models.pytorch EfficientNet-PyTorch ffjord pytorch-ddpm open-unmix-pytorch pytorch-dc-tts DeepRL attention-is-all-you-need-pytorch transformer-xl}
OUT=${OUT:-/tmp/t22q} CORPUS=$C15 POOL=corp15 REPOS=$REPOS benchmarks/triage_lint.sh
if [ "${SHOW_SUPPRESSED:-1}" = 1 ]; then
    LINTER=${LINTER:-$PWD}; OUT=${OUT:-/tmp/t22q}
    for repo in $REPOS; do
        (cd /tmp && PYTHONPATH="$LINTER" python -m offload_lint "$C15/$repo" --no-cache --show-suppressed --output-format json --exit-zero) > "$OUT/supp_$repo.json"
    done
fi
