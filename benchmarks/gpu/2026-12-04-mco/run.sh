#!/usr/bin/env bash
# The device run for model CPU offload on a real GPU: the strategy's fixture tests (executed on cuda:0 there) and a
# seeded sample of the installed diffusers' model-cpu-offload findings, each judged on cuda:0; cpu.sh is the same
# sample on the lazy device here. Needs .whl/ carried.
set -u
cd "$(dirname "$0")/../../.."
start=$(date +%s)
stamp() { echo "$1 rc=$2 at +$(( $(date +%s) - start ))s" >> "$OUT/summary.txt"; }
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl > "$OUT/install.log" 2>&1; stamp install $?
export PYTHONPATH=/tmp/site:$PWD PYTHONUNBUFFERED=1 HF_HUB_OFFLINE=1
timeout "${TP:-90}" python3 -m pytest -q -p no:cacheprovider -rs tests/confirm/test_strategy_runs.py \
  tests/confirm/test_strategy_callers.py > "$OUT/pytest-mco.log" 2>&1; stamp pytest-mco $?
# The findings linted here (diffusers-all.json, this machine's site-packages paths) point at the carried diffusers.
D=$(python3 -c "import diffusers,os;print(os.path.dirname(os.path.dirname(diffusers.__file__)))")
zcat benchmarks/gpu/2026-12-04-mco/diffusers-all.json.gz \
  | sed "s#/root/.pyenv/versions/3.11.7/lib/python3.11/site-packages/#$D/#g" > /tmp/diffusers-all.json
timeout "${TB:-150}" python3 benchmarks/bench_confirm_strategies.py --tree diffusers --strategy model-cpu-offload \
  --lint-json diffusers=/tmp/diffusers-all.json --sample 12 --seed 41 --json "$OUT/mco-cuda.jsonl" \
  --markdown "$OUT/mco-cuda.md" > "$OUT/bench.log" 2>&1; stamp bench $?
cat "$OUT/summary.txt"; tail -3 "$OUT/pytest-mco.log"; tail -12 "$OUT/mco-cuda.md"
