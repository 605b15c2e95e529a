#!/usr/bin/env bash
# The same sample as run.sh, judged here on the lazy device (no CUDA).
set -u
cd "$(dirname "$0")/../../.."
OUT=${OUT:-benchmarks/gpu/2026-12-04-mco}
zcat benchmarks/gpu/2026-12-04-mco/diffusers-all.json.gz > /tmp/diffusers-all.json
PYTHONPATH=$PWD python benchmarks/bench_confirm_strategies.py --tree diffusers --strategy model-cpu-offload \
  --lint-json diffusers=/tmp/diffusers-all.json --sample 12 --seed 41 \
  --json "$OUT/mco-lazy.jsonl" --markdown "$OUT/mco-lazy.md"
