#!/usr/bin/env bash
# Lint the issue-22 "bc" triage corpora (docs/triage-issue22-bc.md): C=/tmp/corp53 holds the exports of the twelve
# libraries of benchmarks/triage22bc/VERSIONS (benchmarks/triage22bc/export.sh), each linted alone as a whole tree, once,
# with --show-suppressed, into $OUT/supp_<repo>.json; the pool $OUT/corp53.json is the shown findings (no
# suppressed_by; OFL000 left out), as benchmarks/triage_lint.sh pools a default run. LINTER defaults to /tmp/wt_bb, the
# frozen copy of main's final code this round measures (its COMMIT file). Run under `nice -n 10`.
set -eu
cd "$(dirname "$0")/.."
C=${C:-/tmp/corp53} VERSIONS=benchmarks/triage22bc/VERSIONS LINTER=${LINTER:-/tmp/wt_bb} OUT=${OUT:-/tmp/t22bc} POOL=corp53 \
    exec benchmarks/triage22_round_lint.sh
