"""Real-device checks: skipped without CUDA; the script's --cpu-smoke mode always runs."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
import torch

import confirm_models as models
from offload_lint.confirm import OffloadOptions, confirm

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "gpu-check.sh"
needs_cuda = pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a CUDA device")


# The interpreter running the tests (``python`` on PATH may be another one) and no time limits: a
# loaded machine makes the run slower, never wrong. The subprocess limit only stops a hang.
SCRIPT_ENV = {**os.environ, "PYTHON": sys.executable, "GPU_CHECK_TIMEOUT": "0"}
HANG_GUARD_S = 3600


def test_gpu_check_script_cpu_smoke():
    result = subprocess.run(["bash", str(SCRIPT), "--cpu-smoke", "--time-limit", "0"], capture_output=True,
                            text=True, env=SCRIPT_ENV, timeout=HANG_GUARD_S)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 failure(s)" in result.stdout


def test_cuda_backend_refuses_without_cuda():
    if torch.cuda.is_available():
        pytest.skip("CUDA present")
    from offload_lint.confirm.backends import make_backend

    with pytest.raises(RuntimeError):
        make_backend("cuda")


@pytest.mark.gpu
@needs_cuda
@pytest.mark.parametrize("options", [OffloadOptions(), OffloadOptions(non_blocking=True),
                                     OffloadOptions(use_stream=True),
                                     OffloadOptions(use_stream=True, record_stream=True)],
                         ids=["plain", "non_blocking", "use_stream", "record_stream"])
def test_cuda_backend_matches_cpu_backends(options):
    bug = confirm(models.TinyPrior, "post_process_latents", backend="cuda", options=options)
    fixed = confirm(models.TinyPriorFixed, "post_process_latents", backend="cuda", options=options)
    leaf_read = confirm(models.FunctionalProjection, "forward", backend="cuda", options=options)
    assert bug.verdict == "confirmed" and fixed.verdict == "refuted"
    assert (leaf_read.verdict_at("block"), leaf_read.verdict_at("leaf")) == ("refuted", "confirmed")


@pytest.mark.gpu
@needs_cuda
def test_gpu_check_script_on_cuda():
    result = subprocess.run(["bash", str(SCRIPT), "--time-limit", "0"], capture_output=True, text=True,
                            env=SCRIPT_ENV, timeout=HANG_GUARD_S)
    assert result.returncode == 0, result.stdout + result.stderr
