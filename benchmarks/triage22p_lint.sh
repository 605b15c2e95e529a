#!/usr/bin/env bash
# Lint the issue-22 "p" triage corpora (docs/triage-issue22-p.md): C14=/tmp/corp14 holds the exports of the mirrors
# named in benchmarks/triage22p/VERSIONS (benchmarks/triage22p/export.sh: .py files, configs under 200 KB, notebooks,
# docs and shell scripts under 2 MB, packaging files, an empty .git), each linted alone; pooled into $OUT/corp14.json
# (benchmarks/triage_lint.sh). SHOW_SUPPRESSED=1 lints again with --show-suppressed into $OUT/supp_<repo>.json.
set -eu
cd "$(dirname "$0")/.."
C14=${C14:-/tmp/corp14}
REPOS=${REPOS:-PyTorch-VAE vdvae ddim glow-pytorch melgan DeepLabV3Plus-Pytorch TD3 pytorch_sac mistral-inference vector-quantize-pytorch CenterNet}
OUT=${OUT:-/tmp/t22p} CORPUS=$C14 POOL=corp14 REPOS=$REPOS benchmarks/triage_lint.sh
if [ "${SHOW_SUPPRESSED:-1}" = 1 ]; then
    LINTER=${LINTER:-$PWD}; OUT=${OUT:-/tmp/t22p}
    for repo in $REPOS; do
        (cd /tmp && PYTHONPATH="$LINTER" python -m offload_lint "$C14/$repo" --no-cache --show-suppressed --output-format json --exit-zero) > "$OUT/supp_$repo.json"
    done
fi
