#!/usr/bin/env bash
# Lint the issue-22 "ay" triage corpora (docs/triage-issue22-ay.md): C=/tmp/corp49 holds the exports of the twelve
# libraries of benchmarks/triage22ay/VERSIONS (benchmarks/triage22ay/export.sh), each linted alone as a whole tree, once,
# with --show-suppressed, into $OUT/supp_<repo>.json; the pool $OUT/corp49.json is the shown findings (no
# suppressed_by; OFL000 left out), as benchmarks/triage_lint.sh pools a default run. LINTER defaults to /tmp/wt_ax, the
# frozen copy of main's final code this round measures (its COMMIT file). Run under `nice -n 10`.
set -eu
cd "$(dirname "$0")/.."
C=${C:-/tmp/corp49} VERSIONS=benchmarks/triage22ay/VERSIONS LINTER=${LINTER:-/tmp/wt_ax} OUT=${OUT:-/tmp/t22ay} POOL=corp49 \
    exec benchmarks/triage22_round_lint.sh
