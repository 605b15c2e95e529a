"""The scripts under scripts/ still run against the package as it is now."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_explain_sinks_prints_each_access_and_where_its_value_goes():
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "explain_sinks.py"), "fixtures/core/prior.py", "Prior",
                           "post_process_latents"], cwd=ROOT, capture_output=True, text=True, timeout=120,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    assert "self.clip_std" in done.stdout and "kind='compute'" in done.stdout


def test_raw_readiness_rows_needs_a_gpu_and_says_so():
    import pytest

    torch = pytest.importorskip("torch")
    if torch.cuda.is_available():
        pytest.skip("CUDA present: the script would run")
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "raw_readiness_rows.py"), "a.Pipeline"], cwd=ROOT,
                          capture_output=True, text=True, timeout=300, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 2 and "needs a CUDA device" in done.stderr, done.stderr


def test_gpu_vs_cpu_reads_the_stored_runs():
    runs = ROOT / "benchmarks" / "gpu" / "2026-12-04"
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "gpu_vs_cpu.py"), "readiness",
                           str(runs / "readiness-tracking-cpu.json.gz"), str(runs / "readiness-cuda-h200.json.gz")],
                          cwd=ROOT / "benchmarks", capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "decided by both runs: 98; same verdict: 98" in done.stdout
    assert "decided on the GPU: 98; same verdict as without streams: 98" in done.stdout
