"""Small builds and calls for the issue-22 "au" triage (docs/triage-issue22-au.md), run by
benchmarks/triage22au_runtime.sh through `offload-lint confirm --factory/--call` (tracking backend, CPU) with
PYTHONPATH=/tmp/wt_au (the linter the round measures). The libraries are imported from the corpus copies
(/tmp/corp45/<name>: the measured commits) through bare namespace packages registered below (their package __init__s
import the whole library and optional dependencies: pypots imports tsdb / pygrinder / sklearn, tirex its gluonts
adapters). fairchem runs from /tmp/t22au/fairchem_rt, a copy of the export plus the `Jd.pt` files the export leaves out
(binary; `git cat-file blob` of the same commit, by the runtime script). einops, jaxtyping, wadler_lindig, e3nn,
opt_einsum and opt_einsum_fx come from /tmp/t22au/site (pip --target --no-deps; nothing installed into the
environment).

Stand-in roots (EqV2Like, EsenLike) hold the real fairchem classes the way the standalone EquiformerV2 (registered
"equiformer_v2": SO3_rotation an nn.ModuleList, SO3_grid a ModuleList of ModuleLists, mappingReduced a direct child) and
eSEN (SO3_grid an nn.ModuleDict, mappingReduced a child) hold them, and call them the way the models' blocks do
(SO3_Embedding._rotate / _rotate_inv / to_grid / from_grid, esen_block's SO3_grid[...].to_grid / from_grid,
activation.py's get_to_grid_mat, so2_layers' einsum with mappingReduced.to_m); the full models need torch_geometric.
"""

from __future__ import annotations

import sys
import types

import torch
from torch import nn

C45 = "/tmp/corp45"
FC = "/tmp/t22au/fairchem_rt/src/fairchem"


import importlib.abc  # noqa: E402
import importlib.machinery  # noqa: E402


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
    """Import-time stand-ins for packages the measured code imports but these paths never call (sklearn: tirex.util's
    train_test_split for its classifiers' fit; hydra: uni2ts' `instantiate`, used only to decode a saved
    distr_output config; jax: jaxtyping's PyTree annotations import jax.tree_util)."""

    PREFIXES = ("sklearn", "hydra", "jax")

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


_chain("pypots.nn.modules", f"{C45}/pypots/pypots")
for _sub in ("tcn", "seft", "helix", "csai", "totem", "etsformer", "film", "transformer", "vader", "tslanet"):
    _chain(f"pypots.nn.modules.{_sub}", f"{C45}/pypots/pypots")
_chain("tirex.models.slstm", f"{C45}/tirex/src/tirex")
_chain("tirex.api_adapter", f"{C45}/tirex/src/tirex")
_chain("uni2ts.model.moirai", f"{C45}/uni2ts/src/uni2ts")
_chain("momentfm.models.layers", f"{C45}/moment/momentfm")
_chain("momentfm.utils", f"{C45}/moment/momentfm")
_chain("momentfm.data", f"{C45}/moment/momentfm")
_chain("fairchem.core.models.equiformer_v2", FC)
_chain("fairchem.core.models.esen.common", FC)


def _seed():
    torch.manual_seed(0)


# ---------------------------------------------------------------- pypots (leaf-level layer rows)
from pypots.nn.modules.tcn.layers import TemporalBlock  # noqa: E402
from pypots.nn.modules.seft.backbone import _SAB  # noqa: E402
from pypots.nn.modules.helix.backbone import UnifiedAttentionEncoder  # noqa: E402
from pypots.nn.modules.csai.layers import TorchTransformerEncoder  # noqa: E402
from pypots.nn.modules.totem.autoencoder import VectorQuantizer  # noqa: E402
from pypots.nn.modules.etsformer.layers import GrowthLayer  # noqa: E402
from pypots.nn.modules.film.layers import HiPPO_LegT  # noqa: E402
from pypots.nn.modules.seft.backbone import _PMA  # noqa: E402
from pypots.nn.modules.helix.backbone import BackboneHELIX  # noqa: E402
from pypots.nn.modules.vader.layers import GMMLayer  # noqa: E402
from pypots.nn.modules.tslanet.backbone import BackboneTSLANet  # noqa: E402


def seft_pma():
    _seed()
    return _PMA(8, 2, 1, 16).eval()


def helix_backbone():
    _seed()
    return BackboneHELIX(n_features=3, d_pe=4, d_feature_embed=4, d_model=8, n_heads=2, n_layers=1, dropout=0.0).eval()


