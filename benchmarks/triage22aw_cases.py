"""Small builds and calls for the issue-22 "aw" triage (docs/triage-issue22-aw.md), run by
benchmarks/triage22aw_runtime.sh through `offload-lint confirm --factory/--call` (tracking backend, CPU) with
PYTHONPATH=/tmp/wt_av (the linter the round measures). The libraries are imported from the corpus copies
(/tmp/corp47/<name>: the measured commits) through bare namespace packages registered below (their package __init__s
import the whole library). Import-time stand-ins (never called on these paths): sklearn / pandas (torch_rechub's
utils.data, rqvae's KMeans), loguru and mup (graphium's base_layers: logging; muP initialisers, which only
re-initialise weights) and graphium.ipu (IPU helpers).

Components are run alone where the library's model needs packages not installed here (DGL, torch_geometric, the
scvi-tools stack): BST's transformer encoder exactly as bst.py:47-48 builds it; graphium's TransformerEncoderLayerMup
inside nn.TransformerEncoder as laplace_pos_encoder.py:73-81 builds it. `ScviLike*` are stand-ins (not library
classes) that use scvi-tools' real `auto_move_data` (module/base/_decorators.py, loaded from the corpus by path) the
way scvi modules do, for the P cluster of rows 4, 12, 25, 28, 42 and the leaf-level truth of row 27.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import sys
import types

import torch
from torch import nn

C47 = "/tmp/corp47"


class _Any(type):
    def __getattr__(cls, key):
        if key.startswith("__"):
            raise AttributeError(key)
        return _Any(key, (), {})

    def __getitem__(cls, item):
        return cls

    def __call__(cls, *args, **kwargs):
        return cls


def _stub_getattr(key):
    if key.startswith("__"):
        raise AttributeError(key)
    return _Any(key, (), {})


class _StubFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    PREFIXES = ("sklearn", "pandas", "loguru", "mup", "poptorch")

    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in self.PREFIXES:
            return importlib.machinery.ModuleSpec(name, self, is_package=True)
        return None

    def create_module(self, spec):
        module = types.ModuleType(spec.name)
        module.__path__ = []
        module.__getattr__ = _stub_getattr
        return module

    def exec_module(self, module):
        pass


if not any(isinstance(finder, _StubFinder) for finder in sys.meta_path):
    sys.meta_path.insert(0, _StubFinder())


def _ns(name: str, path: str) -> None:
    if name not in sys.modules:
        module = types.ModuleType(name)
        module.__path__ = [path]
        sys.modules[name] = module


def _chain(dotted: str, root: str) -> None:
    parts = dotted.split(".")
    for i in range(1, len(parts) + 1):
        _ns(".".join(parts[:i]), "/".join([root] + parts[1:i]))


_chain("pfrl.nn", f"{C47}/pfrl/pfrl")
_chain("torch_rechub.models.generative", f"{C47}/torch-rechub/torch_rechub")
_chain("torch_rechub.basic", f"{C47}/torch-rechub/torch_rechub")
_chain("torch_rechub.utils", f"{C47}/torch-rechub/torch_rechub")
_chain("graphium.nn", f"{C47}/graphium/graphium")
ipu = types.ModuleType("graphium.ipu.ipu_utils")
ipu.is_running_on_ipu = lambda: False
_ns("graphium.ipu", f"{C47}/graphium/graphium/ipu")
sys.modules["graphium.ipu.ipu_utils"] = ipu


def _seed():
    torch.manual_seed(0)


# ---------------------------------------------------------------- pfrl (rows 33, 36, 59)
from pfrl.nn.noisy_linear import FactorizedNoisyLinear  # noqa: E402


def pfrl_noisy():
    _seed()
    return FactorizedNoisyLinear(nn.Linear(6, 4)).eval()


def x6_call(module, device=None):
    with torch.no_grad():
        return module(torch.randn(3, 6, device=device))


# ---------------------------------------------------------------- torch-rechub HSTU (rows 11, 43) and BST (46)
from torch_rechub.models.generative.hstu import HSTUModel  # noqa: E402


def hstu_untied():
    _seed()
    return HSTUModel(vocab_size=50, d_model=32, n_heads=4, n_layers=1, dqk=8, dv=8, max_seq_len=16,
                     tie_embeddings=False).eval()


def hstu_tied():
    _seed()
    return HSTUModel(vocab_size=50, d_model=32, n_heads=4, n_layers=1, dqk=8, dv=8, max_seq_len=16).eval()


def hstu_call(module, device=None):
    with torch.no_grad():
        return module(torch.randint(1, 50, (2, 16), device=device))


def bst_encoder():
    _seed()
    layer = nn.TransformerEncoderLayer(d_model=8, nhead=2, dropout=0.2, activation=nn.LeakyReLU(), batch_first=True)
    return nn.TransformerEncoder(layer, num_layers=1).eval()


def seq8_call(module, device=None):
    with torch.no_grad():
        return module(torch.randn(2, 5, 8, device=device))


# ---------------------------------------------------------------- graphium LapPE "Transformer" (rows 52, 58)
from graphium.nn.base_layers import TransformerEncoderLayerMup  # noqa: E402


def lappe_encoder():
    _seed()
    layer = TransformerEncoderLayerMup(None, d_model=8, nhead=1, batch_first=True, dropout=0.0, activation="relu")
    encoder = nn.TransformerEncoder(layer, num_layers=1)
    for p in encoder.parameters():  # muP's initialisers are stand-ins here: give the weights values
        nn.init.normal_(p, std=0.1)
    return encoder.eval()


def lappe_train_call(module, device=None):
    module.train()
    return module(torch.randn(2, 5, 8, device=device))


# ---------------------------------------------------------------- scvi-tools' auto_move_data (P cluster; row 27)
_spec = importlib.util.spec_from_file_location(
    "scvi_decorators", f"{C47}/scvi-tools/src/scvi/module/base/_decorators.py")
_dec = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_dec)
auto_move_data = _dec.auto_move_data


class ScviLikeChildless(nn.Module):
    """CellAssignModule / SpatialDeconv's shape: own parameters only, generative decorated (rows 12, 25)."""

    def __init__(self):
        super().__init__()
        self.beta = nn.Parameter(torch.randn(6))
        self.W = nn.Parameter(torch.randn(6, 3))

    def forward(self, x):
        return self.generative(x)["px"]

    @auto_move_data
    def generative(self, x):
        beta = nn.functional.softplus(self.beta)
        return {"px": (x * beta) @ nn.functional.softplus(self.W)}


