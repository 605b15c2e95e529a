"""The pipeline calls of a UNet's submodules through a local name or an index
(``fixtures/strategies/component_parts_through_locals.py``) break at runtime under diffusers' model CPU offload, as
the linter says: each finding is confirmed by the confirmer's real-hook run."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from offload_lint.cli import main
from offload_lint.confirm.report import CONFIRMED

pytest.importorskip("accelerate")

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "strategies" / "component_parts_through_locals.py"


def test_calls_through_locals_and_indexes_are_confirmed_under_model_cpu_offload(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(FIXTURE.parent)
    status = main([FIXTURE.name, "--strategy", "model-cpu-offload", "--confirm", "--no-cache",
                   "--output-format", "json"])
    findings = json.loads(capsys.readouterr().out)
    assert status == 1
    assert {f["method"] for f in findings} == {"final_norm", "first_down_block", "first_down_block_indexed"}
    assert all(f["verdict"] == CONFIRMED for f in findings), [(f["method"], f["evidence"]) for f in findings]
