"""Elements of containers inside a module that is never offloaded itself (fixtures/core/nested_container_blocks.py):
judged with the model that holds them, statically and under diffusers' real block-level hooks."""

from __future__ import annotations

import warnings

import pytest

from offload_lint.config import Settings
from offload_lint.engine import Options, lint
from tests.conftest import FIXTURES
from tests.lines import line_of

FIXTURE = FIXTURES / "core" / "nested_container_blocks.py"


def test_only_the_elements_of_a_root_s_own_container_keep_the_finding():
    found = lint(Options(paths=[str(FIXTURE)], settings=Settings(), jobs=1)).findings
    assert [(f.code, f.class_name, f.line) for f in found] == [
        ("OFL102", "ReadoutBlock", line_of(FIXTURE, "return self.mlp(self.attn(q) + kv)  # OFL102"))]


@pytest.mark.parametrize(("model", "verdict"), [
    ("TabularModel", "refuted"),  # the holder is a plain child: its elements ride in the root's unmatched group
    ("Aggregator", "confirmed"),  # the same holder offloaded itself: each element is a group of its own
    ("Readout", "confirmed"),  # the look-alike, offloaded as a model of its own
])
def test_the_holder_s_place_decides_at_runtime(monkeypatch, model, verdict):
    from offload_lint.confirm.runner import confirm
    from offload_lint.confirm.scenario import CheckConfig

    monkeypatch.syspath_prepend(str(FIXTURE.parent))
    warnings.simplefilter("ignore")
    report = confirm(f"nested_container_blocks:{model}", "forward", CheckConfig(level="block", backend="tracking"))
    assert report.verdict == verdict, report.to_text()
