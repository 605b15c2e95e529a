#!/usr/bin/env bash
# Lint each repository of benchmarks/labelled22/export.sh's corpora alone with the linter checkout LINTER (default: this
# one), from /tmp, with suppressed findings kept: $OUT/<round>-<name>.json.
set -eu
CORPORA=${CORPORA:-/tmp/tc}
LINTER=${LINTER:-$(cd "$(dirname "$0")/../.." && pwd)}
: "${OUT:?}"
mkdir -p "$OUT"
for tree in "$CORPORA"/*/*/; do
    round=$(basename "$(dirname "$tree")"); name=$(basename "$tree")
    (cd /tmp && PYTHONPATH="$LINTER" python -m offload_lint "$tree" --no-cache --output-format json --exit-zero \
        --show-suppressed) > "$OUT/$round-$name.json"
done
