#!/usr/bin/env bash
# Lint the issue-22 "av" triage corpora (docs/triage-issue22-av.md): C=/tmp/corp46 holds the exports of the twelve
# libraries of benchmarks/triage22av/VERSIONS (benchmarks/triage22av/export.sh), each linted alone as a whole tree, once,
# with --show-suppressed, into $OUT/supp_<repo>.json; the pool $OUT/corp46.json is the shown findings (no
# suppressed_by; OFL000 left out), as benchmarks/triage_lint.sh pools a default run. LINTER defaults to /tmp/wt_av, the
# frozen copy of main's final code this round measures (its COMMIT file). Run under `nice -n 10`.
set -eu
cd "$(dirname "$0")/.."
C=${C:-/tmp/corp46} VERSIONS=benchmarks/triage22av/VERSIONS LINTER=${LINTER:-/tmp/wt_av} OUT=${OUT:-/tmp/t22av} POOL=corp46 \
    exec benchmarks/triage22_round_lint.sh
