"""Small builds and calls for the issue-22 "bs" triage (docs/triage-issue22-bs.md), run by
benchmarks/triage22bs_runtime.sh through `offload-lint confirm --factory/--call` (tracking backend, CPU) with
PYTHONPATH=/tmp/wt_bs (the linter the round measures). The library code is the corpus copies (/tmp/corp69/<name>: the
measured commits), no install and nothing downloaded: each library's package is entered as a path-only package (its
`__init__` not run, so that heavy optional imports stay out), and the few imports a built class does not use are
stubbed in sys.modules (torch_geometric / torch_scatter / pytorch_lightning for graphnet's layers file, whose
Attention_rel subclasses LightningModule: stubbed as nn.Module; machin.frame.algorithms.trpo's TRPO, used only by
compare_kl; tape's task registry, filled by tape.datasets (lmdb), made a no-op decorator; pandas for borzoi's module-level track table, used only by AnnotatedBorzoi). Nothing is written to disk.
The classes run are the corpus's own; machin's ActorContinuous is abstract (forward is the user's), so the factory
builds the smallest subclass its docs describe (a Linear mean head whose forward calls `self.sample(mean)`).
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import sys
import types

import torch
from torch import nn

C = "/tmp/corp69"


def _pkg(name, path=None, **attrs):
    """A package (or module) in sys.modules: path-only when `path` is given (its __init__ is not run)."""
    module = types.ModuleType(name)
    module.__dict__.update(attrs)
    module.__spec__ = importlib.machinery.ModuleSpec(name, None, is_package=path is not None)
    if path is not None:
        module.__path__ = [path]
    sys.modules.setdefault(name, module)
    return sys.modules[name]


class _Anything(nn.Module):
    def __init__(self, *a, **k):
        super().__init__()


def _any(*a, **k):
    raise NotImplementedError("stub")


def _stub_all(name, names):
    return _pkg(name, **{n: (_Anything if n[:1].isupper() else _any) for n in names})


def _dev(device):
    return torch.device(device) if device is not None else torch.device("cpu")


# ---- tape (tape_proteins): modeling_unirep mLSTMCell, modeling_utils SimpleMLP / SimpleConv (legacy weight_norm)
_pkg("tape", f"{C}/tape/tape")
_pkg("tape.models", f"{C}/tape/tape/models")
from tape.registry import registry as _tape_registry  # noqa: E402

# tasks are registered by tape.datasets (lmdb, not installed): the models' registration is a no-op here
_tape_registry.register_task_model = lambda *a, **k: (lambda cls: cls)
from tape.models.modeling_unirep import UniRepConfig, UniRepModel, mLSTM  # noqa: E402
from tape.models.modeling_utils import SimpleConv, SimpleMLP  # noqa: E402


def unirep_mlstm():
    return mLSTM(UniRepConfig(input_size=4, hidden_size=8)).eval()


def unirep_mlstm_call(module, device=None):
    return module(torch.randn(2, 3, 4, device=_dev(device)))


def unirep_model():
    return UniRepModel(UniRepConfig(vocab_size=26, input_size=4, hidden_size=8)).eval()


def unirep_model_call(module, device=None):
    return module(torch.randint(0, 26, (2, 3), device=_dev(device)))


def simple_mlp():
    return SimpleMLP(8, 16, 3).eval()


def simple_mlp_call(module, device=None):
    return module(torch.randn(2, 8, device=_dev(device)))


def simple_conv():
    return SimpleConv(8, 16, 3).eval()


def simple_conv_call(module, device=None):
    return module(torch.randn(2, 5, 8, device=_dev(device)))


# ---- machin: nets/resnet BottleneckWN (legacy weight_norm convs, shortcut), algorithms/trpo ActorContinuous
_pkg("machin", f"{C}/machin/machin")
_pkg("machin.model", f"{C}/machin/machin/model")
_pkg("machin.model.nets", f"{C}/machin/machin/model/nets")
_pkg("machin.model.algorithms", f"{C}/machin/machin/model/algorithms")
_pkg("machin.frame", f"{C}/machin/machin/frame")
_pkg("machin.frame.algorithms", f"{C}/machin/machin/frame/algorithms")
_pkg("machin.frame.algorithms.trpo", TRPO=object)
sys.modules["machin.model.nets"].NeuralNetworkModule = None  # filled below
from machin.model.nets.base import NeuralNetworkModule  # noqa: E402

sys.modules["machin.model.nets"].NeuralNetworkModule = NeuralNetworkModule
from machin.model.nets.resnet import BottleneckWN  # noqa: E402
from machin.model.algorithms.trpo import ActorContinuous  # noqa: E402


def bottleneck_wn():
    return BottleneckWN(8, 4, stride=2).eval()


def bottleneck_wn_call(module, device=None):
    return module(torch.randn(1, 8, 6, 6, device=_dev(device)))


class DocActor(ActorContinuous):
    """The actor machin's TRPO docs describe: forward computes the mean and calls self.sample(mean)."""

    def __init__(self, state_dim=3, action_dim=2):
        super().__init__(action_dim)
        self.fc = nn.Linear(state_dim, action_dim)

    def forward(self, state, action=None):
        return self.sample(self.fc(state), action)


