#!/usr/bin/env bash
# Lint the issue-22 "af" triage corpora (docs/triage-issue22-z.md): C30=/tmp/corp30 holds the exports of the mirrors
# named in benchmarks/triage22af/VERSIONS (benchmarks/triage22af/export.sh), each linted alone; pooled into
# $OUT/corp30.json (as benchmarks/triage_lint.sh pools). SHOW_SUPPRESSED=1 lints again with --show-suppressed into
# $OUT/supp_<repo>.json. LINTER defaults to /tmp/wt_ae, the frozen copy of commit c09cd29 this round measures.
set -eu
cd "$(dirname "$0")/.."
C22=${C30:-/tmp/corp30}
REPOS=${REPOS:-T2M-GPT MLD momask VIBE TEMOS SAM-Med3D GaussianAvatars ICON humannerf daclip-uir DeblurGANv2 PSFRGAN frozen-in-time actionformer}
LINTER=${LINTER:-/tmp/wt_ae}; OUT=${OUT:-/tmp/t22af}; POOL=corp30
OUT=$OUT CORPUS=$C22 POOL=$POOL REPOS=$REPOS LINTER=$LINTER benchmarks/triage_lint.sh
if [ "${SHOW_SUPPRESSED:-1}" = 1 ]; then
    for repo in $REPOS; do
        (cd /tmp && PYTHONPATH="$LINTER" python -m offload_lint "$C22/$repo" --no-cache --show-suppressed --output-format json --exit-zero) > "$OUT/supp_$repo.json"
    done
fi
