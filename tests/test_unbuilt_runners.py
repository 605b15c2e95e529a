"""In an application, a method runs only on the classes that inherit its definition; where none of them is built and
the classes the tree builds override it, it is code nothing runs (a vendored ldm's ``DDPM.p_mean_variance``,
overridden by the ``LatentDiffusion`` subclass the configs name)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from offload_lint.engine import Options, lint

MODEL = textwrap.dedent('''
    import torch
    from torch import nn


    class Diffusion(nn.Module):
        def __init__(self):
            super().__init__()
            self.register_buffer("betas", torch.ones(4))
            self.net = nn.Linear(4, 4)

        def forward(self, x):
            return self.net(x)

        def posterior(self, x):
            return x * self.betas


    class LatentDiffusion(Diffusion):
        def posterior(self, x):
            return self.net(x)
''').lstrip()


def _posterior(root: Path) -> list:
    findings = lint(Options(paths=[str(root)], jobs=1, show_suppressed=True)).findings
    found = [f for f in findings if (f.class_name, f.method) == ("Diffusion", "posterior")]
    assert found, [(f.class_name, f.method) for f in findings]
    return found


def _app(root: Path, train: str, **extra: str) -> Path:
    (root / ".git").mkdir(parents=True)
    for name, text in {"model.py": MODEL, "train.py": train, **extra}.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    return root


def test_a_method_only_unbuilt_classes_inherit_is_code_nothing_runs(tmp_path):
    train = "import torch\nfrom model import LatentDiffusion\n\nprint(LatentDiffusion().posterior(torch.ones(4)))\n"
    found = _posterior(_app(tmp_path, train))
    assert all(f.suppressed_by and "posterior() of Diffusion runs only on Diffusion, which nothing in the tree builds"
               in f.suppressed_by and "(LatentDiffusion)" in f.suppressed_by for f in found), \
        [f.suppressed_by for f in found]


@pytest.mark.parametrize("train, extra", [
    ("import torch\nfrom model import Diffusion\n\nprint(Diffusion().posterior(torch.ones(4)))\n", {}),
    ("import torch\nfrom model import LatentDiffusion\n\nprint(LatentDiffusion().posterior(torch.ones(4)))\n",
     {"configs/base.yaml": "model:\n  target: model.Diffusion\n"}),
    ("import torch\nimport model\n\nKINDS = {'base': model.Diffusion, 'latent': model.LatentDiffusion}\n"
     "print(KINDS['base']().posterior(torch.ones(4)))\n", {}),
], ids=["the base is built", "a config names the base", "a registry holds the base"])
def test_a_method_a_built_class_inherits_stays_reported(tmp_path, train, extra):
    assert not any(f.suppressed_by for f in _posterior(_app(tmp_path, train, **extra)))
