"""Small builds and calls for the issue-22 "bk" triage (docs/triage-issue22-bk.md), run by
benchmarks/triage22bk_runtime.sh through `offload-lint confirm --factory/--call` (tracking backend, CPU) with
PYTHONPATH=/tmp/wt_bj (the linter the round measures). The library code is the corpus copies (/tmp/corp61/<name>:
the measured commits), no install: bayesian-torch is imported as a package from its corpus root (it needs only torch);
robomimic's diffusion_policy_nets.py, terratorch's TerraMind decoder_embeddings.py and dgl's CARE-GNN model_sampling.py
are loaded by path under their own module names, with `einops` (only `repeat` for the two patterns used), `dgl` and
terratorch's tm_utils stubbed; the classes run are the corpus's own.
"""

from __future__ import annotations

import importlib.util
import sys
import types
from types import SimpleNamespace

import torch

C = "/tmp/corp61"
sys.path.insert(0, C + "/bayesian-torch")

from bayesian_torch.layers.variational_layers.quantize_linear_variational import (  # noqa: E402
    QuantizedLinearReparameterization)
from bayesian_torch.layers.variational_layers.quantize_conv_variational import (  # noqa: E402
    QuantizedConv3dReparameterization)
from bayesian_torch.layers.variational_layers.rnn_variational import LSTMReparameterization  # noqa: E402
from bayesian_torch.layers.flipout_layers.rnn_flipout import LSTMFlipout  # noqa: E402


