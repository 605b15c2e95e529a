#!/usr/bin/env bash
# Lint the issue-22 "au" triage corpora (docs/triage-issue22-au.md): C=/tmp/corp45 holds the exports of the eight
# libraries of benchmarks/triage22au/VERSIONS (benchmarks/triage22au/export.sh), each linted alone as a whole tree, once,
# with --show-suppressed, into $OUT/supp_<repo>.json; the pool $OUT/corp45.json is the shown findings (no
# suppressed_by; OFL000 left out), as benchmarks/triage_lint.sh pools a default run. LINTER defaults to /tmp/wt_au, the
# frozen copy of main's final code this round measures (its COMMIT file). Run under `nice -n 10`.
set -eu
cd "$(dirname "$0")/.."
C=${C:-/tmp/corp45} VERSIONS=benchmarks/triage22au/VERSIONS LINTER=${LINTER:-/tmp/wt_au} OUT=${OUT:-/tmp/t22au} POOL=corp45 \
    exec benchmarks/triage22_round_lint.sh
