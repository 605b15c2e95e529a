#!/usr/bin/env bash
# Lint the issue-22 "at" triage corpora (docs/triage-issue22-at.md): C=/tmp/corp44 holds the exports of the seven
# libraries of benchmarks/triage22at/VERSIONS (benchmarks/triage22at/export.sh), each linted alone as a whole tree, once,
# with --show-suppressed, into $OUT/supp_<repo>.json; the pool $OUT/corp44.json is the shown findings (no
# suppressed_by; OFL000 left out), as benchmarks/triage_lint.sh pools a default run. LINTER defaults to /tmp/wt_at, the
# frozen copy of main's final code this round measures (its COMMIT file). Run under `nice -n 10`.
set -eu
cd "$(dirname "$0")/.."
C=${C:-/tmp/corp44} VERSIONS=benchmarks/triage22at/VERSIONS LINTER=${LINTER:-/tmp/wt_at} OUT=${OUT:-/tmp/t22at} POOL=corp44 \
    exec benchmarks/triage22_round_lint.sh
