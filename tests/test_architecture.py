"""The rules are filters over the analysis's facts: no rule module reads the index or torch tables;
the parse stage is loaded only when something must be parsed."""

from __future__ import annotations

import ast
import subprocess
import sys
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


# One lint of a folder with a cache directory; prints whether libcst was loaded.
_RUN = """
import sys
from offload_lint.cli import main
main([sys.argv[1], "--cache-dir", sys.argv[2], "--exit-zero"])
print("libcst" in sys.modules)
"""


def test_libcst_is_loaded_only_when_something_must_be_parsed(tmp_path: Path) -> None:
    """The parse stage (the libcst pass, the fixes' codemods) is imported when a method must be
    parsed: a fresh process answered from the cache (flake8 in an editor) starts without libcst."""
    root = Path(__file__).resolve().parent.parent
    command = [sys.executable, "-c", _RUN, str(root / "fixtures" / "core"), str(tmp_path / "cache")]
    cold, warm = (subprocess.run(command, capture_output=True, text=True, cwd=tmp_path, timeout=300)
                  for _ in range(2))
    assert cold.stdout.split()[-1:] == ["True"], cold.stderr  # a cold run parses
    assert warm.stdout.split()[-1:] == ["False"], warm.stderr


_READINESS = """
import sys
from offload_lint.cli import main
main(["readiness", sys.argv[1], "--no-cache", "--exit-zero", "--output-format", "json"])
print(sorted(name for name in ("torch", "diffusers", "transformers") if name in sys.modules))
"""


def test_static_readiness_imports_no_model_library(tmp_path: Path) -> None:
    """readiness reads pipelines, components and diffusers' hook as text: only --confirm imports torch."""
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run([sys.executable, "-c", _READINESS, str(root / "fixtures" / "readiness")],
                          capture_output=True, text=True, cwd=tmp_path, timeout=300)
    assert done.stdout.splitlines()[-1:] == ["[]"], done.stderr[-2000:]
    assert '"pipeline": "UnclipLikePipeline"' in done.stdout
