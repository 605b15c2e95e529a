"""Small builds and calls for the issue-22 "az" triage (docs/triage-issue22-az.md), run by
benchmarks/triage22az_runtime.sh through `offload-lint confirm --factory/--call` (tracking backend, CPU) with
PYTHONPATH=/tmp/wt_az (the linter the round measures). The classes are imported from the corpus copies (/tmp/corp50:
the measured commits) through bare namespace packages (the packages' __init__ import whole toolkits and optional
dependencies); nothing is installed.
"""

from __future__ import annotations

import sys
import types

import torch

C50 = "/tmp/corp50"


def _ns(name: str, path: str) -> None:
    if name not in sys.modules:
        module = types.ModuleType(name)
        module.__path__ = [path]
        sys.modules[name] = module


def _chain(dotted: str, root: str) -> None:
    parts = dotted.split(".")
    for i in range(1, len(parts) + 1):
        _ns(".".join(parts[:i]), "/".join([root] + parts[1:i]))


_chain("hanlp.layers.crf", f"{C50}/hanlp/hanlp")
_chain("ltp_core.models.nn", f"{C50}/ltp/python/core/ltp_core")
_chain("bert4torch.layers", f"{C50}/bert4torch/bert4torch")
_chain("bert4torch.models.minicpmv", f"{C50}/bert4torch/bert4torch")

from hanlp.layers.crf.crf import CRF as HanlpCRF  # noqa: E402
from ltp_core.models.nn.crf import CRF as LtpCRF  # noqa: E402
from bert4torch.models.minicpmv.resampler import MultiheadAttention  # noqa: E402


def _seed():
    torch.manual_seed(0)


# hanlp CRF.decode -> _viterbi_decode outside forward (rows 18, 47, 51: OFL101 leaf, labelled true)
def hcrf():
    _seed()
    return HanlpCRF(5).eval()


def hcrf_call(module, device=None):
    with torch.no_grad():
        return module.decode(torch.randn(2, 4, 5, device=device), torch.ones(2, 4, dtype=torch.bool, device=device))


# ltp CRF.decode -> _viterbi_decode outside forward (rows 14, 34: OFL101 leaf, labelled true)
def lcrf():
    _seed()
    return LtpCRF(5).eval()


def lcrf_call(module, device=None):
    with torch.no_grad():
        return module.decode(torch.randn(2, 4, 5, device=device), torch.ones(2, 4, dtype=torch.bool, device=device))


# bert4torch MiniCPM-V resampler MultiheadAttention, built as the Resampler builds it (resampler.py:105,
# `MultiheadAttention(embed_dim, num_heads)`: batch_first False, so the fast path with out_proj.weight / bias at
# :291-292 is never taken; the slow path calls self.out_proj(...)) (rows 6, 48: OFL103 leaf, labelled false BB)
def mha():
    _seed()
    return MultiheadAttention(8, 2).eval()


def mha_call(module, device=None):
    with torch.no_grad():
        q = torch.randn(3, 1, 8, device=device)
        return module(q, q, q)

