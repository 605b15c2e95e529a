#!/usr/bin/env bash
# Lint of the issue-22 "ak" triage corpus (docs/triage-issue22-ak.md): the whole transformers 5.24.0 package exported by
# benchmarks/triage22ak/export.sh into $C (/tmp/corp35/transformers), linted as users would, from /tmp with the frozen
# linter LINTER (/tmp/wt_ak, commit f3a1a20), --show-suppressed, into $OUT/all.json; then the pool filter
# (benchmarks/triage22ak/pool.py: pool.json, pool_suppressed.json). NICE 10.
set -eu
cd "$(dirname "$0")/.."
WT=$PWD
C=${C:-/tmp/corp35/transformers}; LINTER=${LINTER:-/tmp/wt_ak}; OUT=${OUT:-/tmp/t22ak}
mkdir -p "$OUT"
(cd /tmp && nice -n 10 env PYTHONPATH="$LINTER" python -m offload_lint "$C" --no-cache --output-format json \
    --exit-zero --show-suppressed) > "$OUT/all.json"
python "$WT/benchmarks/triage22ak/pool.py" "$OUT/all.json" "$OUT"
