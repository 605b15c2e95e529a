"""Loops over a ModuleList sliced once or twice (fixtures/core/sliced_containers.py; issue 22 round bh, cause F):
each item is a block called through its own hooks; only a layer called inside a block is reported. The run under
diffusers' hooks agrees: at block level the offloaded weights reached are those of that line alone."""

from __future__ import annotations

import re
import warnings

from offload_lint.config import Settings
from offload_lint.engine import Options, lint
from tests.conftest import FIXTURES
from tests.markers import expected

FIXTURE = FIXTURES / "core" / "sliced_containers.py"


def test_only_the_layer_inside_a_block_is_reported():
    found = lint(Options(paths=[str(FIXTURE)], settings=Settings(), jobs=1)).findings
    shown, _ = expected(FIXTURE.read_text())
    assert sorted(("", f.line, f.code) for f in found) == sorted(shown.elements())


def test_the_run_under_the_hooks_reaches_offloaded_weights_at_the_marked_line_only(monkeypatch):
    from offload_lint.confirm.runner import confirm
    from offload_lint.confirm.scenario import CheckConfig

    monkeypatch.syspath_prepend(str(FIXTURE.parent))
    warnings.simplefilter("ignore")
    report = confirm("sliced_containers:FPN", "forward", CheckConfig(level="block", backend="tracking"))
    assert report.verdict == "confirmed", report.to_text()
    shown, _ = expected(FIXTURE.read_text())
    lines = {int(line) for line in re.findall(r"sliced_containers\.py:(\d+)", report.to_text())}
    assert lines == {line for _, line, _ in shown}
