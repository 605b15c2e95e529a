#!/usr/bin/env bash
# Lint the issue-22 "ae" triage corpora (docs/triage-issue22-ae.md): C29=/tmp/corp29 holds the exports of the mirrors
# named in benchmarks/triage22ae/VERSIONS (benchmarks/triage22ae/export.sh), each linted alone; pooled into
# $OUT/corp29.json (as benchmarks/triage_lint.sh pools). SHOW_SUPPRESSED=1 lints again with --show-suppressed into
# $OUT/supp_<repo>.json. LINTER defaults to /tmp/wt_ae, the frozen copy of commit c09cd29 this round measures.
set -eu
cd "$(dirname "$0")/.."
C29=${C29:-/tmp/corp29}
REPOS=${REPOS:-PreSumm OpenTransformer self-rag OpenChatKit landmark-attention zero_nlp E2E-ASR end2end-asr DiffuSeq mini-omni BRIO HALOs Baichuan-Audio DRhard}
LINTER=${LINTER:-/tmp/wt_ae}; OUT=${OUT:-/tmp/t22ae}; POOL=corp29
OUT=$OUT CORPUS=$C29 POOL=$POOL REPOS=$REPOS LINTER=$LINTER benchmarks/triage_lint.sh
if [ "${SHOW_SUPPRESSED:-1}" = 1 ]; then
    for repo in $REPOS; do
        (cd /tmp && PYTHONPATH="$LINTER" python -m offload_lint "$C29/$repo" --no-cache --show-suppressed --output-format json --exit-zero) > "$OUT/supp_$repo.json"
    done
fi
