#!/usr/bin/env bash
# Lint the issue-22 "ai" triage corpora (docs/triage-issue22-ai.md): C=/tmp/corp33 holds the exports of the mirrors
# named in benchmarks/triage22ai/VERSIONS (benchmarks/triage22ai/export.sh), each linted alone; pooled into
# $OUT/corp33.json (as benchmarks/triage_lint.sh pools). SHOW_SUPPRESSED=1 lints again with --show-suppressed into
# $OUT/supp_<repo>.json. LINTER defaults to /tmp/wt_ai, the frozen copy of commit 33761af this round measures.
set -eu
cd "$(dirname "$0")/.."
C=${C:-/tmp/corp33}
REPOS=${REPOS:-shikra mdetr Vary GOT-OCR2.0 SAN multimodal-prompt-learning DenseCLIP OV-DETR CORA MoAI ZegFormer object-centric-ovd ZegCLIP}
LINTER=${LINTER:-/tmp/wt_ai}; OUT=${OUT:-/tmp/t22ai}; POOL=corp33
OUT=$OUT CORPUS=$C POOL=$POOL REPOS=$REPOS LINTER=$LINTER benchmarks/triage_lint.sh
if [ "${SHOW_SUPPRESSED:-1}" = 1 ]; then
    for repo in $REPOS; do
        (cd /tmp && PYTHONPATH="$LINTER" python -m offload_lint "$C/$repo" --no-cache --show-suppressed --output-format json --exit-zero) > "$OUT/supp_$repo.json"
    done
fi
