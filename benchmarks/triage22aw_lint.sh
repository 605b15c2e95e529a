#!/usr/bin/env bash
# Lint the issue-22 "aw" triage corpora (docs/triage-issue22-aw.md): C=/tmp/corp47 holds the exports of the twelve
# libraries of benchmarks/triage22aw/VERSIONS (benchmarks/triage22aw/export.sh), each linted alone as a whole tree, once,
# with --show-suppressed, into $OUT/supp_<repo>.json; the pool $OUT/corp47.json is the shown findings (no
# suppressed_by; OFL000 left out), as benchmarks/triage_lint.sh pools a default run. LINTER defaults to /tmp/wt_av, the
# frozen copy of main's final code this round measures (its COMMIT file). Run under `nice -n 10`.
set -eu
cd "$(dirname "$0")/.."
C=${C:-/tmp/corp47} VERSIONS=benchmarks/triage22aw/VERSIONS LINTER=${LINTER:-/tmp/wt_av} OUT=${OUT:-/tmp/t22aw} POOL=corp47 \
    exec benchmarks/triage22_round_lint.sh
