#!/usr/bin/env bash
# Lint the issue-22 "w" triage corpora (docs/triage-issue22-w.md): C21=/tmp/corp21 holds the exports of the mirrors
# named in benchmarks/triage22w/VERSIONS (benchmarks/triage22w/export.sh), each linted alone; pooled into
# $OUT/corp21.json (as benchmarks/triage_lint.sh pools). SHOW_SUPPRESSED=1 lints again with --show-suppressed into
# $OUT/supp_<repo>.json. LINTER defaults to /tmp/wt_w, the frozen copy of commit e3743f6 this round measures.
set -eu
cd "$(dirname "$0")/.."
C21=${C21:-/tmp/corp21}
REPOS=${REPOS:-pytorch_geometric torchdyn FastDiff EmotiVoice darts DIG giraffe s3prl diffusion VGen Open-Sora-Plan occupancy_networks}
LINTER=${LINTER:-/tmp/wt_w}; OUT=${OUT:-/tmp/t22w}; POOL=corp21
OUT=$OUT CORPUS=$C21 POOL=$POOL REPOS=$REPOS LINTER=$LINTER benchmarks/triage_lint.sh
if [ "${SHOW_SUPPRESSED:-1}" = 1 ]; then
    for repo in $REPOS; do
        (cd /tmp && PYTHONPATH="$LINTER" python -m offload_lint "$C21/$repo" --no-cache --show-suppressed --output-format json --exit-zero) > "$OUT/supp_$repo.json"
    done
fi