def _load(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


# einops stub: `repeat` for the two patterns decoder_embeddings.py uses ("() n d -> b n d", "b n -> b n d")
_einops = types.ModuleType("einops")


def _repeat(t, pattern, **k):
    if pattern.replace(" ", "") == "()nd->bnd":
        return t.expand(k["b"], -1, -1)
    if pattern.replace(" ", "") == "bn->bnd":
        return t.unsqueeze(-1).expand(-1, -1, k["d"])
    raise NotImplementedError(pattern)


_einops.repeat = _repeat
_einops.rearrange = lambda *a, **k: (_ for _ in ()).throw(NotImplementedError("rearrange"))
sys.modules["einops"] = _einops

# terratorch's tm_utils: the sincos builders the decoder embeddings import (relative import of the package)
_pkg = types.ModuleType("bk_terramind")
_pkg.__path__ = []
sys.modules["bk_terramind"] = _pkg
_tm = types.ModuleType("bk_terramind.tm_utils")


def _sincos1d(max_len, embed_dim, temperature=10000.0):
    pos = torch.arange(max_len, dtype=torch.float32)[:, None]
    omega = 1.0 / temperature ** (torch.arange(embed_dim // 2, dtype=torch.float32) / (embed_dim // 2))
    out = pos * omega[None]
    return torch.cat([out.sin(), out.cos()], dim=1)[None]


_tm.build_1d_sincos_posemb = _sincos1d
_tm.build_2d_sincos_posemb = lambda h, w, embed_dim, temperature=10000.0: _sincos1d(h * w, embed_dim)
_tm.pair = lambda t: t if isinstance(t, tuple) else (t, t)
_tm.interpolate_pos_encoding = lambda *a, **k: a[0]
sys.modules["bk_terramind.tm_utils"] = _tm
_spec = importlib.util.spec_from_file_location(
    "bk_terramind.decoder_embeddings", C + "/terratorch/terratorch/models/backbones/terramind/model/decoder_embeddings.py")
_dec = importlib.util.module_from_spec(_spec)
sys.modules["bk_terramind.decoder_embeddings"] = _dec
_spec.loader.exec_module(_dec)
SequenceDecoderEmbedding = _dec.SequenceDecoderEmbedding
ImageTokenDecoderEmbedding = _dec.ImageTokenDecoderEmbedding

_dp = _load("bk_dp_nets", C + "/robomimic/robomimic/models/diffusion_policy_nets.py")
ConditionalUnet1D = _dp.ConditionalUnet1D

# dgl stub for CARE-GNN's model_sampling.py (import-time only: `dgl.dataloading.BlockSampler` base, `dgl.function`)
_dgl = types.ModuleType("dgl")
_dgl.dataloading = SimpleNamespace(BlockSampler=object)
_fn = types.ModuleType("dgl.function")
_fn.copy_u = lambda *a: None
_fn.mean = lambda *a: None
_dgl.function = _fn
sys.modules["dgl"] = _dgl
sys.modules["dgl.function"] = _fn
_care = _load("bk_care_sampling", C + "/dgl/examples/pytorch/caregnn/model_sampling.py")
CAREGNN = _care.CAREGNN


def _dev(device):
    return torch.device(device) if device is not None else torch.device("cpu")


# --- bayesian-torch quantize() (rows 1 / 29: linear; 16 / 31 (4 the same code): conv3d variational; rows 3 / 26's QuantizedConv3dFlipout
# cannot be built: `super(QuantizedConv3dFlipout).__init__(...)` raises TypeError at quantized_conv_flipout.py:529)
def qlinear():
    torch.manual_seed(0)
    return QuantizedLinearReparameterization(8, 4)


def qconv3d():
    torch.manual_seed(0)
    return QuantizedConv3dReparameterization(2, 3, 3, bias=True)


def quantize_call(module, device=None):
    module.quantize()
    return module


# --- bayesian-torch LSTM kl_loss (row 22: variational; 23 / 24: flipout), added to a compute-device loss as the
# training loops do (`loss = ce + kl / batch_size`)
def lstm_var():
    torch.manual_seed(0)
    return LSTMReparameterization(4, 3)


def lstm_flip():
    torch.manual_seed(0)
    return LSTMFlipout(4, 3)


def kl_call(module, device=None):
    ce = torch.ones((), device=_dev(device))
    return ce + module.kl_loss() / 8


# --- robomimic ConditionalUnet1D.forward (rows 38 / 57: the torch fact of the AL rows)
def unet():
    torch.manual_seed(0)
    return ConditionalUnet1D(input_dim=2, global_cond_dim=4, diffusion_step_embed_dim=8, down_dims=[8, 16],
                             kernel_size=3, n_groups=2)


def unet_call(module, device=None):
    d = _dev(device)
    return module(torch.randn(2, 4, 2, device=d), torch.tensor([1, 2], device=d), global_cond=torch.randn(2, 4, device=d))


# --- TerraMind decoder embeddings (rows 9 / 59: SequenceDecoderEmbedding.forward_embed; 21: ImageToken forward_embed;
# 11: ImageToken forward_logits, judged at block level as the root)
def seq_dec():
    torch.manual_seed(0)
    return SequenceDecoderEmbedding(vocab_size=10, max_length=6, dim_tokens=8)


def seq_dec_call(module, device=None):
    d = _dev(device)
    return module.forward_embed({"tensor": torch.randint(0, 10, (2, 6), device=d),
                                 "target_mask": torch.zeros(2, 6, dtype=torch.bool, device=d)})


def img_dec():
    torch.manual_seed(0)
    return ImageTokenDecoderEmbedding(vocab_size=10, patch_size=4, dim_tokens=8, image_size=8)


def img_dec_call(module, device=None):
    d = _dev(device)
    return module.forward_embed({"tensor": torch.randint(0, 10, (2, 2, 2), device=d)})


def img_logits_call(module, device=None):
    return module.forward_logits(torch.randn(2, 4, 8, device=_dev(device)))


# --- dgl CARE-GNN (rows 54 / 6): forward calls self.layers[0].MLP before self.layers[0]; a minimal block object
class _Block:
    def __init__(self, feat, etypes, n_dst):
        self.srcdata, self.dstdata, self.canonical_etypes, self._n = {}, {"feature": feat[:n_dst]}, etypes, n_dst

    def update_all(self, *a, etype=None):
        self.dstdata["hr"] = self.srcdata["h"][: self._n]

    def number_of_dst_nodes(self):
        return self._n


_ET = [("u", "r", "u")]


def care():
    torch.manual_seed(0)
    return CAREGNN(in_dim=4, num_classes=2, hid_dim=4, edges=_ET, num_layers=2)


def care_call(module, device=None):
    feat = torch.randn(6, 4, device=_dev(device))
    return module([_Block(feat, _ET, 6), _Block(feat, _ET, 6)], feat)
