#!/usr/bin/env bash
# Lint the issue-22 "ar" triage corpora (docs/triage-issue22-ap.md): C=/tmp/corp42 holds the exports of the seven
# libraries of benchmarks/triage22ar/VERSIONS (benchmarks/triage22ar/export.sh), each linted alone as a whole tree, once,
# with --show-suppressed, into $OUT/supp_<repo>.json; the pool $OUT/corp42.json is the shown findings (no
# suppressed_by; OFL000 left out), as benchmarks/triage_lint.sh pools a default run. LINTER defaults to /tmp/wt_ar, the
# frozen copy of main's final code this round measures (its COMMIT file). Run under `nice -n 10`.
set -eu
cd "$(dirname "$0")/.."
C=${C:-/tmp/corp42} VERSIONS=benchmarks/triage22ar/VERSIONS LINTER=${LINTER:-/tmp/wt_ar} OUT=${OUT:-/tmp/t22ar} POOL=corp42 \
    exec benchmarks/triage22_round_lint.sh
