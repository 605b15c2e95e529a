"""The children typed from where their class is decided (``fixtures/strategies/children_built_elsewhere.py``) break at
runtime as the linter says: a public method's calls of stages built by the class's own helper, under model CPU
offload, and a handed model's state dict, under accelerate's sequential offload, are confirmed by real-hook runs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from offload_lint.cli import main
from offload_lint.confirm.report import CONFIRMED

pytest.importorskip("accelerate")

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "strategies" / "children_built_elsewhere.py"


def _confirmed(strategy: str, code: str, capsys: pytest.CaptureFixture[str]) -> list[dict]:
    status = main([FIXTURE.name, "--strategy", strategy, "--select", code, "--confirm", "--no-cache",
                   "--output-format", "json"])
    findings = json.loads(capsys.readouterr().out)
    assert status == 1
    assert all(f["verdict"] == CONFIRMED for f in findings), [(f["line"], f["evidence"]) for f in findings]
    return findings


def test_stages_built_by_the_own_helper_are_confirmed_under_model_cpu_offload(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(FIXTURE.parent)
    findings = _confirmed("model-cpu-offload", "OFL102", capsys)
    assert {f["attribute"] for f in findings if f["method"] == "forward_features"} == {"stem", "stage1", "stage2"}


def test_the_weighted_handed_child_is_confirmed_under_sequential_offload(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(FIXTURE.parent)
    findings = _confirmed("accelerate-sequential", "OFL109", capsys)
    assert [f["attribute"] for f in findings] == ["denoiser.time_embedding"]
