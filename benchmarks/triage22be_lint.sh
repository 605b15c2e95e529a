#!/usr/bin/env bash
# Lint the issue-22 "be" triage corpora (docs/triage-issue22-be.md): C=/tmp/corp55 holds the exports of the twelve
# libraries of benchmarks/triage22be/VERSIONS (benchmarks/triage22be/export.sh), each linted alone as a whole tree, once,
# with --show-suppressed, into $OUT/supp_<repo>.json; the pool $OUT/corp55.json is the shown findings (no
# suppressed_by; OFL000 left out), as benchmarks/triage_lint.sh pools a default run. LINTER defaults to /tmp/wt_bd, the
# frozen copy of main's final code this round measures (its COMMIT file). Run under `nice -n 10`.
set -eu
cd "$(dirname "$0")/.."
C=${C:-/tmp/corp55} VERSIONS=benchmarks/triage22be/VERSIONS LINTER=${LINTER:-/tmp/wt_bd} OUT=${OUT:-/tmp/t22be} POOL=corp55 \
    exec benchmarks/triage22_round_lint.sh
