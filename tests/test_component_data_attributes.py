"""A component's attribute bound from an ``__init__`` parameter annotated with data (fixtures/core/
component_data_attributes.py; issue 22 round bo, cause KA: pyhealth's explainers reading
``self.model.dataset.input_processors[k].schema()``): no guess at a submodule there; a chain through an attribute the
linter cannot read stays reported as a guess from the names."""

from __future__ import annotations

from offload_lint.config import Settings
from offload_lint.engine import Options, lint
from tests.conftest import FIXTURES
from tests.markers import expected

FIXTURE = FIXTURES / "core" / "component_data_attributes.py"


def test_only_the_unreadable_attribute_is_a_guess():
    found = lint(Options(paths=[str(FIXTURE)], settings=Settings(), jobs=1)).findings
    shown, _ = expected(FIXTURE.read_text())
    assert sorted(("", f.line, f.code) for f in found) == sorted(shown.elements())
    assert all("guess from the names" in f.message and "trunk" in f.message for f in found)
