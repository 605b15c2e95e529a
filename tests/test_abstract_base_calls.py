"""A method called on a component typed as a base that does not define it (fixtures/core/abstract_base_calls.py;
issue 22 round bo's recall misses: pyhealth's explainers call ``forward_from_embedding`` on a ``BaseModel``): the
subclasses' method is an entry point called from there. A base that defines the method itself (concretely or only to
raise) keeps the call on its own definition. The subclass's method breaks under diffusers' hooks at block level."""

from __future__ import annotations

import warnings

from offload_lint.config import Settings
from offload_lint.engine import Options, lint
from tests.conftest import FIXTURES
from tests.markers import expected

FIXTURE = FIXTURES / "core" / "abstract_base_calls.py"


def test_the_subclass_methods_a_base_leaves_open_are_reported():
    found = lint(Options(paths=[str(FIXTURE)], settings=Settings(), jobs=1)).findings
    shown, _ = expected(FIXTURE.read_text())
    assert sorted(("", f.line, f.code) for f in found) == sorted(shown.elements())
    assert all("called from" in f.message for f in found)


def test_the_run_under_the_hooks_confirms_it(monkeypatch):
    from offload_lint.confirm.runner import confirm
    from offload_lint.confirm.scenario import CheckConfig

    monkeypatch.syspath_prepend(str(FIXTURE.parent))
    warnings.simplefilter("ignore")
    report = confirm("abstract_base_calls:MLP", "forward_from_embedding", CheckConfig(level="block", backend="tracking"))
    assert report.verdict == "confirmed", report.to_text()
