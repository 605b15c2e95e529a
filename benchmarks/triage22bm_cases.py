"""Small builds and calls for the issue-22 "bm" triage (docs/triage-issue22-bm.md), run by
benchmarks/triage22bm_runtime.sh through `offload-lint confirm --factory/--call` (tracking backend, CPU) with
PYTHONPATH=/tmp/wt_bl (the linter the round measures). The library code is the corpus copies (/tmp/corp63/<name>: the
measured commits), no install: torchsde is imported as a package from its corpus root and its examples (unet.py,
latent_sde_lorenz.py) from examples/; chroma's rmsd.py is imported through a `chroma` package object whose __path__ is
the corpus package (its __init__, which needs nglview, is not run; protein_graph stubbed: rmsd uses it only in
LossFragmentPairRMSD); graph-weather's aurora/model.py and MONAI GenerativeModels' vector_quantizer.py are loaded by
path. Stubbed here in sys.modules (not installed): `trampoline` (torchsde's BrownianInterval: generator calls and
TailCall), `einops.rearrange` (the two patterns of unet.py), `kornia.filter2D` (unet.py's Blur), `fire`, `tqdm`,
`matplotlib` (imported by the example scripts, unused by the classes run). The classes run are the corpus's own.
"""

from __future__ import annotations

import importlib.util
import sys
import types

import torch
import torch.nn.functional as F

C = "/tmp/corp63"


def _stub(name, **attrs):
    module = types.ModuleType(name)
    module.__dict__.update(attrs)
    sys.modules[name] = module
    return module


class _TailCall(BaseException):
    def __init__(self, call):
        self.call = call


def _trampoline(gen):
    stack, value = [gen], None
    while True:
        try:
            sub = stack[-1].send(value)
            value = None
            stack.append(sub)
        except StopIteration as stop:
            stack.pop()
            value = stop.value
            if not stack:
                return value
        except _TailCall as tail:
            stack.pop()
            stack.append(tail.call)
            value = None


def _rearrange(t, pattern, **k):
    p = pattern.replace(" ", "")
    if p == "b(qkvheadsc)hw->qkvbheadsc(hw)":
        b, _, h, w = t.shape
        return t.reshape(b, k["qkv"], k["heads"], -1, h * w).permute(1, 0, 2, 3, 4)
    if p == "bheadsc(hw)->b(headsc)hw":
        b, heads, c, _ = t.shape
        return t.reshape(b, heads * c, k["h"], k["w"])
    raise NotImplementedError(pattern)


def _filter2d(x, kernel, normalized=False):
    if normalized:
        kernel = kernel / kernel.sum(dim=(-2, -1), keepdim=True)
    c = x.shape[1]
    kh, kw = kernel.shape[-2:]
    k = kernel.reshape(-1, 1, kh, kw)[:1].expand(c, 1, kh, kw)
    x = F.pad(x, [(kw - 1) // 2, kw // 2, (kh - 1) // 2, kh // 2], mode="reflect")
    return F.conv2d(x, k.to(x.dtype), groups=c)


_stub("trampoline", trampoline=_trampoline, TailCall=_TailCall)
_stub("einops", rearrange=_rearrange)
_stub("kornia", filter2D=_filter2d)
_stub("fire")
_stub("tqdm", tqdm=lambda x, *a, **k: x)
_stub("matplotlib")
_stub("matplotlib.gridspec")
_stub("matplotlib.pyplot")

sys.path.insert(0, C + "/torchsde")
sys.path.insert(0, C + "/torchsde/examples")

import latent_sde_lorenz  # noqa: E402
import unet as tsde_unet  # noqa: E402

_chroma = types.ModuleType("chroma")
_chroma.__path__ = [C + "/chroma/chroma"]
sys.modules.setdefault("chroma", _chroma)
_stub("chroma.layers.structure.protein_graph")
from chroma.layers.structure import rmsd as chroma_rmsd  # noqa: E402


def _load(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


_aurora = _load("bm_aurora_model", C + "/graph-weather/graph_weather/models/aurora/model.py")
_vq = _load("bm_vector_quantizer", C + "/generative-models/generative/networks/layers/vector_quantizer.py")

Unet = tsde_unet.Unet
LatentSDE = latent_sde_lorenz.LatentSDE
BackboneRMSD = chroma_rmsd.BackboneRMSD
SelfAttentionLayer = _aurora.SelfAttentionLayer
AuroraModel = _aurora.AuroraModel
EMAQuantizer = _vq.EMAQuantizer


def _dev(device):
    return torch.device(device) if device is not None else torch.device("cpu")


# --- torchsde examples/unet.py Unet.forward (rows 30 / 40 / 44 / 48: ModuleLists of ModuleLists)
def unet():
    torch.manual_seed(0)
    return Unet(input_size=(1, 8, 8), hidden_channels=8, dim_mults=(1, 2), groups=2, heads=2, dim_head=4,
                num_res_blocks=1, attn_resolutions=(8, 4), attention_cls=tsde_unet.LinearTimeSelfAttention)


def unet_call(module, device=None):
    d = _dev(device)
    return module(torch.tensor([0.5, 0.2], device=d), torch.randn(2, 1, 8, 8, device=d))


# --- torchsde examples/latent_sde_lorenz.py LatentSDE.sample (rows 2 / 13 pz0_mean, 3 projector), as the script's
# visualisation calls it (`latent_sde.sample(batch_size=..., ts=ts, bm=...)`, ts on the compute device)
def lorenz():
    torch.manual_seed(0)
    return LatentSDE(data_size=3, latent_size=4, context_size=5, hidden_size=8)


def lorenz_sample_call(module, device=None):
    return module.sample(batch_size=2, ts=torch.linspace(0, 1, 5, device=_dev(device)))


# --- chroma BackboneRMSD.align -> CrossRMSD.pairedRMSD (row 5, recall H1): BackboneRMSD has no forward
def bb_rmsd():
    torch.manual_seed(0)
    return BackboneRMSD()


def bb_align_call(module, device=None):
    d = _dev(device)
    g = torch.Generator().manual_seed(1)
    X = torch.randn(2, 5, 4, 3, generator=g).to(d)
    Y = torch.randn(2, 5, 4, 3, generator=g).to(d)
    return module.align(X, Y, torch.ones(2, 5, dtype=torch.long, device=d))


# --- graph-weather aurora SelfAttentionLayer / AuroraModel (row 55, recall H2: nn.MultiheadAttention's out_proj)
def gw_attn():
    torch.manual_seed(0)
    return SelfAttentionLayer(16)


def gw_attn_call(module, device=None):
    return module(torch.randn(2, 5, 16, device=_dev(device)))


def gw_aurora():
    torch.manual_seed(0)
    return AuroraModel(input_features=3, output_features=2, latent_dim=16, num_layers=2, max_points=32, max_seq_len=32)


def gw_aurora_call(module, device=None):
    d = _dev(device)
    return module(torch.rand(2, 6, 2, device=d) * 90, torch.randn(2, 6, 3, device=d))


# --- MONAI GenerativeModels EMAQuantizer.forward -> quantize (row 56: embedding.weight without calling the Embedding)
def emaq():
    torch.manual_seed(0)
    return EMAQuantizer(spatial_dims=2, num_embeddings=8, embedding_dim=4)


def emaq_call(module, device=None):
    module.eval()
    return module(torch.randn(2, 4, 3, 3, device=_dev(device)))
