"""Resolving names through installed packages reads only the modules that can bind them.

A lazy package in the shape of transformers (``__init__`` star-imports ``models``, which star-imports every
family; many families import the same factory, and their docstrings name it in examples) must not make one
``Factory.from_config(...)`` in a linted file read every family.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from offload_lint.config import Settings
from offload_lint.engine import Options, lint
from offload_lint.index import project
from offload_lint.index.project import _defines_or_imports

FAMILIES = 30


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


@pytest.fixture
def lazy_hub(tmp_path: Path, monkeypatch) -> Path:
    site = tmp_path / "site"
    _write(site / "lazyhub" / "__init__.py", "from .models import *\n")
    families = "".join(f"from .fam{n:02d} import *\n" for n in range(FAMILIES))
    _write(site / "lazyhub" / "models" / "__init__.py", "from .auto import *\n" + families)
    _write(site / "lazyhub" / "models" / "auto" / "__init__.py", "from .factory import AutoThing\n")
    _write(site / "lazyhub" / "models" / "auto" / "factory.py",
           "class AutoThing:\n    @classmethod\n    def from_config(cls, config):\n        return None\n")
    for n in range(FAMILIES):
        family = site / "lazyhub" / "models" / f"fam{n:02d}"
        _write(family / "__init__.py", f"from .modeling_fam{n:02d} import *\n")
        _write(family / f"modeling_fam{n:02d}.py", (
            '"""Example:\n\n>>> from lazyhub import AutoThing\n"""\n'
            "from torch import nn\n"
            "from ..auto import AutoThing\n\n"
            f"class Fam{n:02d}Model(nn.Module):\n"
            "    def __init__(self, config):\n"
            "        super().__init__()\n"
            "        self.inner = AutoThing.from_config(config)\n"))
    monkeypatch.syspath_prepend(str(site))
    return site


def test_a_factory_of_a_lazy_package_is_resolved_without_reading_every_family(tmp_path, lazy_hub, monkeypatch):
    read: list[str] = []
    original = project.ProjectIndex._read_external
    monkeypatch.setattr(project.ProjectIndex, "_read_external",
                        lambda self, path, module, is_package: read.append(module) or original(
                            self, path, module, is_package))
    source = tmp_path / "src" / "holder.py"
    _write(source, (
        "import torch\nfrom torch import nn\nfrom lazyhub import AutoThing\n\n"
        "class Holder(nn.Module):\n"
        "    def __init__(self, config):\n"
        "        super().__init__()\n"
        "        self.vlm = AutoThing.from_config(config)\n"
        "        self.scale = nn.Parameter(torch.ones(1))\n\n"
        "    def embed(self, x):\n"
        "        return self.vlm.get_image_features(x) * self.scale\n"))
    lint(Options(paths=[str(source.parent)], settings=Settings(), jobs=1, cache_dir=None))
    families_read = {module for module in read if ".fam" in module}
    assert "lazyhub.models.auto.factory" in read or "lazyhub.models.auto" in read
    assert len(families_read) <= 2, f"read {len(families_read)} of {FAMILIES} families' modules"


def test_a_docstring_example_neither_defines_nor_imports() -> None:
    assert not _defines_or_imports(b'"""\n>>> from hub import AutoThing, Model\n"""\n', "AutoThing")
    assert not _defines_or_imports(b'"""\n... from hub import AutoThing\n"""\n', "AutoThing")
    assert _defines_or_imports(b"from hub import AutoThing, Model\n", "AutoThing")
    assert _defines_or_imports(b"from hub import (\n    AutoThing,\n)\n", "AutoThing")
    assert _defines_or_imports(b"class AutoThing:\n    pass\n", "AutoThing")


def test_the_project_class_lists_stay_those_of_the_linted_files_after_installed_reads(tmp_path, lazy_hub) -> None:
    """``project_classes()`` and ``project_classes_named()`` are listed once, when the index is built. Reading
    installed modules later adds their classes to the index as external ones: the lists must stay the linted files'
    classes (a list rebuilt from the index would then differ), and the by-name lists must be what a scan finds."""
    from offload_lint.engine import _index_file

    source = tmp_path / "src" / "pkg" / "holder.py"
    _write(source.parent / "__init__.py", "")
    _write(source, (
        "from torch import nn\nfrom lazyhub import AutoThing\n\n"
        "class Holder(nn.Module):\n    def __init__(self, config):\n        super().__init__()\n"
        "        self.inner = AutoThing.from_config(config)\n\n"
        "class Block(nn.Module):\n    pass\n\n"
        "class Outer:\n    class Block:\n        pass\n"))
    summary = _index_file(str(source)).summary
    index = project.ProjectIndex([summary], read_installed=True)
    listed = list(index.project_classes())
    assert index.lookup_class("lazyhub.models.auto.factory.AutoThing") is not None  # an installed read
    assert any(info.external for info in index._classes.values()), "the lookup added an installed class"
    assert index.project_classes() == listed == [info for info in index._classes.values() if not info.external]
    for name in {info.name for info in index._classes.values()} | {"Missing"}:
        assert index.project_classes_named(name) == [info for info in listed if info.name == name], name
    assert len(index.project_classes_named("Block")) == 2  # the nested class too, in the index's order
