"""A ``device`` property judged where each reader sends it (fixtures/core/device_property_in_forward.py; issue 22 round
bm, cause P): read inside the forward whose hook onloads the weight, it gives the compute device; a helper's left-out
argument keeps its default, no compute-device tensor. Only the reader whose tensors meet an input is reported, and
runs under diffusers' hooks agree."""

from __future__ import annotations

import warnings

import pytest

from offload_lint.config import Settings
from offload_lint.engine import Options, lint
from tests.conftest import FIXTURES
from tests.markers import expected

FIXTURE = FIXTURES / "core" / "device_property_in_forward.py"


def test_only_the_reader_meeting_an_input_is_reported():
    found = lint(Options(paths=[str(FIXTURE)], settings=Settings(), jobs=1)).findings
    shown, _ = expected(FIXTURE.read_text())
    assert sorted(("", f.line, f.code) for f in found) == sorted(shown.elements())


@pytest.mark.parametrize(("target", "method", "verdict"), [
    ("Folder", "forward_with_inputs", "refuted"),
    ("ScheduledSampler", "schedule", "refuted"),
    ("Offsetter", "offsets", "confirmed"),
])
def test_the_runs_under_the_hooks_agree(monkeypatch, target, method, verdict):
    from offload_lint.confirm.runner import confirm
    from offload_lint.confirm.scenario import CheckConfig

    monkeypatch.syspath_prepend(str(FIXTURE.parent))
    warnings.simplefilter("ignore")
    report = confirm(f"device_property_in_forward:{target}", method, CheckConfig(level="both", backend="tracking"))
    assert report.verdict == verdict, report.to_text()
