"""A forward-less model wrapper that overrides ``__call__`` (fixtures/core/call_wrapper.py; earth2studio's FCN and
AFNO wrappers, issue 22 round bg's recall misses): no module holds it, so offloading is applied to it as a whole model
and no hook of its own ever runs. At block level its plain child is in its unmatched group, never onloaded, and is
reported with its buffers; a callable a module holds (an attention processor) is judged inside that module. The run
under diffusers' hooks agrees: the child's weight reaches computation offloaded at block level only."""

from __future__ import annotations

import warnings

from offload_lint.config import Settings
from offload_lint.engine import Options, lint
from tests.conftest import FIXTURES
from tests.markers import expected

FIXTURE = FIXTURES / "core" / "call_wrapper.py"


def test_the_wrapper_is_judged_as_a_whole_model_the_processor_inside_its_holder():
    found = lint(Options(paths=[str(FIXTURE)], settings=Settings(), jobs=1)).findings
    shown, _ = expected(FIXTURE.read_text())
    assert sorted(("", f.line, f.code) for f in found) == sorted(shown.elements())
    (child,) = [f for f in found if f.code == "OFL102"]
    assert child.levels == ("block",)
    assert all("block" in f.levels for f in found if f.code == "OFL101")


def test_the_run_under_the_hooks_finds_the_child_offloaded_at_block_level(monkeypatch):
    from offload_lint.confirm.runner import confirm
    from offload_lint.confirm.scenario import CheckConfig

    monkeypatch.syspath_prepend(str(FIXTURE.parent))
    warnings.simplefilter("ignore")
    report = confirm("call_wrapper:Wrapper", "__call__", CheckConfig(level="both", backend="tracking"))
    block, leaf = (line for line in report.to_text().splitlines() if line.strip().startswith(("block", "leaf")))
    assert "model.a.weight" in block and "model.a.weight" not in leaf, report.to_text()
