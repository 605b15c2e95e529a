#!/usr/bin/env bash
# Device check for the runtime confirmer: the fixture cases on real CUDA with plain, non_blocking,
# use_stream and use_stream+record_stream settings, plus parity with the un-offloaded model (< 3 min).
#   scripts/gpu-check.sh              # needs a CUDA device
#   scripts/gpu-check.sh --cpu-smoke  # same script on the cpu tracking backend (run by the test suite)
# Limits: GPU_CHECK_TIMEOUT seconds for the whole run (default 180, 0: none) and --time-limit
# seconds per confirmation (default 30, 0: none); PYTHON is the interpreter to use.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PYTHONPATH="${root}:${root}/fixtures/confirm${PYTHONPATH:+:${PYTHONPATH}}"
exec timeout "${GPU_CHECK_TIMEOUT:-180}" "${PYTHON:-python}" -m offload_lint.confirm.gpu_check "$@"