def helix_attention_call(module, device=None):
    with torch.no_grad():
        module(torch.randn(2, 6, 3, device=device), torch.ones(2, 6, 3, device=device))
    return module.get_attention_weights()


def vader_gmm():
    _seed()
    return GMMLayer(4, 3)


def vader_set_values_call(module, device=None):
    return module.set_values(torch.zeros_like(module.mu_c_unscaled, device=device),
                             torch.zeros_like(module.var_c_unscaled, device=device),
                             torch.zeros_like(module.phi_c_unscaled, device=device))


def tslanet_imputation():
    _seed()
    return BackboneTSLANet("imputation", seq_len=16, num_channels=2, pred_len=0, n_layers=1, patch_size=4, emb_dim=8,
                           dropout=0.0, mask_ratio=0.4).eval()


def tslanet_pretrain_call(module, device=None):
    with torch.no_grad():
        return module.pretrain(torch.randn(2, 16, 2, device=device))


def tcn_block():
    _seed()
    return TemporalBlock(4, 4, 3, stride=1, dilation=1, padding=2).eval()


def tcn_call(module, device=None):
    with torch.no_grad():
        return module(torch.randn(2, 4, 16, device=device))


def seft_sab():
    _seed()
    return _SAB(8, 2, 16).eval()


def helix_enc():
    _seed()
    return UnifiedAttentionEncoder(8, 2).eval()


def set_call(module, device=None):
    with torch.no_grad():
        return module(torch.randn(2, 5, 8, device=device))


def csai_enc():
    _seed()
    return TorchTransformerEncoder(heads=2, layers=1, channels=8).eval()


def csai_call(module, device=None):
    with torch.no_grad():
        return module(torch.randn(5, 2, 8, device=device))


def totem_vq():
    _seed()
    return VectorQuantizer(16, 8, 0.25).eval()


def totem_call(module, device=None):
    with torch.no_grad():
        return module(torch.randn(2, 8, 6, device=device))


def ets_growth():
    _seed()
    return GrowthLayer(8, 2).eval()


def film_legt():
    return HiPPO_LegT(4).eval()


def film_reconstruct_call(module, device=None):
    return module.reconstruct(torch.randn(2, 3, 4, device=device))


# ---------------------------------------------------------------- uni2ts
from uni2ts.module.position.attn_bias import BinaryAttentionBias  # noqa: E402
from uni2ts.model.moirai.module import MoiraiModule  # noqa: E402,F401  (the confirm target)


def uni2ts_bias():
    _seed()
    return BinaryAttentionBias(8, 2, 2).eval()


def uni2ts_bias_call(module, device=None):
    q = torch.randn(1, 2, 1, 4, 4, device=device)
    k = torch.randn(1, 2, 1, 4, 4, device=device)
    qid = torch.tensor([0, 0, 1, 1], device=device).view(1, 1, 1, 4)
    return module(q, k, query_id=qid, kv_id=qid)


def moirai_module():
    from uni2ts.distribution import StudentTOutput
    from uni2ts.model.moirai.module import MoiraiModule
    _seed()
    return MoiraiModule(distr_output=StudentTOutput(), d_model=128, num_layers=1, patch_sizes=(4,), max_seq_len=16,
                        attn_dropout_p=0.0, dropout_p=0.0).eval()


def moirai_call(module, device=None):
    n = 6
    with torch.no_grad():
        distr = module(torch.randn(1, n, 4, device=device), torch.ones(1, n, 4, dtype=torch.bool, device=device),
                       torch.ones(1, n, dtype=torch.long, device=device), torch.arange(n, device=device)[None],
                       torch.zeros(1, n, dtype=torch.long, device=device),
                       torch.tensor([[False] * 4 + [True] * 2], device=device),
                       torch.full((1, n), 4, dtype=torch.long, device=device))
        return distr.mean


# ---------------------------------------------------------------- tirex
from tirex.models.tirex import TiRexZero  # noqa: E402


def tirex_zero():
    _seed()
    cfg = dict(input_patch_size=4, output_patch_size=4, quantiles=[0.1, 0.5, 0.9],
               block_kwargs=dict(num_blocks=2, embedding_dim=8, num_heads=2), input_ff_dim=16)
    return TiRexZero("torch", cfg, train_ctx_len=16).eval()


def tirex_forecast_call(module, device=None):
    return module._forecast_quantiles(torch.randn(2, 16, device=device), prediction_length=4)


def tirex_embed_call(module, device=None):
    return module._embed_context(torch.randn(2, 16, device=device))


