#!/usr/bin/env bash
# The one device run of this session (not committed: .gpu/ is excluded). Each part has its own limit and log.
set -u
cd "$(dirname "$0")/.."
start=$(date +%s)
stamp() { echo "$1 rc=$2 at +$(( $(date +%s) - start ))s" >> "$OUT/summary.txt"; }
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl > "$OUT/install.log" 2>&1; stamp install $?
export PYTHONPATH=/tmp/site:$PWD PYTHONUNBUFFERED=1 HF_HUB_OFFLINE=1
D=$(python3 -c "import diffusers,os;print(os.path.dirname(diffusers.__file__))")
{ nvidia-smi -L; nproc; python3 -c "import torch,diffusers,transformers,accelerate,libcst;print(torch.__version__, torch.version.cuda, torch.cuda.is_available(), diffusers.__version__, transformers.__version__, accelerate.__version__)"; } > "$OUT/env.txt" 2>&1
GPU_CHECK_TIMEOUT=${T1:-120} PYTHON=python3 bash scripts/gpu-check.sh --time-limit 0 > "$OUT/gpu-check.log" 2>&1; stamp gpu-check $?
timeout ${T2:-200} python3 -m offload_lint readiness "$D" $(cat .gpu/pipelines.txt) --tests .gpu/diffusers-repo/tests/pipelines --confirm --backend cuda --output-format json -j 8 > "$OUT/readiness-cuda.json" 2> "$OUT/readiness-cuda.err"; stamp readiness $?
timeout ${T3:-80} python3 -m pytest -q -m gpu -p no:cacheprovider tests/confirm/test_gpu.py tests/readiness/test_confirm_rows.py -k "not script_on_cuda" > "$OUT/pytest-gpu.log" 2>&1; stamp pytest-gpu $?
timeout ${T4:-70} python3 -m offload_lint fixtures/core --confirm --output-format json > "$OUT/confirm-core.json" 2> "$OUT/confirm-core.err"; stamp confirm-core $?
cat "$OUT/summary.txt"; tail -5 "$OUT/gpu-check.log"