def doc_actor():
    return DocActor()


def actor_get_kl_call(module, device=None):
    return module.get_kl(torch.randn(4, 3, device=_dev(device)))


def actor_get_fim_call(module, device=None):
    return module.get_fim(torch.randn(4, 3, device=_dev(device)))


# ---- graphnet: components/layers Attention_rel (proj_q / proj_k / proj_v weights handed to F.linear)
_pkg("graphnet", f"{C}/graphnet/src/graphnet")
_pkg("graphnet.models", f"{C}/graphnet/src/graphnet/models")
_pkg("graphnet.models.components", f"{C}/graphnet/src/graphnet/models/components")
_pkg("torch_geometric", "/nonexistent")
_stub_all("torch_geometric.nn", ["EdgeConv"])
_pkg("torch_geometric.nn").__path__ = ["/nonexistent"]
_stub_all("torch_geometric.nn.pool", ["knn_graph", "global_add_pool", "global_max_pool", "global_mean_pool"])
_stub_all("torch_geometric.typing", ["Adj", "PairTensor"])
_stub_all("torch_geometric.nn.conv", ["MessagePassing"])
_stub_all("torch_geometric.nn.inits", ["reset"])
_stub_all("torch_geometric.data", ["Data"])
_stub_all("torch_geometric.utils", ["to_dense_batch", "softmax", "degree"])
_stub_all("torch_scatter", ["scatter"])
_pkg("pytorch_lightning", LightningModule=nn.Module)
from graphnet.models.components.layers import Attention_rel  # noqa: E402


def attention_rel():
    return Attention_rel(8, num_heads=2, qkv_bias=True).eval()


def attention_rel_call(module, device=None):
    q = torch.randn(2, 5, 8, device=_dev(device))
    return module(q, q, q)


# ---- lightning-uq-box: models/prob_unet Fcomb.tile (next(self.parameters()).device places an index)
_pkg("lightning_uq_box", f"{C}/lightning-uq-box/lightning_uq_box")
_pkg("lightning_uq_box.models", f"{C}/lightning-uq-box/lightning_uq_box/models")
from lightning_uq_box.models.prob_unet import Fcomb  # noqa: E402


def fcomb():
    return Fcomb(input_size=6, filter_size=8, num_classes=2, no_convs_fcomb=2).eval()


def fcomb_call(module, device=None):
    d = _dev(device)
    return module(torch.randn(1, 4, 5, 5, device=d), torch.randn(1, 2, device=d))


# ---- borzoi-pytorch: Borzoi.predict (human_head and the trunk run outside forward); small dims, the fixed convs
_pkg("pandas", read_table=lambda *a, **k: types.SimpleNamespace(rename=lambda **kw: None))
_pkg("borzoi_pytorch", f"{C}/borzoi-pytorch/borzoi_pytorch")
from borzoi_pytorch.config_borzoi import BorzoiConfig  # noqa: E402
from borzoi_pytorch.pytorch_borzoi_model import Borzoi  # noqa: E402


def borzoi():
    config = BorzoiConfig(dim=16, depth=1, heads=2, attn_dim_key=4, attn_dim_value=8, bins_to_return=4)
    return Borzoi(config).eval()


def borzoi_predict_call(module, device=None):
    d = _dev(device)
    seqs = torch.nn.functional.one_hot(torch.randint(0, 4, (1, 1024)), 4).permute(0, 2, 1).float().to(d)
    return module.predict(seqs, [torch.tensor([0, 1], device=d)])


def borzoi_forward_call(module, device=None):
    d = _dev(device)
    seqs = torch.nn.functional.one_hot(torch.randint(0, 4, (1, 1024)), 4).permute(0, 2, 1).float().to(d)
    return module(seqs)
