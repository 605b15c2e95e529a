#!/usr/bin/env bash
# Lint the issue-22 "u" triage corpora (docs/triage-issue22-u.md): C19=/tmp/corp19 holds the exports of the mirrors
# named in benchmarks/triage22u/VERSIONS (benchmarks/triage22u/export.sh), each linted alone; pooled into
# $OUT/corp19.json (as benchmarks/triage_lint.sh pools). SHOW_SUPPRESSED=1 lints again with --show-suppressed into
# $OUT/supp_<repo>.json. LINTER defaults to /tmp/wt_u, the frozen copy of commit 9e451bf this round measures.
set -eu
cd "$(dirname "$0")/.."
C19=${C19:-/tmp/corp19}
REPOS=${REPOS:-RepDistiller TorchSSL Person_reID_baseline_pytorch reid-strong-baseline pytorch-meta pytorch_image_classification open-reid pytorch-3dunet Attention-Gated-Networks pytorch-toolbelt pytorch_connectomics EdgeNets}
LINTER=${LINTER:-/tmp/wt_u}; OUT=${OUT:-/tmp/t22u}; POOL=corp19
OUT=$OUT CORPUS=$C19 POOL=$POOL REPOS=$REPOS LINTER=$LINTER benchmarks/triage_lint.sh
if [ "${SHOW_SUPPRESSED:-1}" = 1 ]; then
    for repo in $REPOS; do
        (cd /tmp && PYTHONPATH="$LINTER" python -m offload_lint "$C19/$repo" --no-cache --show-suppressed --output-format json --exit-zero) > "$OUT/supp_$repo.json"
    done
fi
