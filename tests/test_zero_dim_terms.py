"""0-dim terms made from offloaded weights (fixtures/core/zero_dim_terms.py): a norm over every element, a 0-dim
tensor placed with a weight or its device. torch mixes a 0-dim CPU tensor with tensors on any device, so nothing is
reported, and the run under diffusers' hooks agrees; a norm over one dimension and a placed 0-dim tensor given
dimensions stay reported and are confirmed."""

from __future__ import annotations

import warnings

import pytest

from offload_lint.config import Settings
from offload_lint.engine import Options, lint
from tests.conftest import FIXTURES
from tests.markers import expected

FIXTURE = FIXTURES / "core" / "zero_dim_terms.py"


def test_zero_dim_terms_are_not_reported_their_look_alikes_are():
    found = lint(Options(paths=[str(FIXTURE)], settings=Settings(), jobs=1, show_suppressed=True)).findings
    shown, _ = expected(FIXTURE.read_text())
    assert sorted(("", f.line, f.code) for f in found if not f.suppressed_by) == sorted(shown.elements())


@pytest.mark.parametrize(("method", "verdict"), [("loss", "refuted"), ("row_penalty", "confirmed"),
                                                 ("broadcast_penalty", "confirmed")])
def test_the_runs_under_the_hooks_agree(monkeypatch, method, verdict):
    from offload_lint.confirm.runner import confirm
    from offload_lint.confirm.scenario import CheckConfig

    monkeypatch.syspath_prepend(str(FIXTURE.parent))
    warnings.simplefilter("ignore")
    report = confirm("zero_dim_terms:RegularisedNet", method, CheckConfig(level="both", backend="tracking"))
    assert report.verdict == verdict, report.to_text()


@pytest.mark.parametrize(("built", "host_only"), [("torch.tensor(0.0)", True), ("torch.tensor(-1.0)", True),
                                                   ("torch.tensor(-scale)", False), ("torch.tensor([1.0, 2.0])", False)])
def test_the_index_reads_a_weight_only_placing_a_number_as_host_only(built, host_only):
    """``torch.tensor(<number>).to(self.proj.weight)`` reads the weight only for its device and dtype; a tensor made
    of a value (``-scale``, a list) is no 0-dim number."""
    import ast

    from offload_lint.index.extract import summarize

    source = f"import torch\n\n\nclass M:\n    def reg(self, scale):\n        return {built}.to(self.proj.weight)\n"
    method = summarize(ast.parse(source), "m.py", "m", False).classes[0].methods["reg"]
    assert (("proj", "weight") in method.host_read_chains) is host_only
