"""In an application a method's name written on another class's objects is no way into it (``analyze/receivers.py``):
OpenTransformer's ``self.mha.inference(...)`` runs the attention's ``inference``, not the encoder block's; a
receiver the same code reads ``.frontend`` on is no block (which has none). An untyped receiver may be one."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from offload_lint.engine import Options, lint

MODEL = textwrap.dedent('''
    import torch
    from torch import nn


    class Attention(nn.Module):
        def __init__(self):
            super().__init__()
            self.proj = nn.Linear(4, 4)

        def forward(self, x):
            return self.proj(x)

        def inference(self, x):
            return self.proj(x)


    class Block(nn.Module):
        def __init__(self):
            super().__init__()
            self.attn = Attention()
            self.ff = nn.Linear(4, 4)

        def forward(self, x):
            return self.ff(self.attn(x))

        def inference(self, x):
            return self.ff(x)


    class Decoder(nn.Module):
        def __init__(self):
            super().__init__()
            self.attn = Attention()

        def forward(self, x):
            return self.attn(x)

        def step(self, x):
            return self.attn.inference(x)
''').lstrip()
TRAIN = ("import torch\nfrom model import Block, Decoder\n\nblock = Block()\nprint(block(torch.ones(4)))\n"
         "print(Decoder().step(torch.ones(4)))\n")


def _block_inference(root: Path) -> list:
    findings = lint(Options(paths=[str(root)], jobs=1, show_suppressed=True)).findings
    found = [f for f in findings if (f.class_name, f.method) == ("Block", "inference")]
    assert found, [(f.class_name, f.method) for f in findings]
    return found


def _app(root: Path, **files: str) -> Path:
    (root / ".git").mkdir(parents=True)
    for name, text in {"model.py": MODEL, "train.py": TRAIN, **files}.items():
        (root / name).write_text(text)
    return root


@pytest.mark.parametrize("extra", [
    {},
    {"serve.py": "def run(model, x):\n    model.frontend(x)\n    return model.inference(x)\n"},
    {"serve.py": "def run(x):\n    return f'{x}'.inference()\n"},
], ids=["only on a typed child of another class", "on a receiver used as something else too", "a literal's"])
def test_a_method_called_only_on_other_objects_is_code_nothing_runs(tmp_path, extra):
    found = _block_inference(_app(tmp_path, **extra))
    assert all(f.suppressed_by and "inference() of Block is called nowhere" in f.suppressed_by for f in found), \
        [f.suppressed_by for f in found]


@pytest.mark.parametrize("extra", [
    {"serve.py": "def run(model, x):\n    return model.inference(x)\n"},
    {"serve.py": "from model import Block\n\nblock = Block()\nprint(block.inference(None))\n"},
    {"pyproject.toml": "[project]\nname = 'blocks'\n"},
], ids=["an untyped receiver", "a block", "a library's users"])
def test_a_method_called_on_what_may_be_its_class_stays_reported(tmp_path, extra):
    assert not any(f.suppressed_by for f in _block_inference(_app(tmp_path, **extra)))


@pytest.mark.parametrize("serve", [
    "def run(cfg, x):\n    if cfg.ours:\n        return cfg.models['codec'].inference(x)\n    return cfg.models['codec'].frontend(x)\n",
    "def run(model, x):\n    if hasattr(model, 'frontend'):\n        return model.frontend(x)\n    return model.inference(x)\n",
], ids=["a table's entry, by branch another class", "a type-tested receiver"])
def test_what_else_a_receiver_is_used_as_says_nothing_where_its_type_varies(tmp_path, serve):
    # Amphion's ``self.cfg.semantic_model["repcodec_model"]``: DualCodec in one branch, another codec in the other.
    assert not any(f.suppressed_by for f in _block_inference(_app(tmp_path, **{"serve.py": serve})))