class _Decoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 6)

    def forward(self, z):
        return nn.functional.softplus(self.fc(z))


class ScviLikeVAE(nn.Module):
    """SCAR_VAE / MULTIVAE's shape: a non-list decoder child (a Linear inside) and a root parameter px_r used in the
    decorated generative (rows 27, 28). ``listed=True`` makes the decoder a direct nn.Sequential child instead (a
    hooked block at block level, as MRDeconv's gamma_encoder / V_encoder, row 4's contrast)."""

    def __init__(self, listed=False):
        super().__init__()
        self.decoder = nn.Sequential(nn.Linear(4, 6), nn.Softplus()) if listed else _Decoder()
        self.px_r = nn.Parameter(torch.randn(6))

    def forward(self, z):
        return self.generative(z)["px"]

    @auto_move_data
    def generative(self, z):
        px_rate = self.decoder(z)
        px_r = self.px_r
        return {"px": px_rate * torch.exp(px_r)}


def scvi_childless():
    _seed()
    return ScviLikeChildless().eval()


def scvi_vae():
    _seed()
    return ScviLikeVAE().eval()


def scvi_vae_listed():
    _seed()
    return ScviLikeVAE(listed=True).eval()


def gen6_call(module, device=None):
    with torch.no_grad():
        return module.generative(torch.randn(3, 6, device=device))


def gen4_call(module, device=None):
    with torch.no_grad():
        return module.generative(torch.randn(3, 4, device=device))


# ---------------------------------------------------------------- torch-rechub SASRec's attention layer (row 50)
def sasrec_mha():
    _seed()
    return nn.MultiheadAttention(8, 1, dropout=0.2).eval()  # sasrec.py:59-63: MultiheadAttention(embed_dim, num_heads, dropout)


def mha_call(module, device=None):
    q = torch.randn(5, 2, 8, device=device)
    with torch.no_grad():
        return module(q, q, q)


