#!/usr/bin/env bash
# Lint the issue-22 "bh" triage corpora (docs/triage-issue22-bg.md): C=/tmp/corp58 holds the exports of the twelve
# libraries of benchmarks/triage22bh/VERSIONS (benchmarks/triage22bh/export.sh), each linted alone as a whole tree, once,
# with --show-suppressed, into $OUT/supp_<repo>.json; the pool $OUT/corp58.json is the shown findings (no
# suppressed_by; OFL000 left out), as benchmarks/triage_lint.sh pools a default run. LINTER defaults to /tmp/wt_bh, the
# frozen copy of main's final code this round measures (its COMMIT file). Run under `nice -n 10`.
set -eu
cd "$(dirname "$0")/.."
C=${C:-/tmp/corp58} VERSIONS=benchmarks/triage22bh/VERSIONS LINTER=${LINTER:-/tmp/wt_bh} OUT=${OUT:-/tmp/t22bh} POOL=corp58 \
    exec benchmarks/triage22_round_lint.sh
