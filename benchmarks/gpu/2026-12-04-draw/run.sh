#!/usr/bin/env bash
# The device run: readiness rows of 40 pipelines drawn at random (batches.txt, seed 20261204) on the GPU, streams
# rows included, eight batches of five side by side (16 cores; each batch its own process and limit), then the
# GPU-marked tests at this commit. Needs .whl/ and .gpu/ carried (see docs/gpu-checks.md).
set -u
cd "$(dirname "$0")/../../.."
start=$(date +%s)
stamp() { echo "$1 rc=$2 at +$(( $(date +%s) - start ))s" >> "$OUT/summary.txt"; }
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl > "$OUT/install.log" 2>&1; stamp install $?
export PYTHONPATH=/tmp/site:$PWD PYTHONUNBUFFERED=1 HF_HUB_OFFLINE=1 OMP_NUM_THREADS=2
D=$(python3 -c "import diffusers,os;print(os.path.dirname(diffusers.__file__))")
{ nvidia-smi -L; nproc; git rev-parse HEAD 2>/dev/null; python3 -c "import torch,diffusers,transformers,accelerate,libcst;print(torch.__version__, torch.version.cuda, torch.cuda.is_available(), diffusers.__version__, transformers.__version__, accelerate.__version__)"; } > "$OUT/env.txt" 2>&1
n=0
while read -r batch; do
  n=$((n + 1))
  ( timeout "${TB:-330}" python3 -m offload_lint readiness "$D" $batch --tests .gpu/diffusers-repo/tests/pipelines \
      --confirm --backend cuda --output-format json > "$OUT/r$n.json" 2> "$OUT/r$n.err"; stamp "readiness-$n" $? ) &
done < benchmarks/gpu/2026-12-04-draw/batches.txt
wait
timeout "${TP:-80}" python3 -m pytest -q -m gpu -p no:cacheprovider tests/confirm/test_gpu.py tests/readiness/test_confirm_rows.py \
  -k "not script_on_cuda" > "$OUT/pytest-gpu.log" 2>&1; stamp pytest-gpu $?
# At most eight files come back: the batches' outputs and logs in one archive.
(cd "$OUT" && tar czf results.tgz r*.json r*.err install.log env.txt && rm -f r*.json r*.err install.log env.txt)
cat "$OUT/summary.txt"; tail -3 "$OUT/pytest-gpu.log"
