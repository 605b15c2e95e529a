"""One entry point (runner.py) over the engine and the strategies, which share their data through scenario.py and
import each other in one direction only; every run keeps a trace of what it tried (``--explain``)."""

from __future__ import annotations

import ast
import io
from pathlib import Path

from offload_lint.confirm.cli import confirm_main

CONFIRM = Path(__file__).resolve().parents[2] / "offload_lint" / "confirm"


def imported_modules(path: Path) -> set[str]:
    """Relative modules a file imports anywhere (function-level imports included), resolved against confirm/."""
    package = path.parent.relative_to(CONFIRM.parent.parent).parts
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.level:
            base = list(package[: len(package) - node.level + 1])
            found.add(".".join(base + ([node.module] if node.module else [])))
    return found


def test_the_engine_does_not_import_the_strategies_and_they_do_not_import_the_runner():
    assert not {m for m in imported_modules(CONFIRM / "engine.py") if ".strategies" in m}
    for path in (CONFIRM / "strategies").glob("*.py"):
        imported = imported_modules(path)
        assert "offload_lint.confirm.runner" not in imported, path
        assert "offload_lint.confirm.engine" not in imported or path.name == "__init__.py", path  # run_level only
    assert not {m for m in imported_modules(CONFIRM / "scenario.py") if m.endswith(("engine", "runner"))}


def test_explain_prints_every_build_try_and_call(capsys):
    out = io.StringIO()
    status = confirm_main(["confirm_tiny:NeedsTwoHeads", "forward", "--level", "leaf", "--backend", "tracking",
                           "--explain"], stdout=out)
    text = out.getvalue()
    assert status == 1, text
    steps = [line.strip()[2:] for line in text.splitlines() if line.strip().startswith("- ")]
    assert steps[0] == "backends to try: tracking"
    assert any("build: the default constructor" in step for step in steps)
    assert any("ValueError: needs at least 2 heads" in step for step in steps)  # a failed tiny config, kept
    assert any("constructed: tiny config NeedsTwoHeads(" in step for step in steps)
    assert any("leaf level: ran forward(" in step for step in steps)
