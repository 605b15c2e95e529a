#!/usr/bin/env bash
# Lint the issue-22 "as" triage corpora (docs/triage-issue22-as.md): C=/tmp/corp43 holds the exports of the seven
# libraries of benchmarks/triage22as/VERSIONS (benchmarks/triage22as/export.sh), each linted alone as a whole tree, once,
# with --show-suppressed, into $OUT/supp_<repo>.json; the pool $OUT/corp43.json is the shown findings (no
# suppressed_by; OFL000 left out), as benchmarks/triage_lint.sh pools a default run. LINTER defaults to /tmp/wt_as, the
# frozen copy of main's final code this round measures (its COMMIT file). Run under `nice -n 10`.
set -eu
cd "$(dirname "$0")/.."
C=${C:-/tmp/corp43} VERSIONS=benchmarks/triage22as/VERSIONS LINTER=${LINTER:-/tmp/wt_as} OUT=${OUT:-/tmp/t22as} POOL=corp43 \
    exec benchmarks/triage22_round_lint.sh
