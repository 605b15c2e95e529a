#!/usr/bin/env bash
# Lint the issue-22 "aj" triage corpora (docs/triage-issue22-aj.md): C=/tmp/corp34 holds the exports of the mirrors
# named in benchmarks/triage22aj/VERSIONS (benchmarks/triage22aj/export.sh), each linted alone; pooled into
# $OUT/corp34.json (as benchmarks/triage_lint.sh pools). SHOW_SUPPRESSED=1 lints again with --show-suppressed into
# $OUT/supp_<repo>.json. LINTER defaults to /tmp/wt_ai, the frozen copy of commit 33761af this round measures.
set -eu
cd "$(dirname "$0")/.."
C=${C:-/tmp/corp34}
REPOS=${REPOS:-StyleHEAT SelectionGAN CIPS-3D EAT_code EDTalk ZITS_inpainting TediGAN TSIT HairCLIP StyleGAN.pytorch X-Codec-2.0 RestoreFormerPlusPlus encodec-pytorch}
LINTER=${LINTER:-/tmp/wt_ai}; OUT=${OUT:-/tmp/t22aj}; POOL=corp34
OUT=$OUT CORPUS=$C POOL=$POOL REPOS=$REPOS LINTER=$LINTER benchmarks/triage_lint.sh
if [ "${SHOW_SUPPRESSED:-1}" = 1 ]; then
    for repo in $REPOS; do
        (cd /tmp && PYTHONPATH="$LINTER" python -m offload_lint "$C/$repo" --no-cache --show-suppressed --output-format json --exit-zero) > "$OUT/supp_$repo.json"
    done
fi
