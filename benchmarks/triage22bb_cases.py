"""Small builds and calls for the issue-22 "bb" triage (docs/triage-issue22-bb.md), run by
benchmarks/triage22bb_runtime.sh through `offload-lint confirm --factory/--call` (tracking backend, CPU) with
PYTHONPATH=/tmp/wt_bb (the linter the round measures). The libraries are imported from the corpus copies
(/tmp/corp52/<name>: the measured commits) through bare namespace packages (their package __init__ files import
heavy optional dependencies). Stood in, never called on these paths: `torchvision` (imported at the top of
torch_fidelity/feature_extractor_clip.py for its image transforms), `termcolor.colored` (hqq's warnings) and `einops`
(imported by outetts' encoder norm module; rearrange is not reached by a weight-normed Conv1d).
"""

from __future__ import annotations

import sys
import types

import torch

C52 = "/tmp/corp52"


def _ns(name: str, path: str) -> None:
    if name not in sys.modules:
        module = types.ModuleType(name)
        module.__path__ = [path]
        sys.modules[name] = module


def _stub(name: str, **attrs) -> None:
    if name not in sys.modules:
        module = types.ModuleType(name)
        for key, value in attrs.items():
            setattr(module, key, value)
        sys.modules[name] = module


_stub("torchvision")
_stub("termcolor", colored=lambda text, *a, **k: text)
_stub("einops", rearrange=None, repeat=None)
_ns("torch_fidelity", f"{C52}/torch-fidelity/torch_fidelity")
_ns("trankit", f"{C52}/trankit/trankit")
_ns("outetts", f"{C52}/outetts/outetts")
_ns("outetts.wav_tokenizer", f"{C52}/outetts/outetts/wav_tokenizer")
_ns("outetts.wav_tokenizer.encoder", f"{C52}/outetts/outetts/wav_tokenizer/encoder")
_ns("outetts.wav_tokenizer.encoder.modules", f"{C52}/outetts/outetts/wav_tokenizer/encoder/modules")
sys.path.insert(0, f"{C52}/hqq")

from torch_fidelity.feature_extractor_clip import AttentionPool2d  # noqa: E402
from trankit.layers.seq2seq import Seq2SeqModel  # noqa: E402
from outetts.wav_tokenizer.encoder.modules.conv import NormConv1d  # noqa: E402
from hqq.core.quantize import BaseQuantizeConfig, HQQLinear  # noqa: E402


def _seed() -> None:
    torch.manual_seed(0)


# ---------------------------------------------------------------- torch-fidelity CLIP AttentionPool2d (rows 1, 5, 7, 16)
def attnpool():
    _seed()
    return AttentionPool2d(spacial_dim=2, embed_dim=8, num_heads=2, output_dim=4).eval()


def attnpool_call(module, device=None):
    _seed()
    x = torch.randn(1, 8, 2, 2).to(device or "cpu")
    with torch.no_grad():
        return module(x)


# ---------------------------------------------------------------- trankit Seq2SeqModel.predict(_greedy) (rows 2, 48, 50; 21, 55)
def seq2seq():
    _seed()
    args = {"vocab_size": 12, "emb_dim": 8, "hidden_dim": 8, "num_layers": 1, "dropout": 0.0, "max_dec_len": 4,
            "attn_type": "soft", "beam_size": 1}
    return Seq2SeqModel(args, use_cuda=False).eval()


def _src(device):
    src = torch.tensor([[3, 4, 5, 6], [6, 7, 0, 0]]).to(device or "cpu")
    return src, src.eq(0)


def greedy_call(module, device=None):
    src, mask = _src(device)
    with torch.no_grad():
        return module.predict_greedy(src, mask)


def beam_call(module, device=None):
    src, mask = _src(device)
    with torch.no_grad():
        return module.predict(src, mask, beam_size=2)


# ---------------------------------------------------------------- outetts NormConv1d with legacy weight_norm (row 43)
class ConvHolder(torch.nn.Module):
    """A one-child holder so leaf level has a root above the weight-normed Conv1d (as SEANetEncoder holds it)."""

    def __init__(self):
        super().__init__()
        _seed()
        self.conv = NormConv1d(2, 3, kernel_size=3, norm="weight_norm")

    def forward(self, x):
        return self.conv(x)


def conv_holder():
    return ConvHolder().eval()


def conv_call(module, device=None):
    _seed()
    x = torch.randn(1, 2, 8).to(device or "cpu")
    with torch.no_grad():
        return module(x)


# ---------------------------------------------------------------- hqq HQQLinear (rows 15, 25, 36: BM)
class HQQHolder(torch.nn.Module):
    def __init__(self):
        super().__init__()
        _seed()
        linear = torch.nn.Linear(64, 16, bias=False)
        cfg = BaseQuantizeConfig(nbits=4, group_size=64)
        self.q = HQQLinear(linear, cfg, compute_dtype=torch.float32, device="cpu")

    def forward(self, x):
        return self.q(x)


def hqq_holder():
    return HQQHolder().eval()


def hqq_call(module, device=None):
    _seed()
    x = torch.randn(2, 64).to(device or "cpu")
    with torch.no_grad():
        return module(x)
