"""The rules are filters over the analysis's facts: no rule module reads the index or torch tables."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import offload_lint.rules as rules_package

RULES = Path(rules_package.__file__).parent
# ``base`` defines what a rule sees (the checks handed to it), built from the index by the engine.
RULE_MODULES = sorted(path for path in RULES.glob("*.py") if path.stem not in ("__init__", "base"))


def _runtime_imports(path: Path) -> list[str]:
    """Modules imported at run time (imports under ``if TYPE_CHECKING:`` are for annotations only)."""
    tree = ast.parse(path.read_text())
    found = []
    for node in tree.body:
        if isinstance(node, ast.If) and getattr(node.test, "id", None) == "TYPE_CHECKING":
            continue
        for child in ast.walk(node):
            if isinstance(child, ast.ImportFrom):
                found.append("." * child.level + (child.module or ""))
            elif isinstance(child, ast.Import):
                found.extend(alias.name for alias in child.names)
    return found


@pytest.mark.parametrize("path", RULE_MODULES, ids=lambda path: path.stem)
def test_rule_modules_do_not_read_the_index(path: Path) -> None:
    imports = _runtime_imports(path)
    assert imports, "a rule module imports at least its base"
    assert not [name for name in imports if name.startswith("..index") or "offload_lint.index" in name]
