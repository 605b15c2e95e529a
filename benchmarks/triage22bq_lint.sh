#!/usr/bin/env bash
# Lint the issue-22 "bq" triage corpora (docs/triage-issue22-bm.md): C=/tmp/corp67 holds the exports of the twelve
# libraries of benchmarks/triage22bq/VERSIONS (benchmarks/triage22bq/export.sh), each linted alone as a whole tree, once,
# with --show-suppressed, into $OUT/supp_<repo>.json; the pool $OUT/corp67.json is the shown findings (no
# suppressed_by; OFL000 left out), as benchmarks/triage_lint.sh pools a default run. LINTER defaults to /tmp/wt_bp, the
# frozen copy of main's final code this round measures (its COMMIT file). Run under `nice -n 10`. Runs
# benchmarks/triage22_round_lint.sh (TIMEOUT seconds per library, default 1500: a library that runs past it is
# reported and left out of the pool, never half-pooled).
set -eu
cd "$(dirname "$0")/.."
C=${C:-/tmp/corp67} VERSIONS=${VERSIONS:-benchmarks/triage22bq/VERSIONS} LINTER=${LINTER:-/tmp/wt_bp} OUT=${OUT:-/tmp/t22bq} \
    POOL=${POOL:-corp67} TIMEOUT=${TIMEOUT:-1500} \
    exec benchmarks/triage22_round_lint.sh
