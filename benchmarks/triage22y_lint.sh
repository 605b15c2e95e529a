#!/usr/bin/env bash
# Lint the issue-22 "y" triage corpora (docs/triage-issue22-y.md): C23=/tmp/corp23 holds the exports of the mirrors
# named in benchmarks/triage22y/VERSIONS (benchmarks/triage22y/export.sh), each linted alone; pooled into
# $OUT/corp23.json (as benchmarks/triage_lint.sh pools). SHOW_SUPPRESSED=1 lints again with --show-suppressed into
# $OUT/supp_<repo>.json. LINTER defaults to /tmp/wt_x, the frozen copy of commit f28788b this round measures.
set -eu
cd "$(dirname "$0")/.."
C22=${C23:-/tmp/corp23}
REPOS=${REPOS:-FateZero AnimateLCM PuLID Open-AnimateAnyone Pyramid-Flow sliders StableAnimator echomimic MGM Video-LLaMA Video-ChatGPT FollowYourPose ControlVideo custom-diffusion}
LINTER=${LINTER:-/tmp/wt_x}; OUT=${OUT:-/tmp/t22y}; POOL=corp23
OUT=$OUT CORPUS=$C22 POOL=$POOL REPOS=$REPOS LINTER=$LINTER benchmarks/triage_lint.sh
if [ "${SHOW_SUPPRESSED:-1}" = 1 ]; then
    for repo in $REPOS; do
        (cd /tmp && PYTHONPATH="$LINTER" python -m offload_lint "$C22/$repo" --no-cache --show-suppressed --output-format json --exit-zero) > "$OUT/supp_$repo.json"
    done
fi
