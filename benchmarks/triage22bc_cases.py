"""Small builds and calls for the issue-22 "bc" triage (docs/triage-issue22-bc.md), run by
benchmarks/triage22bc_runtime.sh through `offload-lint confirm --factory/--call` (tracking backend, CPU) with
PYTHONPATH=/tmp/wt_bb (the linter the round measures). The libraries are imported from the corpus copies
(/tmp/corp53/<name>: the measured commits) through bare namespace packages, so that no package __init__ runs
(REINVENT's imports xxhash / rdkit, DI-engine's ditk / easydict / treetensor, neuromancer's reads its installed
metadata); `treetensor.torch` is stood in (rnn.py only names `ttorch.Tensor` in an isinstance check on a path not taken)
and `ding.torch_utils.Swish` (ensemble.py imports it; StandardScaler does not use it). One toy (ml_alias) mirrors
DI-engine's ModuleList-alias shape (bonus/model.py:181-189) because PPOFModel needs treetensor at run time.
"""

from __future__ import annotations

import sys
import types

import torch
import torch.nn as nn

C53 = "/tmp/corp53"


def _ns(name: str, path: str | None = None, **attrs) -> types.ModuleType:
    module = sys.modules.get(name)
    if module is None:
        module = types.ModuleType(name)
        module.__path__ = [path] if path else []
        sys.modules[name] = module
    for key, value in attrs.items():
        setattr(module, key, value)
    return module


def _tree(root: str, dotted: str) -> None:
    parts = dotted.split(".")
    for i in range(1, len(parts) + 1):
        _ns(".".join(parts[:i]), f"{root}/" + "/".join(parts[:i]))


_tree(f"{C53}/reinvent4", "reinvent.models.transformer.core.network.encode_decode")
_tree(f"{C53}/reinvent4", "reinvent.models.transformer.core.network.module")
_tree(f"{C53}/reinvent4", "reinvent.models.linkinvent.networks")
_tree(f"{C53}/reinvent4", "reinvent.models.libinvent.models")
_tree(f"{C53}/di-engine", "ding.torch_utils.network")
_tree(f"{C53}/di-engine", "ding.world_model.model")
sys.modules["ding"].enable_hpc_rl = False


class _Swish(nn.Module):
    def forward(self, x):
        return x * torch.sigmoid(x)


sys.modules["ding.torch_utils"].Swish = _Swish
_tt = _ns("treetensor")
_ns("treetensor.torch", Tensor=type("Tensor", (), {}))
_tree(f"{C53}/neuromancer/src", "neuromancer.slim")

from ding.torch_utils.network.popart import PopArt  # noqa: E402
from ding.torch_utils.network.rnn import LSTM as DingLSTM  # noqa: E402
from ding.world_model.model.ensemble import StandardScaler  # noqa: E402
from reinvent.models.libinvent.models.decorator import Decorator  # noqa: E402
from reinvent.models.linkinvent.networks.encoder_decoder import EncoderDecoder as LinkEncoderDecoder  # noqa: E402
from reinvent.models.transformer.core.network.encode_decode.model import EncoderDecoder  # noqa: E402
from reinvent.models.transformer.core.network.module.subsequent_mask import subsequent_mask  # noqa: E402

try:  # neuromancer's slim package __init__ imports .rnn too; the linear maps need only butterfly
    from neuromancer.slim.linear import ButterflyLinear, Linear as SlimLinear, SVDLinear  # noqa: E402
except Exception:  # pragma: no cover - reported by the run
    ButterflyLinear = SlimLinear = SVDLinear = None


def _seed() -> None:
    torch.manual_seed(0)


def _dev(device):
    return device or "cpu"


# ---------------------------------------------------------------- REINVENT transformer (rows 43, 46, 19, 50)
def rei_tf():
    _seed()
    return EncoderDecoder(vocabulary_size=12, num_layers=1, num_heads=2, model_dimension=16,
                          feedforward_dimension=32, dropout=0.0).eval()


def _src(device):
    _seed()
    src = torch.randint(2, 12, (2, 5), device=_dev(device))
    return src, (src != 0).unsqueeze(-2)


def rei_tf_sample(module, device=None):
    """TransformerModel.sample's use of the network (transformer.py:199-214): encode, decode, generator."""
    src, src_mask = _src(device)
    with torch.no_grad():
        memory = module.encode(src, src_mask)
        ys = torch.ones(2, 1, dtype=torch.long, device=_dev(device))
        out = module.decode(memory, src_mask, ys, subsequent_mask(ys.size(1)).type_as(src.data))
        return module.generator(out[:, -1], 1.0)


