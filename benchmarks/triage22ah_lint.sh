#!/usr/bin/env bash
# Lint the issue-22 "ah" triage corpora (docs/triage-issue22-ah.md): C32=/tmp/corp32 holds the exports of the mirrors
# named in benchmarks/triage22ah/VERSIONS (benchmarks/triage22ah/export.sh), each linted alone; pooled into
# $OUT/corp32.json (as benchmarks/triage_lint.sh pools). SHOW_SUPPRESSED=1 lints again with --show-suppressed into
# $OUT/supp_<repo>.json. LINTER defaults to /tmp/wt_ag, the frozen copy of commit ccb55bc this round measures.
set -eu
cd "$(dirname "$0")/.."
C32=${C32:-/tmp/corp32}
REPOS=${REPOS:-IMS-Toucan Spec-Bench llmc RPTQ4LLM AnyGPT KVCache-Factory Spark-TTS DiffRhythm Sequoia YuE TriForce GPTQ-for-LLaMa MusicTransformer}
LINTER=${LINTER:-/tmp/wt_ag}; OUT=${OUT:-/tmp/t22ah}; POOL=corp32
OUT=$OUT CORPUS=$C32 POOL=$POOL REPOS=$REPOS LINTER=$LINTER benchmarks/triage_lint.sh
if [ "${SHOW_SUPPRESSED:-1}" = 1 ]; then
    for repo in $REPOS; do
        (cd /tmp && PYTHONPATH="$LINTER" python -m offload_lint "$C32/$repo" --no-cache --show-suppressed --output-format json --exit-zero) > "$OUT/supp_$repo.json"
    done
fi