# ---------------------------------------------------------------- moment
from momentfm.models.moment import MOMENT  # noqa: E402


def moment_model():
    _seed()
    cfg = dict(task_name="reconstruction", seq_len=64, patch_len=8, patch_stride_len=8, d_model=16,
               transformer_backbone="google/flan-t5-small", transformer_type="encoder_only",
               randomly_initialize_backbone=True, enable_gradient_checkpointing=False, revin_affine=True,
               t5_config=dict(d_model=16, d_kv=4, d_ff=32, num_layers=2, num_heads=2, vocab_size=32,
                              feed_forward_proj="gated-gelu", is_encoder_decoder=False))
    return MOMENT(cfg, model_kwargs={}).eval()


def moment_anomaly_call(module, device=None):
    with torch.no_grad():
        return module.detect_anomalies(x_enc=torch.randn(2, 1, 64, device=device),
                                       input_mask=torch.ones(2, 64, device=device))


def moment_short_call(module, device=None):
    with torch.no_grad():
        return module.short_forecast(x_enc=torch.randn(2, 1, 64, device=device),
                                     input_mask=torch.ones(2, 64, device=device), forecast_horizon=8)


# ---------------------------------------------------------------- fairchem
from fairchem.core.models.equiformer_v2.so3 import (  # noqa: E402
    CoefficientMappingModule, SO3_Embedding, SO3_Grid, SO3_Rotation)
from fairchem.core.models.esen.common import so3 as esen_so3  # noqa: E402

L = 2


class EqV2Like(nn.Module):
    """The standalone EquiformerV2's holdings (equiformer_v2_deprecated.py:279-296) and its blocks' calls."""

    def __init__(self):
        super().__init__()
        self.SO3_rotation = nn.ModuleList([SO3_Rotation(L)])
        self.mappingReduced = CoefficientMappingModule([L], [L])
        self.SO3_grid = nn.ModuleList(
            [nn.ModuleList([SO3_Grid(lv, m) for m in range(L + 1)]) for lv in range(L + 1)])
        self.proj = nn.Linear(4, 4)

    def forward(self, x, rot):
        self.SO3_rotation[0].set_wigner(rot)
        emb = SO3_Embedding(x.shape[0], [L], 4, x.device, x.dtype)
        emb.set_embedding(self.proj(x))
        emb.set_lmax_mmax([L], [L])
        emb._rotate(self.SO3_rotation, [L], [L])
        emb._rotate_inv(self.SO3_rotation, self.mappingReduced)
        grid = emb.to_grid(self.SO3_grid, L)
        emb._from_grid(grid, self.SO3_grid, L)
        g2 = self.SO3_grid[L][L].to_grid(emb.embedding, L, L)
        return self.SO3_grid[L][L].from_grid(g2, L, L)


class EsenLike(nn.Module):
    """eSEN's holdings (esen.py: SO3_grid an nn.ModuleDict, mappingReduced) and its blocks' calls."""

    def __init__(self):
        super().__init__()
        self.SO3_grid = nn.ModuleDict({"lmax_lmax": esen_so3.SO3_Grid(L, L), "lmax_mmax": esen_so3.SO3_Grid(L, 1)})
        self.mappingReduced = esen_so3.CoefficientMapping(L, 1)
        self.proj = nn.Linear(4, 4)

    def forward(self, x):
        x = self.proj(x)
        g = self.SO3_grid["lmax_lmax"].to_grid(x, L, L)
        x = self.SO3_grid["lmax_lmax"].from_grid(g, L, L)
        g2 = torch.einsum("bai, zic -> zbac", self.SO3_grid["lmax_mmax"].get_to_grid_mat(), x[:, :self.SO3_grid["lmax_mmax"].get_to_grid_mat().shape[-1]])
        x2 = torch.einsum("bai, zbac -> zic", self.SO3_grid["lmax_mmax"].get_from_grid_mat(), g2)
        return torch.einsum("nac,ba->nbc", x2, self.mappingReduced.to_m)


def eqv2_like():
    _seed()
    return EqV2Like().eval()


def _rot(n, device):
    q, _ = torch.linalg.qr(torch.randn(n, 3, 3))
    return q.to(device)


def eqv2_call(module, device=None):
    with torch.no_grad():
        return module(torch.randn(3, (L + 1) ** 2, 4, device=device), _rot(3, device))


def esen_like():
    _seed()
    return EsenLike().eval()


def esen_call(module, device=None):
    with torch.no_grad():
        return module(torch.randn(3, (L + 1) ** 2, 4, device=device))