# ---------------------------------------------------------------- deepmd-kit RepFlowLayer (rows 14, 16, 22, 23)
# deepmd imports through a bare `deepmd` namespace: `deepmd.lib` (the compiled-library folder) is a stand-in folder
# holding a minimal run_config.ini (deepmd/env.py reads it at import), h5py / wcmatch / yaml / dargs / scipy / lmdb /
# msgpack / e3nn are import-time stand-ins (none is called by RepFlowLayer), array-api-compat, ml_dtypes and einops come
# from /tmp/t22aw/site (pip --target --no-deps). The runs call the dynamic-selection update methods directly on a
# RepFlowLayer with use_dynamic_sel=True (DescrptDPA3's layers call them from forward with the device embeddings).
def _deepmd():
    import os
    _StubFinder.PREFIXES = _StubFinder.PREFIXES + ("h5py", "wcmatch", "yaml", "dargs", "scipy", "lmdb", "msgpack",
                                                   "e3nn")
    lib = "/tmp/t22aw/dplib"
    os.makedirs(lib, exist_ok=True)
    with open(f"{lib}/run_config.ini", "w") as handle:
        handle.write("[CONFIG]\nenable_tensorflow = 0\nenable_pytorch = 1\n")
    _ns("deepmd", f"{C47}/deepmd-kit/deepmd")
    _ns("deepmd.lib", lib)
    sys.modules["deepmd"].lib = sys.modules["deepmd.lib"]
    from deepmd.pt.model.descriptor.repflow_layer import RepFlowLayer
    return RepFlowLayer


def repflow_dynamic():
    _seed()
    layer_cls = _deepmd()
    return layer_cls(e_rcut=6.0, e_rcut_smth=5.0, e_sel=8, a_rcut=4.0, a_rcut_smth=3.5, a_sel=4, ntypes=2, n_dim=8,
                     e_dim=4, a_dim=4, use_dynamic_sel=True, precision="float32", seed=1).eval()


def repflow_edge_call(module, device=None):
    node = torch.randn(1, 3, 8, device=device)
    edge = torch.randn(5, 4, device=device)
    idx = torch.tensor([0, 1, 2, 0, 1], device=device)
    with torch.no_grad():
        return module.optim_edge_update_dynamic(node, node, edge, idx, idx, feat="edge")


def repflow_angle_call(module, device=None):
    node = torch.randn(1, 3, 8, device=device)
    edge = torch.randn(5, 4, device=device)
    angle = torch.randn(6, 4, device=device)
    n2a = torch.tensor([0, 1, 2, 0, 1, 2], device=device)
    e2a = torch.tensor([0, 1, 2, 3, 4, 0], device=device)
    with torch.no_grad():
        return module.optim_angle_update_dynamic(angle, node, edge, n2a, e2a, e2a, feat="edge")


def repflow_angle_self_call(module, device=None):
    node = torch.randn(1, 3, 8, device=device)
    edge = torch.randn(5, 4, device=device)
    angle = torch.randn(6, 4, device=device)
    n2a = torch.tensor([0, 1, 2, 0, 1, 2], device=device)
    e2a = torch.tensor([0, 1, 2, 3, 4, 0], device=device)
    with torch.no_grad():
        return module.optim_angle_update_dynamic(angle, node, edge, n2a, e2a, e2a, feat="angle")


def __getattr__(name):  # the confirm target benchmarks.triage22aw_cases:RepFlowLayer, imported on first use
    if name == "RepFlowLayer":
        return _deepmd()
    raise AttributeError(name)


# ---------------------------------------------------------------- laplace (rows 41, 45): the user's network as the root
def user_mlp():
    _seed()
    return nn.Sequential(nn.Linear(6, 8), nn.ReLU(), nn.Linear(8, 3)).eval()


def laplace_find_last_layer_call(module, device=None):
    """What LLLaplace._find_last_layer does with the network the user passed (and offloaded): wrap it in laplace's
    FeatureExtractor and run find_last_layer, then the last-layer features as the Laplace predictive does."""
    _chain("laplace.utils", f"{C47}/laplace/laplace")
    from laplace.utils.feature_extractor import FeatureExtractor

    extractor = FeatureExtractor(module)
    with torch.no_grad():
        x = torch.randn(2, 6, device=device)
        extractor.find_last_layer(x)
        return extractor.forward_with_features(x)
