#!/usr/bin/env bash
# Lint the issue-22 "ag" triage corpora (docs/triage-issue22-ag.md): C31=/tmp/corp31 holds the exports of the mirrors
# named in benchmarks/triage22ag/VERSIONS (benchmarks/triage22ag/export.sh), each linted alone; pooled into
# $OUT/corp31.json (as benchmarks/triage_lint.sh pools). SHOW_SUPPRESSED=1 lints again with --show-suppressed into
# $OUT/supp_<repo>.json. LINTER defaults to /tmp/wt_ag, the frozen copy of commit ccb55bc this round measures.
set -eu
cd "$(dirname "$0")/.."
C31=${C31:-/tmp/corp31}
REPOS=${REPOS:-cycle-diffusion SeeSR SinSR CCSR LFDM PVDM StyleDrop StoryGen RF-Solver-Edit StableVITON Vlogger DragonDiffusion}
LINTER=${LINTER:-/tmp/wt_ag}; OUT=${OUT:-/tmp/t22ag}; POOL=corp31
OUT=$OUT CORPUS=$C31 POOL=$POOL REPOS=$REPOS LINTER=$LINTER benchmarks/triage_lint.sh
if [ "${SHOW_SUPPRESSED:-1}" = 1 ]; then
    for repo in $REPOS; do
        (cd /tmp && PYTHONPATH="$LINTER" python -m offload_lint "$C31/$repo" --no-cache --show-suppressed --output-format json --exit-zero) > "$OUT/supp_$repo.json"
    done
fi
