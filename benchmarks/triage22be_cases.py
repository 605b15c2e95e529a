"""Small builds and calls for the issue-22 "be" triage (docs/triage-issue22-be.md), run by
benchmarks/triage22be_runtime.sh through `offload-lint confirm --factory/--call` (tracking backend, CPU) with
PYTHONPATH=/tmp/wt_bd (the linter the round measures). pytorch-fm's torchfm is imported from the corpus copy
(/tmp/corp55/pytorch-fm: the measured commit), pure torch, no install.
"""

from __future__ import annotations

import sys

import torch

sys.path.insert(0, "/tmp/corp55/pytorch-fm")

from torchfm.layer import CrossNetwork  # noqa: E402
from torchfm.model.afi import AutomaticFeatureInteractionModel  # noqa: E402


def _dev(device):
    return torch.device(device) if device is not None else torch.device("cpu")


def cross():
    torch.manual_seed(0)
    return CrossNetwork(6, 2)


def cross_call(module, device=None):
    torch.manual_seed(0)
    return module(torch.randn(4, 6, device=_dev(device)))


def afi():
    torch.manual_seed(0)
    return AutomaticFeatureInteractionModel([3, 4, 5], embed_dim=4, atten_embed_dim=4, num_heads=2, num_layers=1,
                                            mlp_dims=(8,), dropouts=(0.0, 0.0))


def afi_call(module, device=None):
    torch.manual_seed(0)
    x = torch.stack([torch.randint(0, n, (4,)) for n in (3, 4, 5)], dim=1).to(_dev(device))
    return module(x)
