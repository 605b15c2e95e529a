#!/usr/bin/env bash
# Lint the issue-22 "q" triage corpora (docs/triage-issue22-q.md): C15=/tmp/corp15 holds the exports of the mirrors
# named in benchmarks/triage22q/VERSIONS (benchmarks/triage22q/export.sh: .py files, configs under 200 KB, notebooks,
# docs and shell scripts under 2 MB, packaging files, an empty .git), each linted alone; pooled into $OUT/corp15.json
# (as benchmarks/triage_lint.sh pools). SHOW_SUPPRESSED=1 lints again with --show-suppressed into $OUT/supp_<repo>.json.
# LINTER defaults to /tmp/wt_q, the frozen copy of commit c1a74ea (a development branch ahead of main) this round
# measures (no git checkout: its commit is in $LINTER/COMMIT, which benchmarks/triage_lint.sh reads).
# REPOS: the twelve of VERSIONS, then the three of VERSIONS_added that the draw notes' addendum (B.) added in order
# until the pool held >= 60 (Informer2020, vae_vampprior, normalizing_flows).
set -eu
cd "$(dirname "$0")/.."
C15=${C15:-/tmp/corp15}
REPOS=${REPOS:-PyTorch-GAN Pytorch-UNet pytorch-retinanet segmentation_models.pytorch EfficientNet-PyTorch ffjord pytorch-ddpm open-unmix-pytorch pytorch-dc-tts DeepRL attention-is-all-you-need-pytorch transformer-xl Informer2020 vae_vampprior normalizing_flows}
LINTER=${LINTER:-/tmp/wt_q}; OUT=${OUT:-/tmp/t22q}; POOL=corp15
OUT=$OUT CORPUS=$C15 POOL=$POOL REPOS=$REPOS LINTER=$LINTER benchmarks/triage_lint.sh
if [ "${SHOW_SUPPRESSED:-1}" = 1 ]; then
    for repo in $REPOS; do
        (cd /tmp && PYTHONPATH="$LINTER" python -m offload_lint "$C15/$repo" --no-cache --show-suppressed --output-format json --exit-zero) > "$OUT/supp_$repo.json"
    done
fi
