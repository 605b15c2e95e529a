#!/usr/bin/env bash
# Lint the issue-22 "bl" triage corpora (docs/triage-issue22-bl.md): C=/tmp/corp62 holds the exports of the twelve
# libraries of benchmarks/triage22bl/VERSIONS (benchmarks/triage22bl/export.sh), each linted alone as a whole tree, once,
# with --show-suppressed, into $OUT/supp_<repo>.json; the pool $OUT/corp62.json is the shown findings (no
# suppressed_by; OFL000 left out), as benchmarks/triage_lint.sh pools a default run. LINTER defaults to /tmp/wt_bl, the
# frozen copy of main's final code this round measures (its COMMIT file). Run under `nice -n 10`. Runs
# benchmarks/triage22_round_lint.sh (TIMEOUT seconds per library, default 1500: a library that runs past it is
# reported and left out of the pool, never half-pooled).
set -eu
cd "$(dirname "$0")/.."
C=${C:-/tmp/corp62} VERSIONS=${VERSIONS:-benchmarks/triage22bl/VERSIONS} LINTER=${LINTER:-/tmp/wt_bl} OUT=${OUT:-/tmp/t22bl} \
    POOL=${POOL:-corp62} TIMEOUT=${TIMEOUT:-1500} \
    exec benchmarks/triage22_round_lint.sh
