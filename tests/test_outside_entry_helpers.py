"""Helpers of a method that outside callers make an entry point run outside forward too
(fixtures/core/outside_entry_helpers.py): reported through it, and confirmed by running the agent's call under
diffusers' hooks at both levels."""

from __future__ import annotations

import warnings

from offload_lint.config import Settings
from offload_lint.engine import Options, lint
from tests.conftest import FIXTURES

FIXTURE = FIXTURES / "core" / "outside_entry_helpers.py"


def test_the_helper_of_the_outside_entry_is_reported_the_forward_only_helper_is_not():
    found = {(f.class_name, f.method, f.code) for f in lint(Options(paths=[str(FIXTURE)], settings=Settings(), jobs=1)).findings}
    assert {("Policy", "compute", "OFL102"), ("Policy", "compute", "OFL101"), ("Agent", "act", "OFL202")} <= found
    assert not [key for key in found if key[0] == "InternalPolicy"]


def test_the_agent_s_call_meets_offloaded_weights(monkeypatch):
    from offload_lint.confirm.runner import confirm
    from offload_lint.confirm.scenario import CheckConfig

    monkeypatch.syspath_prepend(str(FIXTURE.parent))
    warnings.simplefilter("ignore")
    report = confirm("outside_entry_helpers:Policy", "act",
                     CheckConfig(level="both", backend="tracking", call="outside_entry_helpers:acting"))
    assert report.verdict_at("block") == "confirmed" and "rnn.weight_ih_l0" in report.to_text(), report.to_text()
    assert report.verdict_at("leaf") == "confirmed" and "log_std" in report.to_text(), report.to_text()
