"""The rules are filters over the analysis's facts: no rule module reads the index or torch tables;
the parse stage is loaded only when something must be parsed."""

from __future__ import annotations

import ast
import re
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


# --- strategies are data ----------------------------------------------------------------------------------------
PACKAGE = RULES.parent
# Where naming one strategy is the point: the strategies themselves (``strategies.py``; ``finding.py`` defines
# the group levels' keys), the runtime side (a strategy's runtime module applies it with its own library:
# ``confirm/strategies/<name>.py``, ``confirm/strategies/spec.py`` the runtime's table of them, and
# ``confirm/*.py`` diffusers group offloading's own confirmer), and ``readiness/``, which is diffusers group
# offloading's report: its columns are the block and leaf levels by definition.
_STRATEGY_HOMES = ("strategies.py", "finding.py", "confirm/", "readiness/")
_STRATEGY_CONSTANTS = {"GROUP_BLOCK", "GROUP_LEAF", "ACCELERATE_SEQUENTIAL", "MODEL_CPU_OFFLOAD", "FSDP2", "ZERO3",
                       "GROUP_KEYS"}
_LEVEL_CONSTANTS = {"BLOCK", "LEAF"}  # offload_lint.finding's keys of the two group levels
# Today's places outside those homes that still name one strategy, by (module, name): a shrinking list (issue 21:
# every difference between strategies is to become a field of ``Strategy``). A count may only go down, and an
# entry no longer needed must be deleted (the test says so), so the list cannot grow back unnoticed.
_STRATEGY_NAMED: dict[tuple[str, str], int] = {
}


def _strategy_names_used(path: Path) -> dict[str, int]:
    """How often a module names one strategy: a ``Strategy`` constant or ``GROUP_KEYS`` imported, a group
    level's key imported from ``finding``, or a strategy's key or name written as a string (not in a
    docstring; ``"block"`` and ``"leaf"`` are left out as strings: they also name roles and layer kinds)."""
    from offload_lint.strategies import STRATEGIES

    words = {s.key for s in STRATEGIES if s.key not in ("block", "leaf")} | {s.name for s in STRATEGIES}
    tree = ast.parse(path.read_text())
    aliases: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            # A Strategy constant from anywhere (``fix/model.py`` passes one on); BLOCK and LEAF from ``finding``
            # only (``index/torch_nn.LEAF`` is a kind of layer).
            module = node.module.rsplit(".", 1)[-1]
            wanted = _STRATEGY_CONSTANTS | (_LEVEL_CONSTANTS if module == "finding" else set())
            aliases.update({alias.asname or alias.name: alias.name for alias in node.names if alias.name in wanted})
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    counts: dict[str, int] = {}
    for node in ast.walk(tree):
        name = None
        if isinstance(node, ast.Name) and node.id in aliases:
            name = aliases[node.id]
        elif isinstance(node, ast.Attribute) and node.attr in _STRATEGY_CONSTANTS \
                and isinstance(node.value, ast.Name) and node.value.id == "strategies":
            name = node.attr
        elif isinstance(node, ast.Constant) and node.value in words and id(node) not in docstrings:
            name = repr(node.value)
        if name is not None:
            counts[name] = counts.get(name, 0) + 1
    return counts


def test_no_module_outside_the_strategies_names_one_strategy() -> None:
    """``strategies.py``'s rule: the semantics read ``Strategy`` fields; nothing else forks on a strategy's name.
    Today's exceptions are listed in ``_STRATEGY_NAMED`` (which may only shrink)."""
    found: dict[tuple[str, str], int] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE).as_posix()
        if relative.startswith(_STRATEGY_HOMES):
            continue
        for name, count in _strategy_names_used(path).items():
            found[(relative, name)] = count
    new = {key: count for key, count in found.items() if count > _STRATEGY_NAMED.get(key, 0)}
    assert not new, f"a module names one strategy (read a Strategy field instead): {new}"
    stale = {key: (allowed, found.get(key, 0)) for key, allowed in _STRATEGY_NAMED.items()
             if found.get(key, 0) < allowed}
    assert not stale, f"fewer strategy names than _STRATEGY_NAMED allows (lower or delete the entries): {stale}"


def test_the_strategy_scan_sees_what_it_looks_for(tmp_path: Path) -> None:
    source = tmp_path / "probe.py"
    source.write_text('"""zero3 in a docstring."""\nfrom ..strategies import ZERO3 as Z, BY_KEY\nfrom ..finding import LEAF\n'
                      'def f(key):\n    return key == Z.key or key == "fsdp2" or LEAF in BY_KEY or key == "leaf"\n')
    assert _strategy_names_used(source) == {"ZERO3": 1, "'fsdp2'": 1, "LEAF": 1}


# --- rules are discovered and declare what they do -----------------------------------------------------------------
from offload_lint.rules import ALL_RULES, Confirm, Rule, Scope  # noqa: E402

_CODE = re.compile(r"^OFL\d{3}$")


