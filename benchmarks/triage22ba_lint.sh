#!/usr/bin/env bash
# Lint the issue-22 "ba" triage corpora (docs/triage-issue22-ba.md): C=/tmp/corp51 holds the exports of the twelve
# libraries of benchmarks/triage22ba/VERSIONS (benchmarks/triage22ba/export.sh), each linted alone as a whole tree, once,
# with --show-suppressed, into $OUT/supp_<repo>.json; the pool $OUT/corp51.json is the shown findings (no
# suppressed_by; OFL000 left out), as benchmarks/triage_lint.sh pools a default run. LINTER defaults to /tmp/wt_az, the
# frozen copy of main's final code this round measures (its COMMIT file). Run under `nice -n 10`.
set -eu
cd "$(dirname "$0")/.."
C=${C:-/tmp/corp51} VERSIONS=benchmarks/triage22ba/VERSIONS LINTER=${LINTER:-/tmp/wt_az} OUT=${OUT:-/tmp/t22ba} POOL=corp51 \
    exec benchmarks/triage22_round_lint.sh
