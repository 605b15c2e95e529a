"""In an application, a line under a test on parameters that every call in the tree leaves at a literal default, or
passes a literal keeping the branch shut, never runs (``EntryPoints.branch_no_call_takes``): a constructor's
``if norm == "SN":`` where every build passes ``norm=None`` (FGT's VanillaConv), a method's ``if normalize:`` that no
caller turns on."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from offload_lint.engine import Options, lint

MODEL = textwrap.dedent('''
    import torch
    from torch import nn
    from torch.nn.utils import spectral_norm


    class Conv(nn.Module):
        def __init__(self, channels, norm="SN"):
            super().__init__()
            self.conv = nn.Conv2d(channels, channels, 3)
            if norm == "SN":
                self.conv = spectral_norm(self.conv)

        def forward(self, x):
            return self.conv(x)


    class Vocoder(nn.Module):
        def __init__(self):
            super().__init__()
            self.register_buffer("mean", torch.zeros(4))
            self.proj = nn.Linear(4, 4)

        def forward(self, c):
            return self.proj(c)

        def inference(self, c, normalize_before=False):
            if normalize_before:
                c = c - self.mean
            return self.forward(c)
''').lstrip()


def _app(root: Path, train: str) -> Path:
    (root / ".git").mkdir(parents=True)
    (root / "model.py").write_text(MODEL)
    (root / "train.py").write_text(train)
    return root


def _found(root: Path, code: str) -> list:
    findings = lint(Options(paths=[str(root)], jobs=1, show_suppressed=True)).findings
    found = [f for f in findings if f.code == code]
    assert found, [(f.code, f.class_name, f.method) for f in findings]
    return found


@pytest.mark.parametrize("train, code", [
    ("from model import Conv\n\nnet = Conv(4, norm=None)\nprint(Conv(8, None))\n", "OFL204"),
    ("import torch\nfrom model import Vocoder\n\nprint(Vocoder().inference(torch.ones(4)))\n", "OFL101"),
], ids=["a constructor built with a literal that shuts it", "a method's option no caller turns on"])
def test_a_branch_no_call_takes_is_code_nothing_runs(tmp_path, train, code):
    found = _found(_app(tmp_path, train), code)
    assert all(f.suppressed_by and "no call in the tree takes that branch" in f.suppressed_by for f in found), \
        [f.suppressed_by for f in found]


@pytest.mark.parametrize("train, code", [
    ("from model import Conv\n\nprint(Conv(4))\n", "OFL204"),
    ("from model import Conv\n\nNORM = 'SN'\nprint(Conv(4, norm=NORM))\n", "OFL204"),
    ("import torch\nfrom model import Vocoder\n\nprint(Vocoder().inference(torch.ones(4), normalize_before=True))\n",
     "OFL101"),
    ("import sys, torch\nfrom model import Vocoder\n\nprint(Vocoder().inference(torch.ones(4), sys.argv[1] == 'n'))\n",
     "OFL101"),
    ("from model import Conv\n\nLAYERS = {'conv': Conv}\nprint(LAYERS['conv'](4, None), Conv(4, None))\n", "OFL204"),
], ids=["the default takes it", "a value the tree computes", "a caller turns it on", "a flag decides",
        "the class handed on as a value"])
def test_a_branch_some_call_may_take_stays_reported(tmp_path, train, code):
    assert not any(f.suppressed_by for f in _found(_app(tmp_path, train), code))