def _code_literals(path: Path) -> list[tuple[int, str]]:
    """Rule codes written as whole strings in ``path``, except a rule class's own ``code = "OFLnnn"``."""
    tree = ast.parse(path.read_text())
    own = {id(node.value) for node in ast.walk(tree)
           if isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == ["code"]}
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and _CODE.match(node.value)
            and id(node) not in own]


@pytest.mark.parametrize("path", RULE_MODULES, ids=lambda path: path.stem)
def test_rules_keep_no_codes_of_other_rules(path: Path) -> None:
    """A rule that needs something of another rule reads its declared attribute (``fix_where_defined``), and a
    rule module lists no codes (``CODES = (...)``): the registry is the one list."""
    assert _code_literals(path) == []


# Outside the rules, a code may be produced (``readiness/check.py`` reports OFL3xx) but not used as a list of
# capabilities. Today's exceptions, a shrinking list:
_CODE_BRANCHES = {
    # A base class's OFL102 (a child called outside forward) holds for a subclass root when the semantics say the
    # child is offloaded for that root: what OFL102 means, not a capability every rule could declare.
    ("readiness/assess.py", "OFL102"): 1,
}


def _code_lists_and_branches(path: Path) -> list[str]:
    """Codes in a tuple/list/set/dict of two or more codes, or compared with (``==``, ``in``) in ``path``."""
    tree = ast.parse(path.read_text())
    found = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Tuple, ast.List, ast.Set, ast.Dict)):
            items = node.keys if isinstance(node, ast.Dict) else node.elts
            codes = [item.value for item in items if isinstance(item, ast.Constant) and isinstance(item.value, str)
                     and _CODE.match(item.value)]
            if len(codes) >= 2:
                found += codes
        elif isinstance(node, ast.Compare):
            for side in (node.left, *node.comparators):
                if isinstance(side, ast.Constant) and isinstance(side.value, str) and _CODE.match(side.value):
                    found.append(side.value)
    return found


def test_capabilities_are_read_from_the_registry_not_from_code_lists() -> None:
    found: dict[tuple[str, str], int] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE).as_posix()
        for code in _code_lists_and_branches(path):
            found[(relative, code)] = found.get((relative, code), 0) + 1
    # The diagnostics that are no rule (``rules/__init__.py``'s OFL000 and OFL900) are named by constant.
    assert found == _CODE_BRANCHES, "list or compare rule codes: declare a Rule attribute and read ALL_RULES"


def test_every_rule_module_is_discovered_and_nothing_lists_them() -> None:
    """A new rule is one module in ``rules/`` (and its doc, ``tests/test_rule_docs.py``): the registry finds it."""
    discovered_modules = {rule.__module__.rsplit(".", 1)[-1] for rule in ALL_RULES}
    assert {path.stem for path in RULE_MODULES if not path.stem.startswith("_")} == discovered_modules
    init = RULES / "__init__.py"
    assert [code for _, code in _code_literals(init)] == ["OFL000", "OFL900"]  # the diagnostics, no rule
    assert [name for name in _runtime_imports(init) if name.startswith(".")] == [".base"], "rules/__init__ imports no rule"


def _declares(rule: type[Rule], attribute: str) -> bool:
    """Declared by the rule or a rule base of its own (``TestConfigRule``), not left to :class:`Rule`."""
    return any(attribute in vars(klass) for klass in rule.__mro__ if klass is not Rule and issubclass(klass, Rule))


def _overrides(rule: type[Rule], check: str) -> bool:
    return getattr(rule, check) is not getattr(Rule, check)


@pytest.mark.parametrize("rule", ALL_RULES, ids=lambda rule: rule.code)
def test_capabilities_are_declared_and_true(rule: type[Rule]) -> None:
    """Every rule declares its scope and how it is confirmed; the checks it defines are the ones its scope says
    the engine calls (read here once, so that the engine never has to reflect on a rule)."""
    assert _declares(rule, "scope") and isinstance(rule.scope, Scope)
    assert _declares(rule, "confirm") and isinstance(rule.confirm, Confirm)
    assert _overrides(rule, "check_method") is rule.scope.checks_methods
    assert _overrides(rule, "check_class") is rule.scope.checks_classes
    assert _overrides(rule, "check_function") is rule.scope.checks_functions
    assert (_overrides(rule, "visits") or _overrides(rule, "focus")) is (rule.scope is Scope.CALLER_METHOD)
    if rule.scope is Scope.TEST_CONFIG:
        assert rule.confirm is Confirm.NOT_RUN
    if rule.confirm.runs_caller:
        assert rule.scope.outside_modules
    assert isinstance(rule.has_fix, bool) and isinstance(rule.not_run_because, str) and rule.not_run_because


def test_the_engine_reads_no_rule_by_reflection() -> None:
    """Which check runs where is the declared scope: no module compares a rule's methods with Rule's."""
    for path in sorted(PACKAGE.rglob("*.py")):
        text = path.read_text()
        assert "Rule.check_method" not in text and "Rule.check_class" not in text, path
        assert "Rule.check_function" not in text, path
        assert "applies_to_non_modules" not in text, path
