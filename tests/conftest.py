from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"


@pytest.fixture
def lint_source(tmp_path):
    """Lint one source text in isolation; returns the findings."""
    from offload_lint.config import Settings
    from offload_lint.engine import Options, lint

    def run(source: str, select: list[str] | None = None, name: str = "example.py", **settings):
        path = tmp_path / name
        path.write_text(source, encoding="utf-8")
        options = Options(paths=[str(path)], settings=Settings(select=select, **settings), jobs=1)
        return lint(options).findings

    return run