def rei_tf_likelihood(module, device=None):
    """TransformerModel.likelihood (transformer.py:137-138): network.forward then network.generator."""
    src, src_mask = _src(device)
    trg = torch.randint(2, 12, (2, 4), device=_dev(device))
    trg_mask = (trg != 0).unsqueeze(-2) & subsequent_mask(trg.size(-1)).type_as(src_mask)
    with torch.no_grad():
        out = module.forward(src, trg, src_mask, trg_mask)
        return module.generator(out, 1.0)


# ---------------------------------------------------------------- REINVENT LinkInvent / LibInvent (rows 13, 21, 35; H1)
_RNN = dict(num_layers=1, num_dimensions=8, vocabulary_size=10, dropout=0.0)


def rei_link():
    _seed()
    return LinkEncoderDecoder(dict(_RNN), dict(_RNN)).eval()


def rei_lib():
    _seed()
    rnn = dict(_RNN, num_layers=2)  # Encoder.forward's squeeze() drops the layer axis of a 1-layer encoder
    return Decorator(rnn, dict(rnn)).eval()


def rnn_sample(module, device=None):
    """LinkInventModel.sample / DecoratorModel.sample_decorations: forward_encoder, then forward_decoder steps."""
    _seed()
    seqs = torch.randint(2, 10, (2, 6), device=_dev(device))
    lengths = torch.tensor([6, 6])
    with torch.no_grad():
        enc, hidden = module.forward_encoder(seqs, lengths)
        step = torch.ones(2, 1, dtype=torch.long, device=_dev(device))
        logits, hidden, _ = module.forward_decoder(step, torch.ones(2), enc, hidden)
    return logits


# ---------------------------------------------------------------- DI-engine (rows 10, 34; 7, 17; 4, 18, 56; ML 3, 23)
def ding_lstm():
    _seed()
    return DingLSTM(input_size=4, hidden_size=6, num_layers=1, norm_type="LN").eval()


def lstm_call(module, device=None):
    _seed()
    with torch.no_grad():
        out, _ = module(torch.randn(3, 2, 4, device=_dev(device)), None, list_next_state=False)
    return out


def popart():
    _seed()
    return PopArt(4, 1)


def popart_update(module, device=None):
    _seed()
    return module.update_parameters(torch.randn(8, 1, device=_dev(device)))


def scaler():
    return StandardScaler(5)


def scaler_fit_transform(module, device=None):
    _seed()
    data = torch.randn(16, 5, device=_dev(device))
    module.fit(data)
    return module.transform(data)


class MLAlias(nn.Module):
    """DI-engine's PPOFModel / MAVAC shape: children also listed in ModuleLists, a mode method called directly."""

    def __init__(self):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(4, 8), nn.ReLU())
        self.actor_head = nn.Linear(8, 3)
        self.critic_head = nn.Linear(8, 1)
        self.actor = nn.ModuleList([self.encoder, self.actor_head])
        self.critic = nn.ModuleList([self.encoder, self.critic_head])

    def forward(self, x, mode):
        return getattr(self, mode)(x)

    def compute_critic(self, x):
        return self.critic_head(self.encoder(x))


def ml_alias():
    _seed()
    return MLAlias().eval()


def ml_compute_critic(module, device=None):
    _seed()
    with torch.no_grad():
        return module.compute_critic(torch.randn(2, 4, device=_dev(device)))


# ---------------------------------------------------------------- neuromancer slim linear maps (rows 33, 36, 49; 42)
def slim_svd():
    _seed()
    return SVDLinear(4, 4)


def slim_linear():
    _seed()
    return SlimLinear(4, 4)


def slim_butterfly():
    _seed()
    return ButterflyLinear(4, 4)


def slim_eig_and_reg(module, device=None):
    """What the tree does outside forward: eig() (plot.py reads effective_W().detach().cpu()), reg_error added to a
    device loss, then one forward on a device input."""
    _seed()
    x = torch.randn(3, 4, device=_dev(device))
    with torch.no_grad():
        eig = module.eig()
        loss = module(x).sum() + module.reg_error()
        plot = module.effective_W().detach().cpu().numpy()
    return loss, eig[0].abs().sum(), float(plot.sum())
