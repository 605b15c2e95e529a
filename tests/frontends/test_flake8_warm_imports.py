"""The flake8 plugin on an unchanged checkout imports none of the analysis.

flake8 starts a process per run and the plugin's imports are most of what it adds to flake8's own
start (issue 23: one file in a warm checkout <= 0.3 s). On a checkout whose last whole-project run is
cached, the plugin reads that answer with the configuration, the cache and the finding model alone.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from frontend_helpers import BAD_MODEL, checkout_env, run_offload_lint

# What an answer from the cache must not import: the engine, the index, the analysis, the rule registry,
# libcst, and pathspec (no exclude patterns and no .gitignore in the project).
_HEAVY = ("offload_lint.engine", "offload_lint.index", "offload_lint.analyze.entry_points",
          "offload_lint.analyze.semantics", "offload_lint.analyze.method_facts", "offload_lint.rules",
          "offload_lint.readiness", "offload_lint.cli", "libcst", "pathspec")

_PLUGIN_RUN = """
import ast, json, sys
from offload_lint.flake8_plugin import OffloadLintPlugin
text = open("model.py").read()
plugin = OffloadLintPlugin(ast.parse(text), "model.py", text.splitlines(keepends=True))
codes = sorted(message.split()[0] for _, _, message, _ in plugin.run())
heavy = sorted(name for name in sys.modules if name.startswith(tuple(sys.argv[1:])))
print(json.dumps({"codes": codes, "heavy": heavy}))
"""


def _plugin_in_fresh_process(root: Path) -> dict:
    done = subprocess.run([sys.executable, "-c", _PLUGIN_RUN, *_HEAVY], cwd=root, env=checkout_env(),
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_warm_checkout_is_answered_without_importing_the_analysis(write_project) -> None:
    root = write_project({"model.py": BAD_MODEL, "pkg/other.py": "x = 1\n"})
    built = run_offload_lint(".", "--exit-zero", cwd=root)
    assert built.returncode == 0, built.stderr

    warm = _plugin_in_fresh_process(root)
    assert set(warm["codes"]) == {"OFL101"}
    assert warm["heavy"] == [], "the warm path imported the analysis"

    # The look-alike: a changed file misses the cached answer, and the plugin analyzes (the check sees it).
    (root / "pkg" / "other.py").write_text("x = 2\n")
    cold = _plugin_in_fresh_process(root)
    assert cold["codes"] == warm["codes"]
    assert "offload_lint.engine" in cold["heavy"]
