"""A child bound on the instance a classmethod builds (fixtures/core/factory_bound_children.py) is a child of the
class: a method outside forward that calls it is reported, and the run under diffusers' block-level hooks confirms it."""

from __future__ import annotations

import warnings

from offload_lint.config import Settings
from offload_lint.engine import Options, lint
from tests.conftest import FIXTURES
from tests.lines import line_of

FIXTURE = FIXTURES / "core" / "factory_bound_children.py"


def _findings():
    return lint(Options(paths=[str(FIXTURE)], settings=Settings(), jobs=1)).findings


def test_the_factory_s_own_instance_binds_a_child_another_instance_does_not():
    found = {(f.class_name, f.code, f.line) for f in _findings()}
    to_frames = line_of(FIXTURE, "        return self.enc(x)  # OFL102")
    assert ("FactoryBuilt", "OFL102", to_frames) in found
    assert not [key for key in found if key[0] == "OtherInstance"]


def test_the_factory_built_child_is_offloaded_outside_forward_at_block_level(monkeypatch):
    from offload_lint.confirm.runner import confirm
    from offload_lint.confirm.scenario import CheckConfig

    monkeypatch.syspath_prepend(str(FIXTURE.parent))
    warnings.simplefilter("ignore")
    config = CheckConfig(level="block", backend="tracking", factory="factory_bound_children:build_factory_built")
    report = confirm("factory_bound_children:FactoryBuilt", "to_frames", config)
    assert report.verdict == "confirmed", report.to_text()
    assert "enc.weight" in report.to_text()
