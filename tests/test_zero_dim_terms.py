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
