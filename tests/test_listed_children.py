"""Children also listed in a ModuleList of their holder (fixtures/core/listed_children.py): block level hooks each
as a block of its own, so a method calling them outside forward is not reported, and the run under diffusers' hooks
agrees; the look-alike holding them without the list is confirmed."""

from __future__ import annotations

import warnings

import pytest

from offload_lint.config import Settings
from offload_lint.engine import Options, lint
from tests.conftest import FIXTURES

FIXTURE = FIXTURES / "core" / "listed_children.py"


def test_children_listed_in_a_modulelist_are_hooked_as_blocks():
    found = {(f.class_name, f.code) for f in lint(Options(paths=[str(FIXTURE)], settings=Settings(), jobs=1)).findings}
    assert not [key for key in found if key[0] == "ListedCritic"]
    assert ("UnlistedCritic", "OFL102") in found
    assert ("ClippedActor", "OFL102") in found  # wrapped in the container it becomes: no alias


@pytest.mark.parametrize(("model", "verdict"), [("ListedCritic", "refuted"), ("UnlistedCritic", "confirmed")])
def test_the_runs_at_block_level_agree(monkeypatch, model, verdict):
    from offload_lint.confirm.runner import confirm
    from offload_lint.confirm.scenario import CheckConfig

    monkeypatch.syspath_prepend(str(FIXTURE.parent))
    warnings.simplefilter("ignore")
    report = confirm(f"listed_children:{model}", "compute_value", CheckConfig(level="block", backend="tracking"))
    assert report.verdict == verdict, report.to_text()
