"""A base's helper the subclasses' forward runs through ``super()`` runs under forward's hook
(fixtures/core/super_called_helpers.py): not reported, and the run under diffusers' hooks agrees; the same call from
a public method outside forward stays reported and is confirmed."""

from __future__ import annotations

import warnings

from offload_lint.config import Settings
from offload_lint.engine import Options, lint
from tests.conftest import FIXTURES
from tests.lines import line_of

FIXTURE = FIXTURES / "core" / "super_called_helpers.py"


def test_a_helper_forward_runs_through_super_is_not_reported():
    found = {(f.code, f.line) for f in lint(Options(paths=[str(FIXTURE)], settings=Settings(), jobs=1)).findings}
    assert found == {("OFL102", line_of(FIXTURE, "        return self.proj(x)  # OFL102"))}


def test_the_runs_refute_forward_and_confirm_the_probe(monkeypatch):
    from offload_lint.confirm.runner import confirm
    from offload_lint.confirm.scenario import CheckConfig

    monkeypatch.syspath_prepend(str(FIXTURE.parent))
    warnings.simplefilter("ignore")
    through_forward = confirm("super_called_helpers:EncoderLayer", "forward", CheckConfig(level="both", backend="tracking"))
    assert through_forward.verdict == "refuted", through_forward.to_text()
    probed = confirm("super_called_helpers:ProbedLayer", "probe", CheckConfig(level="block", backend="tracking"))
    assert probed.verdict == "confirmed" and "proj.weight" in probed.to_text(), probed.to_text()
