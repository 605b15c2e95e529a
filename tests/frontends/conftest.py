from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def write_project(tmp_path: Path):
    """Write files (name -> text) under a fresh project root with a pyproject.toml."""

    def write(files: dict[str, str], pyproject: str = '[project]\nname = "demo"\n') -> Path:
        (tmp_path / "pyproject.toml").write_text(pyproject)
        for name, text in files.items():
            path = tmp_path / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
        return tmp_path

    return write
