#!/usr/bin/env bash
# Lint the issue-22 "aa" triage corpora (docs/triage-issue22-z.md): C25=/tmp/corp25 holds the exports of the mirrors
# named in benchmarks/triage22aa/VERSIONS (benchmarks/triage22aa/export.sh), each linted alone; pooled into
# $OUT/corp25.json (as benchmarks/triage_lint.sh pools). SHOW_SUPPRESSED=1 lints again with --show-suppressed into
# $OUT/supp_<repo>.json. LINTER defaults to /tmp/wt_aa, the frozen copy of commit ea4c1f6 this round measures.
set -eu
cd "$(dirname "$0")/.."
C22=${C25:-/tmp/corp25}
REPOS=${REPOS:-yolact MockingBird mvsnerf DSNeRF 2DGS CQL SGL-Torch GraphCL Chinese-Vicuna MedicalGPT ddrm DPS StableVideo}
LINTER=${LINTER:-/tmp/wt_aa}; OUT=${OUT:-/tmp/t22aa}; POOL=corp25
OUT=$OUT CORPUS=$C22 POOL=$POOL REPOS=$REPOS LINTER=$LINTER benchmarks/triage_lint.sh
if [ "${SHOW_SUPPRESSED:-1}" = 1 ]; then
    for repo in $REPOS; do
        (cd /tmp && PYTHONPATH="$LINTER" python -m offload_lint "$C22/$repo" --no-cache --show-suppressed --output-format json --exit-zero) > "$OUT/supp_$repo.json"
    done
fi
