#!/usr/bin/env bash
# Lint the issue-22 "ad" triage corpora (docs/triage-issue22-ad.md): C28=/tmp/corp28 holds the exports of the mirrors
# named in benchmarks/triage22ad/VERSIONS (benchmarks/triage22ad/export.sh), each linted alone; pooled into
# $OUT/corp28.json (as benchmarks/triage_lint.sh pools). SHOW_SUPPRESSED=1 lints again with --show-suppressed into
# $OUT/supp_<repo>.json. LINTER defaults to /tmp/wt_ac, the frozen copy of commit a1d1c1d this round measures.
set -eu
cd "$(dirname "$0")/.."
C28=${C28:-/tmp/corp28}
REPOS=${REPOS:-YOLOv6 VL-T5 e4e DragGAN m2-transformer grit VL-BERT DiffusionCLIP DDNM NExT-GPT StyleCLIP VSRN SimSwap interfacegan}
LINTER=${LINTER:-/tmp/wt_ac}; OUT=${OUT:-/tmp/t22ad}; POOL=corp28
OUT=$OUT CORPUS=$C28 POOL=$POOL REPOS=$REPOS LINTER=$LINTER benchmarks/triage_lint.sh
if [ "${SHOW_SUPPRESSED:-1}" = 1 ]; then
    for repo in $REPOS; do
        (cd /tmp && PYTHONPATH="$LINTER" python -m offload_lint "$C28/$repo" --no-cache --show-suppressed --output-format json --exit-zero) > "$OUT/supp_$repo.json"
    done
fi
