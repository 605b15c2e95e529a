#!/usr/bin/env bash
# After the fix the first run pointed at (Tensor.data.__set__ from a model's own to() on cuda): the model CPU
# offload tests on cuda again, and the sample's rows in the two methods whose verdicts differed.
set -u
cd "$(dirname "$0")/../../.."
start=$(date +%s)
stamp() { echo "$1 rc=$2 at +$(( $(date +%s) - start ))s" >> "$OUT/summary.txt"; }
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl > "$OUT/install.log" 2>&1; stamp install $?
export PYTHONPATH=/tmp/site:$PWD PYTHONUNBUFFERED=1 HF_HUB_OFFLINE=1
timeout "${TP:-70}" python3 -m pytest -q -p no:cacheprovider -rs tests/confirm/test_strategy_runs.py \
  tests/confirm/test_strategy_callers.py -k "model or swapping" > "$OUT/pytest-mco.log" 2>&1; stamp pytest-mco $?
D=$(python3 -c "import diffusers,os;print(os.path.dirname(os.path.dirname(diffusers.__file__)))")
zcat benchmarks/gpu/2026-12-04-mco/diffusers-all.json.gz \
  | sed "s#/root/.pyenv/versions/3.11.7/lib/python3.11/site-packages/#$D/#g" > /tmp/diffusers-all.json
timeout "${TB:-90}" python3 benchmarks/bench_confirm_strategies.py --tree diffusers --strategy model-cpu-offload \
  --lint-json diffusers=/tmp/diffusers-all.json --sample 12 --seed 41 --only-methods _encode_prompt,tiled_decode \
  --json "$OUT/mco-cuda-rerun.jsonl" --markdown "$OUT/mco-cuda-rerun.md" > "$OUT/bench.log" 2>&1; stamp bench $?
cat "$OUT/summary.txt"; tail -4 "$OUT/pytest-mco.log"; tail -8 "$OUT/mco-cuda-rerun.md"
