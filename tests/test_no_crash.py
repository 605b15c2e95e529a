"""Shapes met in whole real trees (benchmarks/bench_trees.py) that once stopped a run."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_a_torch_nn_mixin_reading_a_weight_it_never_assigns(tmp_path: Path) -> None:
    """torch's own _LazyConvXdMixin: a module only through a torch.nn base, ``self.weight`` known
    from that base and never assigned in the class (was KeyError: 'weight')."""
    modules = tmp_path / "torch" / "nn" / "modules"
    modules.mkdir(parents=True)
    for package in (tmp_path / "torch", tmp_path / "torch" / "nn", modules):
        (package / "__init__.py").write_text("")
    (modules / "lazy.py").write_text("class LazyModuleMixin:\n    pass\n")
    (modules / "lazyconv.py").write_text(
        "from .lazy import LazyModuleMixin\n\n\nclass _LazyScaleMixin(LazyModuleMixin):\n"
        "    def materialize_scale(self, x):\n        return x * self.weight\n")
    done = subprocess.run([sys.executable, "-m", "offload_lint", "--no-cache", "torch"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=120,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", "OFFLOAD_LINT_DEBUG": "1"})
    assert done.returncode == 1 and done.stderr == "", done.stderr
    assert "lazyconv.py:6:20: OFL101" in done.stdout and "root parameter 'weight'" in done.stdout
