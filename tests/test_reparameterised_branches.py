"""A fold of a block's own tensors into a conv it holds (fixtures/core/reparameterised_branches.py): the equivalent
kernel is made of offloaded tensors only (a same-class helper's unpacked tuple among them) and stored into an
offloaded weight, so nothing is reported, and the run under diffusers' hooks, fold then forward, meets no offloaded
weight on the compute device. A fold into a conv it builds itself stays reported."""

from __future__ import annotations

import warnings

import pytest

from offload_lint.config import Settings
from offload_lint.engine import Options, lint
from tests.conftest import FIXTURES

FIXTURE = FIXTURES / "core" / "reparameterised_branches.py"


def test_a_fold_into_a_held_conv_is_not_reported_one_into_a_conv_it_builds_is():
    found = {(f.class_name, f.code) for f in lint(Options(paths=[str(FIXTURE)], settings=Settings(), jobs=1)).findings}
    assert not [key for key in found if key[0] == "FoldIntoHeldConv"]
    assert ("FoldIntoNewConv", "OFL103") in found


@pytest.mark.parametrize("level", ["block", "leaf"])
def test_the_fold_then_forward_meets_no_offloaded_weight(monkeypatch, level):
    from offload_lint.confirm.runner import confirm
    from offload_lint.confirm.scenario import CheckConfig

    monkeypatch.syspath_prepend(str(FIXTURE.parent))
    warnings.simplefilter("ignore")
    report = confirm("reparameterised_branches:FoldIntoHeldConv", "partial_fusion",
                     CheckConfig(level=level, backend="tracking", steps=["partial_fusion", "forward"]))
    assert report.verdict == "refuted", report.to_text()


def test_a_fold_into_a_conv_it_builds_puts_the_kernel_where_no_hook_moves_it(monkeypatch):
    from offload_lint.confirm.runner import confirm
    from offload_lint.confirm.scenario import CheckConfig

    monkeypatch.syspath_prepend(str(FIXTURE.parent))
    warnings.simplefilter("ignore")
    report = confirm("reparameterised_branches:FoldIntoNewConv", "fuse",
                     CheckConfig(level="both", backend="tracking", steps=["fuse", "forward"]))
    assert report.verdict == "confirmed", report.to_text()
    assert "derived from branch_3x3.weight" in report.to_text()


def test_a_value_written_into_another_offloaded_weight_is_moved_by_its_hook(monkeypatch):
    """fixtures/core/stores_back.py's CrossWrite: ``self.other.weight.data = self.projected()`` in forward."""
    from offload_lint.confirm.runner import confirm
    from offload_lint.confirm.scenario import CheckConfig

    stores_back = FIXTURES / "core" / "stores_back.py"
    found = lint(Options(paths=[str(stores_back)], settings=Settings(), jobs=1)).findings
    assert not [f for f in found if f.class_name == "CrossWrite"]
    monkeypatch.syspath_prepend(str(stores_back.parent))
    warnings.simplefilter("ignore")
    report = confirm("stores_back:CrossWrite", "forward", CheckConfig(level="both", backend="tracking"))
    assert report.verdict == "refuted", report.to_text()
