#!/usr/bin/env bash
# Export the corpora of triage rounds g, i, j, k, l, m, n, o and p (benchmarks/triage22<round>/VERSIONS) into
# $CORPORA/<round>/<name>, at the commit each round used (benchmarks/export_corpus.sh says what is exported).
set -eu
CORPORA=${CORPORA:-/tmp/tc}
cd "$(dirname "$0")/../.."
for round in g i j k l m n o p; do
    benchmarks/export_corpus.sh "benchmarks/triage22$round/VERSIONS" "$CORPORA/$round" > /dev/null
done
