"""An application linted as ``offload-lint .`` from its root and as ``offload-lint /abs/path`` from elsewhere gives the
same findings, suppressions included: what the reachability walk and the import resolution decide cannot depend on
how the paths are spelled (a relative path's top folder is the working directory)."""

from __future__ import annotations

import os
import textwrap
from pathlib import Path

import pytest

from offload_lint.engine import Options, lint
from offload_lint.rules import PARSE_ERROR_CODE

MODEL = textwrap.dedent('''
    from torch import nn


    class {name}(nn.Module):
        def __init__(self):
            super().__init__()
            self.proj = nn.Linear(4, 4)

        def forward(self, x):
            return self.proj(x)

        def decode(self, x):
            return x @ self.proj.weight.T
''').lstrip()

# CORA: ``models/clip/`` has no ``__init__.py`` (a namespace folder inside a package); the host imports one class of
# ``model.py``; ``CLIP`` is built only by ``build_model``, which only ``clip.load`` calls, which nothing calls: the
# ``__all__`` naming ``load`` and a ``torch.jit.load`` in a file importing names from ``clip.py`` reach neither.
VENDORED_CLIP = {
    "models/__init__.py": "from .detector import build\n",
    "models/detector.py": textwrap.dedent('''
        import torch

        from models.clip.clip import available_models
        from models.clip.model import ResNet


        def build(path):
            weights = torch.jit.load(path)
            return ResNet(), weights, available_models()
    ''').lstrip(),
    "models/clip/clip.py": textwrap.dedent('''
        from .model import build_model

        __all__ = ["available_models", "load"]


        def available_models():
            return ["RN50"]


        def load(name):
            return build_model(name)
    ''').lstrip(),
    "models/clip/model.py": MODEL.format(name="ResNet") + "\n\n" + MODEL.split("\n\n\n", 1)[1].format(name="CLIP")
                            + "\n\ndef build_model(name):\n    return CLIP()\n",
    "main.py": "import sys\nfrom models import build\n\nmodel = build(sys.argv[1])\nprint(model[0].decode(None))\n",
}

# MLD: ``importlib.import_module(f".modeltype.{kind}", package="mld.models")``, then the class by a computed name.
COMPUTED_PACKAGE = {
    "mld/__init__.py": "",
    "mld/models/__init__.py": "",
    "mld/models/modeltype/__init__.py": "",
    "mld/models/modeltype/mld.py": MODEL.format(name="MLD"),
    "mld/models/get_model.py": textwrap.dedent('''
        import importlib


        def get_model(kind):
            module = importlib.import_module(f".modeltype.{kind}", package="mld.models")
            return module.__getattribute__(kind.upper())()
    ''').lstrip(),
    "train.py": "import sys\nfrom mld.models.get_model import get_model\n\nprint(get_model(sys.argv[1]).decode(None))\n",
}


# HierSpeechpp: ``from ttv_v1.styleencoder import StyleEncoder`` where ``ttv_v1/`` has no ``__init__.py`` and a
# top-level ``styleencoder.py`` holds another class of that name: the child's class is the folder's, a module, so
# ``decode()`` calling it is reported.
NAMESPACE_IMPORT = {
    "encoder.py": "class StyleEncoder:\n    def __call__(self, x):\n        return x\n",
    "ttv/encoder.py": MODEL.format(name="StyleEncoder").replace("    def decode(self, x):\n        return x @ self.proj.weight.T\n", ""),
    "ttv/model.py": textwrap.dedent('''
        from torch import nn

        from ttv.encoder import StyleEncoder


        class Synth(nn.Module):
            def __init__(self):
                super().__init__()
                self.emb = StyleEncoder()

            def forward(self, x):
                return self.emb(x)

            def decode(self, x):
                return self.emb(x)
    ''').lstrip(),
    "infer.py": "from ttv.model import Synth\n\nprint(Synth().decode(None))\n",
}


# BigGAN-PyTorch: ``model = __import__(config["model"])`` in a script at the tree's top, then ``model.Discriminator``:
# every module beside the script may be the one imported.
TOP_LEVEL_COMPUTED_IMPORT = {
    "nets.py": MODEL.format(name="Discriminator"),
    "train.py": "import sys\n\nmodel = __import__(sys.argv[1])\nprint(model.Discriminator().decode(None))\n",
}


def _tree(root: Path, files: dict[str, str]) -> Path:
    (root / ".git").mkdir(parents=True)  # a checkout with no packaging: an application
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


def _decode_findings(paths: list[str], root: Path) -> dict[str, str | None]:
    """class -> suppression of its ``decode`` finding, paths in the reasons made relative to ``root``."""
    found = lint(Options(paths=paths, jobs=1, show_suppressed=True)).findings
    assert all(f.code != PARSE_ERROR_CODE for f in found)
    prefix = str(root) + os.sep
    return {f.class_name: (f.suppressed_by or "").replace(prefix, "") or None
            for f in found if f.method == "decode"}


@pytest.mark.parametrize(("files", "reported", "unreached"), [
    (VENDORED_CLIP, {"ResNet"}, {"CLIP"}),
    (COMPUTED_PACKAGE, {"MLD"}, set()),
    (NAMESPACE_IMPORT, {"Synth"}, set()),
    (TOP_LEVEL_COMPUTED_IMPORT, {"Discriminator"}, set()),
], ids=["a namespace folder inside a package", "a relative computed import from a constant package",
        "an import through a folder without __init__.py", "a computed import in a script at the top"])
def test_linting_from_the_root_and_from_elsewhere_agree(tmp_path, monkeypatch, files, reported, unreached):
    root = _tree(tmp_path / "app", files)
    monkeypatch.chdir(tmp_path)
    from_elsewhere = _decode_findings([str(root)], root)
    (tmp_path / "other").mkdir()
    monkeypatch.chdir(tmp_path / "other")
    from_beside = _decode_findings([os.path.join("..", "app")], root)
    monkeypatch.chdir(root)
    from_root = _decode_findings(["."], root)
    assert from_root == from_elsewhere
    assert {name: (why or "").replace(os.path.join("..", "app") + os.sep, "") or None
            for name, why in from_beside.items()} == from_root
    assert {name for name, why in from_root.items() if why is None} == reported
    assert {name for name, why in from_root.items() if why and "reached from no entry point" in why} == unreached


def test_a_checkout_kept_under_a_test_folder_is_no_test_suite(tmp_path, monkeypatch):
    # Files under a ``test/`` folder run whole (pytest collects them), but only the folders inside the tree count:
    # ``/home/user/test/app`` linted by its absolute path is the application it is from its root.
    root = _tree(tmp_path / "test" / "app", VENDORED_CLIP)
    monkeypatch.chdir(tmp_path)
    found = _decode_findings([str(root)], root)
    assert found["ResNet"] is None
    assert "reached from no entry point" in (found["CLIP"] or "")
