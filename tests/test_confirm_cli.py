"""``offload-lint --confirm`` and ``offload-lint confirm`` on the core fixtures, on CPU."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
import sys

import pytest
from tests.lines import line_of

ROOT = Path(__file__).resolve().parent.parent

pytest.importorskip("torch")
pytest.importorskip("diffusers")


def cli(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "fixtures" / "core")])}
    return subprocess.run([sys.executable, "-m", "offload_lint", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=300, env=env)




def test_static_findings_get_runtime_verdicts():
    result = cli("fixtures/core/prior.py", "fixtures/core/normalizer.py", "--confirm", "--no-cache",
                 "--output-format", "json")
    assert result.returncode == 1, result.stderr
    findings = json.loads(result.stdout)
    # The module rules' findings; OFL202 points at the pipeline's call site of the same methods.
    verdicts = {(f["path"], f["line"], f["attribute"]): f["verdict"] for f in findings if f["code"].startswith("OFL1")}
    prior = line_of(ROOT / "fixtures/core/prior.py", "prior_latents = (prior_latents * self.clip_std)")
    normalizer = line_of(ROOT / "fixtures/core/normalizer.py", "return (embeds - self.mean) / (self.std + self.eps)")
    assert verdicts[("fixtures/core/prior.py", prior, "clip_std")] == "confirmed"
    assert verdicts[("fixtures/core/normalizer.py", normalizer, "mean")] == "confirmed"
    assert all(v == "confirmed" for v in verdicts.values()), verdicts
    assert all({"verdict", "backend", "level", "evidence"} <= set(f) for f in findings)
    # The pipeline's call of scale() is judged by building the pipeline and running __call__, never "via" scale().
    (call,) = [f for f in findings if f["code"] == "OFL202"]
    assert call["line"] == line_of(ROOT / "fixtures/core/normalizer.py", "self.image_normalizer.scale(")
    assert call["verdict"] == "confirmed", call["evidence"]
    assert "via OFL" not in call["evidence"] and "Pipeline(image_normalizer=" in call["evidence"]


def test_confirm_subcommand_refutes_the_fixed_prior():
    fixed = cli("confirm", "prior:FixedPrior", "post_process_latents", "--level", "both")
    assert fixed.returncode == 0, fixed.stdout + fixed.stderr
    assert "refuted" in fixed.stdout
    broken = cli("confirm", "prior:Prior", "post_process_latents", "--level", "both")
    assert broken.returncode == 1 and "confirmed" in broken.stdout
