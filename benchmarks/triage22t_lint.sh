#!/usr/bin/env bash
# Lint the issue-22 "t" triage corpora (docs/triage-issue22-t.md): C18=/tmp/corp18 holds the exports of the mirrors
# named in benchmarks/triage22t/VERSIONS (benchmarks/triage22t/export.sh), each linted alone; pooled into
# $OUT/corp18.json (as benchmarks/triage_lint.sh pools). SHOW_SUPPRESSED=1 lints again with --show-suppressed into
# $OUT/supp_<repo>.json. LINTER defaults to /tmp/wt_t, the frozen copy of commit 298ffa7 this round measures.
set -eu
cd "$(dirname "$0")/.."
C18=${C18:-/tmp/corp18}
REPOS=${REPOS:-Music-Source-Separation-Training schnetpack torchmd-net EasyOCR pykan SegmenTron pytorch-semseg pretrained-models.pytorch neuralforecast chemprop pytorch-forecasting torchani}
LINTER=${LINTER:-/tmp/wt_t}; OUT=${OUT:-/tmp/t22t}; POOL=corp18
OUT=$OUT CORPUS=$C18 POOL=$POOL REPOS=$REPOS LINTER=$LINTER benchmarks/triage_lint.sh
if [ "${SHOW_SUPPRESSED:-1}" = 1 ]; then
    for repo in $REPOS; do
        (cd /tmp && PYTHONPATH="$LINTER" python -m offload_lint "$C18/$repo" --no-cache --show-suppressed --output-format json --exit-zero) > "$OUT/supp_$repo.json"
    done
fi
