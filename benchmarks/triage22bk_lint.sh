#!/usr/bin/env bash
# Lint the issue-22 "bk" triage corpora (docs/triage-issue22-bk.md): C=/tmp/corp61 holds the exports of the twelve
# libraries of benchmarks/triage22bk/VERSIONS (benchmarks/triage22bk/export.sh), each linted alone as a whole tree, once,
# with --show-suppressed, into $OUT/supp_<repo>.json; the pool $OUT/corp61.json is the shown findings (no
# suppressed_by; OFL000 left out), as benchmarks/triage_lint.sh pools a default run. LINTER defaults to /tmp/wt_bj, the
# frozen copy of main's final code this round measures (its COMMIT file). Run under `nice -n 10`. Runs
# benchmarks/triage22_round_lint.sh (TIMEOUT seconds per library, default 1500: a library that runs past it is
# reported and left out of the pool, never half-pooled).
set -eu
cd "$(dirname "$0")/.."
C=${C:-/tmp/corp61} VERSIONS=${VERSIONS:-benchmarks/triage22bk/VERSIONS} LINTER=${LINTER:-/tmp/wt_bj} OUT=${OUT:-/tmp/t22bk} \
    POOL=${POOL:-corp61} TIMEOUT=${TIMEOUT:-1500} \
    exec benchmarks/triage22_round_lint.sh
