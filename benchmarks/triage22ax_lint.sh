#!/usr/bin/env bash
# Lint the issue-22 "ax" triage corpora (docs/triage-issue22-av.md): C=/tmp/corp48 holds the exports of the eleven
# libraries of benchmarks/triage22ax/VERSIONS (benchmarks/triage22ax/export.sh), each linted alone as a whole tree, once,
# with --show-suppressed, into $OUT/supp_<repo>.json; the pool $OUT/corp48.json is the shown findings (no
# suppressed_by; OFL000 left out), as benchmarks/triage_lint.sh pools a default run. LINTER defaults to /tmp/wt_ax, the
# frozen copy of main's final code this round measures (its COMMIT file). Run under `nice -n 10`.
set -eu
cd "$(dirname "$0")/.."
C=${C:-/tmp/corp48} VERSIONS=benchmarks/triage22ax/VERSIONS LINTER=${LINTER:-/tmp/wt_ax} OUT=${OUT:-/tmp/t22ax} POOL=corp48 \
    exec benchmarks/triage22_round_lint.sh
