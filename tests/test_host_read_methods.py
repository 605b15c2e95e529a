"""A child's method reading its weights only back to host memory (fixtures/core/host_read_methods.py) is no weight
use where group offloading keeps a usable CPU copy: not reported, and the run under the hooks agrees; a child method
computing with an input stays reported and confirmed."""

from __future__ import annotations

import warnings

from offload_lint.config import Settings
from offload_lint.engine import Options, lint
from tests.conftest import FIXTURES

FIXTURE = FIXTURES / "core" / "host_read_methods.py"


def test_host_reads_through_child_methods_are_not_reported_a_computing_child_method_is():
    found = {(f.method, f.code) for f in lint(Options(paths=[str(FIXTURE)], settings=Settings(), jobs=1)).findings}
    assert not [key for key in found if key[0] == "serialize"]
    assert ("project", "OFL102") in found


def test_the_host_reads_meet_nothing_the_computing_method_meets_the_input(monkeypatch):
    from offload_lint.confirm.runner import confirm
    from offload_lint.confirm.scenario import CheckConfig

    monkeypatch.syspath_prepend(str(FIXTURE.parent))
    warnings.simplefilter("ignore")
    serialized = confirm("host_read_methods:SerializedModel", "serialize", CheckConfig(level="both", backend="tracking"))
    assert serialized.verdict == "refuted", serialized.to_text()
    projected = confirm("host_read_methods:SerializedModel", "project", CheckConfig(level="block", backend="tracking"))
    assert projected.verdict == "confirmed" and "descriptor.block.matrix" in projected.to_text(), projected.to_text()
