#!/usr/bin/env bash
set -u
cd "$(dirname "$0")/.."
start=$(date +%s)
stamp() { echo "$1 rc=$2 at +$(( $(date +%s) - start ))s" >> "$OUT/summary.log"; }
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl > "$OUT/install.log" 2>&1; stamp install $?
export PYTHONPATH=/tmp/site:$PWD PYTHONUNBUFFERED=1 HF_HUB_OFFLINE=1
GPU_CHECK_TIMEOUT=100 PYTHON=python3 bash scripts/gpu-check.sh --time-limit 0 > "$OUT/gpu-check.log" 2>&1; stamp gpu-check $?
timeout 70 python3 -m pytest -q -m gpu -p no:cacheprovider tests/confirm/test_gpu.py tests/readiness/test_confirm_rows.py -k "not script_on_cuda" > "$OUT/pytest-gpu.log" 2>&1; stamp pytest-gpu $?
timeout 110 python3 scripts/raw_readiness_rows.py diffusers.pipelines.anyflow.pipeline_anyflow_far.AnyFlowFARPipeline diffusers.pipelines.z_image.pipeline_z_image.ZImagePipeline diffusers.pipelines.stable_cascade.pipeline_stable_cascade_prior.StableCascadePriorPipeline diffusers.pipelines.motif_video.pipeline_motif_video_image2video.MotifVideoImage2VideoPipeline --tests .gpu/diffusers-repo/tests/pipelines > "$OUT/raw-rows.jsonl" 2> "$OUT/raw-rows.err"; stamp raw-rows $?
cat "$OUT/summary.log"; tail -3 "$OUT/gpu-check.log"; tail -3 "$OUT/pytest-gpu.log"
