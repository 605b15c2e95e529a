"""Small builds and calls for the issue-22 "ay" triage (docs/triage-issue22-ay.md), run by
benchmarks/triage22ay_runtime.sh through `offload-lint confirm --factory/--call` (tracking backend, CPU) with
PYTHONPATH=/tmp/wt_ax (the linter the round measures). The libraries are imported from the corpus copies
(/tmp/corp49/<name>: the measured commits) through bare namespace packages registered below (their package __init__s
import the whole library). Import-time stand-ins (never called on these paths): deepod.core.base_model (BaseDeepAD,
which imports sklearn and friends) and deepod.utils.utility (get_sub_seqs). deepinv is imported whole (its own
package), only for the mechanism run of the OP cluster.
"""

from __future__ import annotations

import sys
import types

import torch
from torch import nn

C49 = "/tmp/corp49"


def _ns(name: str, path: str) -> None:
    if name not in sys.modules:
        module = types.ModuleType(name)
        module.__path__ = [path]
        sys.modules[name] = module


def _seed() -> None:
    torch.manual_seed(0)


# ---------------------------------------------------------------- namespaces
for _name, _path in (
    ("deepod", f"{C49}/deepod/deepod"),
    ("deepod.core", f"{C49}/deepod/deepod/core"),
    ("deepod.core.networks", f"{C49}/deepod/deepod/core/networks"),
    ("deepod.models", f"{C49}/deepod/deepod/models"),
    ("deepod.models.time_series", f"{C49}/deepod/deepod/models/time_series"),
    ("deepod.utils", f"{C49}/deepod/deepod/utils"),
    ("rlpyt", f"{C49}/rlpyt/rlpyt"),
    ("rlpyt.models", f"{C49}/rlpyt/rlpyt/models"),
    ("rlpyt.models.pg", f"{C49}/rlpyt/rlpyt/models/pg"),
    ("rlpyt.utils", f"{C49}/rlpyt/rlpyt/utils"),
    ("rlpyt.projects", f"{C49}/rlpyt/rlpyt/projects"),
    ("rlpyt.projects.safe", f"{C49}/rlpyt/rlpyt/projects/safe"),
):
    _ns(_name, _path)

_bm = types.ModuleType("deepod.core.base_model")
_bm.BaseDeepAD = type("BaseDeepAD", (object,), {})
sys.modules.setdefault("deepod.core.base_model", _bm)
_ut = types.ModuleType("deepod.utils.utility")
_ut.get_sub_seqs = None
sys.modules.setdefault("deepod.utils.utility", _ut)

# ---------------------------------------------------------------- deepod TCN blocks, legacy weight_norm (21, 35, 48)
from deepod.core.networks.ts_network_tcn import TcnResidualBlock, TcnResidualBlockTranspose  # noqa: E402


def tcn_block():
    _seed()
    return TcnResidualBlock(3, 4, kernel_size=3, stride=1, dilation=1, padding=2).eval()


def tcn_block_transpose():
    _seed()
    return TcnResidualBlockTranspose(4, 3, kernel_size=3, stride=1, dilation=1, padding=2).eval()


def c3_call(module, device=None):
    with torch.no_grad():
        return module(torch.randn(2, 3, 10, device=device))


def c4_call(module, device=None):
    with torch.no_grad():
        return module(torch.randn(2, 4, 10, device=device))


# ---------------------------------------------------------------- deepod transformer layers (43, 53) and TranAD (51)
from deepod.core.networks.ts_network_transformer import (  # noqa: E402
    TransformerBatchNormEncoderLayer,
    TransformerEncoderLayer,
)
from deepod.models.time_series.tranad import TransformerDecoderLayer as TranADDecoderLayer  # noqa: E402


def deepod_ln_encoder():
    """TSTransformerEncoder's default (norm='LayerNorm') layer, run alone: DeepOD pins torch<1.13.1, whose
    TransformerEncoder calls layer(src, src_mask=..., src_key_padding_mask=...); torch 2.13's also passes
    is_causal=, which DeepOD's layer does not accept (a TypeError with or without offloading), so the layer is the
    root here and is called as torch 1.12's TransformerEncoder calls it."""
    _seed()
    return TransformerEncoderLayer(8, 2, 16, 0.1, activation="ReLU").eval()


def deepod_bn_encoder():
    """TSTransformerEncoder with norm='BatchNorm' (PReNet's default)."""
    _seed()
    return TransformerBatchNormEncoderLayer(8, 2, 16, 0.1, activation="ReLU").eval()


def seq_first_call(module, device=None):
    with torch.no_grad():
        return module(torch.randn(5, 2, 8, device=device))


def tranad_decoder():
    """TranADNet's decoder layer (tranad.py:273), run alone as torch 1.12's TransformerDecoder calls it (torch 2.13's
    passes tgt_is_causal= / memory_is_causal=, which the layer does not accept)."""
    _seed()
    return TranADDecoderLayer(d_model=8, nhead=2, dim_feedforward=16, dropout=0.1).eval()


def tgt_mem_call(module, device=None):
    with torch.no_grad():
        return module(torch.randn(5, 2, 8, device=device), torch.randn(5, 2, 8, device=device))


# ---------------------------------------------------------------- deepod USAD.testing (49, 55)
from deepod.models.time_series.usad import UsadModel  # noqa: E402


def usad_model():
    _seed()
    return UsadModel(12, 4).eval()


def usad_testing_call(module, device=None):
    """What USAD.testing does (usad.py:263-267) with the fitted model a user offloaded."""
    with torch.no_grad():
        batch = torch.randn(3, 12, device=device)
        w1 = module.decoder1(module.encoder(batch))
        w2 = module.decoder2(module.encoder(w1))
        return 0.5 * torch.mean((batch - w1) ** 2, axis=1) + 0.5 * torch.mean((batch - w2) ** 2, axis=1)


# ---------------------------------------------------------------- rlpyt CppoModel / MujocoFfModel obs_rms (5, 25, 56)
from rlpyt.models.pg.mujoco_ff_model import MujocoFfModel  # noqa: E402
from rlpyt.projects.safe.cppo_model import CppoModel  # noqa: E402


def cppo_model():
    _seed()
    return CppoModel(observation_shape=(4,), action_size=2, hidden_sizes=[8]).eval()


def mujoco_ff_normalized():
    _seed()
    return MujocoFfModel(observation_shape=(4,), action_size=2, hidden_sizes=[8], normalize_observation=True).eval()


def rl_call(module, device=None):
    with torch.no_grad():
        return module(torch.randn(3, 4, device=device), torch.zeros(3, 2, device=device), torch.zeros(3, device=device))
