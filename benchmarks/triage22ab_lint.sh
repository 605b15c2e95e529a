#!/usr/bin/env bash
# Lint the issue-22 "ab" triage corpora (docs/triage-issue22-z.md): C26=/tmp/corp26 holds the exports of the mirrors
# named in benchmarks/triage22ab/VERSIONS (benchmarks/triage22ab/export.sh), each linted alone; pooled into
# $OUT/corp26.json (as benchmarks/triage_lint.sh pools). SHOW_SUPPRESSED=1 lints again with --show-suppressed into
# $OUT/supp_<repo>.json. LINTER defaults to /tmp/wt_ab, the frozen copy of commit e3fbd5b this round measures.
set -eu
cd "$(dirname "$0")/.."
C22=${C26:-/tmp/corp26}
REPOS=${REPOS:-HRNet-pose LWPose DPRNN FullSubNet dgcnn-pt pointMLP svg Crossformer Pyraformer DCRNN PyTorch-RL ban-vqa UNITER IMDN DiffPIR LPTN point-transformer ClipBERT}
LINTER=${LINTER:-/tmp/wt_ab}; OUT=${OUT:-/tmp/t22ab}; POOL=corp26
OUT=$OUT CORPUS=$C22 POOL=$POOL REPOS=$REPOS LINTER=$LINTER benchmarks/triage_lint.sh
if [ "${SHOW_SUPPRESSED:-1}" = 1 ]; then
    for repo in $REPOS; do
        (cd /tmp && PYTHONPATH="$LINTER" python -m offload_lint "$C22/$repo" --no-cache --show-suppressed --output-format json --exit-zero) > "$OUT/supp_$repo.json"
    done
fi
