#!/usr/bin/env bash
# Lint the issue-22 "ac" triage corpora (docs/triage-issue22-z.md): C27=/tmp/corp27 holds the exports of the mirrors
# named in benchmarks/triage22ac/VERSIONS (benchmarks/triage22ac/export.sh), each linted alone; pooled into
# $OUT/corp27.json (as benchmarks/triage_lint.sh pools). SHOW_SUPPRESSED=1 lints again with --show-suppressed into
# $OUT/supp_<repo>.json. LINTER defaults to /tmp/wt_ac, the frozen copy of commit a1d1c1d this round measures.
set -eu
cd "$(dirname "$0")/.."
C22=${C27:-/tmp/corp27}
REPOS=${REPOS:-ppg-vc AcademiCodec HierSpeechpp VQMIVC VISinger2 Diffsound AGAIN-VC articulated-animation DaGAN PC-AVS FGT E2FGVI IFRNet TPSMM}
LINTER=${LINTER:-/tmp/wt_ac}; OUT=${OUT:-/tmp/t22ac}; POOL=corp27
OUT=$OUT CORPUS=$C22 POOL=$POOL REPOS=$REPOS LINTER=$LINTER benchmarks/triage_lint.sh
if [ "${SHOW_SUPPRESSED:-1}" = 1 ]; then
    for repo in $REPOS; do
        (cd /tmp && PYTHONPATH="$LINTER" python -m offload_lint "$C22/$repo" --no-cache --show-suppressed --output-format json --exit-zero) > "$OUT/supp_$repo.json"
    done
fi
