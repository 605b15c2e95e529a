#!/usr/bin/env bash
# Lint the issue-22 "v" triage corpora (docs/triage-issue22-v.md): C20=/tmp/corp20 holds the exports of the mirrors
# named in benchmarks/triage22v/VERSIONS (benchmarks/triage22v/export.sh), each linted alone; pooled into
# $OUT/corp20.json (as benchmarks/triage_lint.sh pools). SHOW_SUPPRESSED=1 lints again with --show-suppressed into
# $OUT/supp_<repo>.json. LINTER defaults to /tmp/wt_v, the frozen copy of commit 5019432 this round measures.
set -eu
cd "$(dirname "$0")/.."
C20=${C20:-/tmp/corp20}
REPOS=${REPOS:-rq-vae-transformer ru-dalle lama enhancing-transformers Comprehensive-Transformer-TTS perceiver-io pykeen sentence-transformers pytorch-ts DDSP-SVC nerfstudio gpytorch WhisperSpeech}
LINTER=${LINTER:-/tmp/wt_v}; OUT=${OUT:-/tmp/t22v}; POOL=corp20
OUT=$OUT CORPUS=$C20 POOL=$POOL REPOS=$REPOS LINTER=$LINTER benchmarks/triage_lint.sh
if [ "${SHOW_SUPPRESSED:-1}" = 1 ]; then
    for repo in $REPOS; do
        (cd /tmp && PYTHONPATH="$LINTER" python -m offload_lint "$C20/$repo" --no-cache --show-suppressed --output-format json --exit-zero) > "$OUT/supp_$repo.json"
    done
fi
