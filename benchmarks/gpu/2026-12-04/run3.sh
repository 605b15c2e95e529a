#!/usr/bin/env bash
set -u
cd "$(dirname "$0")/.."
start=$(date +%s)
stamp() { echo "$1 rc=$2 at +$(( $(date +%s) - start ))s" >> "$OUT/summary.log"; }
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl > "$OUT/install.log" 2>&1; stamp install $?
export PYTHONPATH=/tmp/site:$PWD PYTHONUNBUFFERED=1 HF_HUB_OFFLINE=1
D=$(python3 -c "import diffusers,os;print(os.path.dirname(diffusers.__file__))")
timeout 100 python3 -m offload_lint fixtures/core --confirm --output-format json > "$OUT/confirm-core.json" 2> "$OUT/confirm-core.err"; stamp confirm-core $?
GPU_CHECK_TIMEOUT=60 PYTHON=python3 bash scripts/gpu-check.sh --time-limit 0 > "$OUT/gpu-check.log" 2>&1; stamp gpu-check $?
timeout 50 python3 -m pytest -q -m gpu -p no:cacheprovider tests/confirm/test_gpu.py tests/readiness/test_confirm_rows.py -k "not script_on_cuda" > "$OUT/pytest-gpu.log" 2>&1; stamp pytest-gpu $?
timeout 40 python3 -m offload_lint readiness "$D" --pipeline AnyFlowFARPipeline --tests .gpu/diffusers-repo/tests/pipelines --confirm --backend cuda --output-format json > "$OUT/readiness-anyflow.json" 2> "$OUT/readiness-anyflow.err"; stamp readiness-anyflow $?
cat "$OUT/summary.log"; tail -2 "$OUT/gpu-check.log"; tail -2 "$OUT/pytest-gpu.log"
