#!/usr/bin/env bash
# The CPU reference for the device run: the same batches with the tracking backend (streams rows stay unknown on a CPU).
set -u
cd "$(dirname "$0")/../../.."
OUT=${OUT:-benchmarks/gpu/2026-12-04-draw/cpu}
mkdir -p "$OUT"
D=$(python -c "import diffusers,os;print(os.path.dirname(diffusers.__file__))")
n=0
while read -r batch; do
  n=$((n + 1))
  python -m offload_lint readiness "$D" $batch --tests .gpu/diffusers-repo/tests/pipelines --confirm --backend tracking \
    --output-format json > "$OUT/readiness-$n.json" 2> "$OUT/readiness-$n.err"
  echo "batch $n rc=$?"
done < benchmarks/gpu/2026-12-04-draw/batches.txt
