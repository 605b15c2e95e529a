#!/usr/bin/env bash
# Export the corpora of triage rounds g, i, j, k, l, m, n, o, p, q, r, s, t, u, v, w, x, y, z, aa, ab, ac, ad, ae, af, ag, ah, ai, aj
# and al (benchmarks/triage22<round>/VERSIONS, and the repositories a round added to a short pool: those of VERSIONS_added
# that its adding_log.txt names, or all of VERSIONS_extra), round ak's transformers package and the libraries of rounds am, an, ao, ap, aq, ar, as, at, au, av, aw, ax, ay, az, ba, bb, bc, bd, be, bf, bg, bh, bi, bj, bk, bl, bm, bn, bo, bp, bq, br and bs, into
# $CORPORA/<round>/<name>, at the commit each round used (benchmarks/export_corpus.sh says what is exported).
set -eu
CORPORA=${CORPORA:-/tmp/tc}
cd "$(dirname "$0")/../.."
for round in g i j k l m n o p q r s t u v w x y z aa ab ac ad ae af ag ah ai aj al; do
    folder=benchmarks/triage22$round
    benchmarks/export_corpus.sh "$folder/VERSIONS" "$CORPORA/$round" > /dev/null
    if [ -f "$folder/adding_log.txt" ]; then
        grep -F -w -f <(awk '{print $1}' "$folder/adding_log.txt") "$folder/VERSIONS_added" \
            | benchmarks/export_corpus.sh /dev/stdin "$CORPORA/$round" > /dev/null
    fi
    if [ -f "$folder/VERSIONS_extra" ]; then
        benchmarks/export_corpus.sh "$folder/VERSIONS_extra" "$CORPORA/$round" > /dev/null
    fi
done
CORPORA="$CORPORA/ak" benchmarks/triage22ak/export.sh > /dev/null
# The library rounds am, an, ao, ap, aq, ar, as, at, au, av, aw, ax, ay, az, ba, bb, bc, bd, be, bf, bg, bh, bi, bj, bk, bl, bm, bn, bo, bp, bq, br and bs export with their own scripts (mirrors whose archives miss blobs: file by file).
CORPORA="$CORPORA/am" benchmarks/triage22am/export.sh > /dev/null
CORPORA="$CORPORA/an" benchmarks/triage22an/export.sh > /dev/null
CORPORA="$CORPORA/ao" benchmarks/triage22ao/export.sh > /dev/null
CORPORA="$CORPORA/ap" benchmarks/triage22ap/export.sh > /dev/null
CORPORA="$CORPORA/aq" benchmarks/triage22aq/export.sh > /dev/null
CORPORA="$CORPORA/ar" benchmarks/triage22ar/export.sh > /dev/null
CORPORA="$CORPORA/as" benchmarks/triage22as/export.sh > /dev/null
CORPORA="$CORPORA/at" benchmarks/triage22at/export.sh > /dev/null
CORPORA="$CORPORA/au" benchmarks/triage22au/export.sh > /dev/null
CORPORA="$CORPORA/av" benchmarks/triage22av/export.sh > /dev/null
CORPORA="$CORPORA/aw" benchmarks/triage22aw/export.sh > /dev/null
CORPORA="$CORPORA/ax" benchmarks/triage22ax/export.sh > /dev/null
CORPORA="$CORPORA/ay" benchmarks/triage22ay/export.sh > /dev/null
CORPORA="$CORPORA/az" benchmarks/triage22az/export.sh > /dev/null
CORPORA="$CORPORA/ba" benchmarks/triage22ba/export.sh > /dev/null
CORPORA="$CORPORA/bb" benchmarks/triage22bb/export.sh > /dev/null
CORPORA="$CORPORA/bc" benchmarks/triage22bc/export.sh > /dev/null
CORPORA="$CORPORA/bd" benchmarks/triage22bd/export.sh > /dev/null
CORPORA="$CORPORA/be" benchmarks/triage22be/export.sh > /dev/null
CORPORA="$CORPORA/bf" benchmarks/triage22bf/export.sh > /dev/null
CORPORA="$CORPORA/bg" benchmarks/triage22bg/export.sh > /dev/null
CORPORA="$CORPORA/bh" benchmarks/triage22bh/export.sh > /dev/null
CORPORA="$CORPORA/bi" benchmarks/triage22bi/export.sh > /dev/null
CORPORA="$CORPORA/bj" benchmarks/triage22bj/export.sh > /dev/null
CORPORA="$CORPORA/bk" benchmarks/triage22bk/export.sh > /dev/null
CORPORA="$CORPORA/bl" benchmarks/triage22bl/export.sh > /dev/null
CORPORA="$CORPORA/bm" benchmarks/triage22bm/export.sh > /dev/null
CORPORA="$CORPORA/bn" benchmarks/triage22bn/export.sh > /dev/null
CORPORA="$CORPORA/bo" benchmarks/triage22bo/export.sh > /dev/null
CORPORA="$CORPORA/bp" benchmarks/triage22bp/export.sh > /dev/null
CORPORA="$CORPORA/bq" benchmarks/triage22bq/export.sh > /dev/null
CORPORA="$CORPORA/br" benchmarks/triage22br/export.sh > /dev/null
CORPORA="$CORPORA/bs" benchmarks/triage22bs/export.sh > /dev/null
