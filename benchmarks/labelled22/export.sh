#!/usr/bin/env bash
# Export the corpora of triage rounds g, i, j, k, l, m, n, o, p, q, r, s, t, u, v, w, x, y, z, aa, ab, ac, ad, ae, af, ag, ah, ai and aj (benchmarks/triage22<round>/VERSIONS, and the
# repositories a round added to a short pool: those of VERSIONS_added that its adding_log.txt names) into
# $CORPORA/<round>/<name>, at the commit each round used (benchmarks/export_corpus.sh says what is exported).
set -eu
CORPORA=${CORPORA:-/tmp/tc}
cd "$(dirname "$0")/../.."
for round in g i j k l m n o p q r s t u v w x y z aa ab ac ad ae af ag ah ai aj; do
    folder=benchmarks/triage22$round
    benchmarks/export_corpus.sh "$folder/VERSIONS" "$CORPORA/$round" > /dev/null
    if [ -f "$folder/adding_log.txt" ]; then
        grep -F -w -f <(awk '{print $1}' "$folder/adding_log.txt") "$folder/VERSIONS_added" \
            | benchmarks/export_corpus.sh /dev/stdin "$CORPORA/$round" > /dev/null
    fi
done
