"""Small builds and calls for the issue-22 "ba" triage (docs/triage-issue22-ba.md), run by
benchmarks/triage22ba_runtime.sh through `offload-lint confirm --factory/--call` (tracking backend, CPU) with
PYTHONPATH=/tmp/wt_az (the linter the round measures). The libraries are imported from the corpus copies
(/tmp/corp51/<name>: the measured commits). bindsnet goes through bare namespace packages (its package __init__ imports
matplotlib); `apricot` is stood in (imported by pomegranate/_utils.py, never called on these
paths: only the 'submodular' initialisations use it). spikingjelly is imported as its own package.
"""

from __future__ import annotations

import sys
import types

import torch

C51 = "/tmp/corp51"


def _ns(name: str, path: str) -> None:
    if name not in sys.modules:
        module = types.ModuleType(name)
        module.__path__ = [path]
        sys.modules[name] = module


for _name, _path in (
    ("bindsnet", f"{C51}/bindsnet/bindsnet"),
    ("bindsnet.network", f"{C51}/bindsnet/bindsnet/network"),
):
    _ns(_name, _path)
if "apricot" not in sys.modules:
    _ap = types.ModuleType("apricot")
    _ap.FacilityLocationSelection = None
    _ap.FeatureBasedSelection = None
    sys.modules["apricot"] = _ap
sys.path.insert(0, f"{C51}/spikingjelly")
sys.path.insert(0, f"{C51}/pomegranate")  # its package __init__ only sets __version__

from bindsnet.network.network import Network  # noqa: E402
from bindsnet.network.nodes import Input, LIFNodes  # noqa: E402
from bindsnet.network.topology import Conv1dConnection, LocalConnection1D  # noqa: E402
from pomegranate.distributions.exponential import Exponential  # noqa: E402
from pomegranate.distributions.normal import Normal  # noqa: E402
from pomegranate.kmeans import KMeans  # noqa: E402
from spikingjelly.activation_based.memopt.checkpointing import GCContainer  # noqa: E402
from spikingjelly.activation_based.neuron.mpbn import MPBNLIFNode  # noqa: E402
from spikingjelly.activation_based.neuron.psn import SlidingPSN  # noqa: E402


def _seed() -> None:
    torch.manual_seed(0)


def _x(n=32, d=3):
    _seed()
    return torch.rand(n, d) + 0.1


# ---------------------------------------------------------------- bindsnet Network.run (rows 44, 1; recall H1)
def _net(connection_cls, **kwargs):
    _seed()
    net = Network(dt=1.0)
    src = Input(shape=[1, 16], traces=True)
    tgt = LIFNodes(shape=[2, 14], traces=True)
    net.add_layer(src, "X")
    net.add_layer(tgt, "Y")
    net.add_connection(connection_cls(src, tgt, **kwargs), "X", "Y")
    return net


def bind_conv1d():
    return _net(Conv1dConnection, kernel_size=3)


def bind_local1d():
    return _net(LocalConnection1D, kernel_size=3, stride=1, n_filters=2)


def bind_run(module, device=None):
    _seed()
    x = torch.bernoulli(0.3 * torch.ones(4, 1, 1, 16)).to(device or "cpu")
    with torch.no_grad():
        module.run(inputs={"X": x}, time=4)
    return module.layers["Y"].s


# ---------------------------------------------------------------- pomegranate (rows 60, 13; 18; 22, 15)
def kmeans_fitted():
    return KMeans(k=2, max_iter=3).fit(_x())


def kmeans_predict(module, device=None):
    return module.predict(_x().to(device or "cpu"))


def normal_fitted():
    return Normal(covariance_type="diag").fit(_x())


def exponential_fitted():
    return Exponential().fit(_x())


def summarize_call(module, device=None):
    module.summarize(_x().to(device or "cpu"))
    return module._xw_sum


# ---------------------------------------------------------------- spikingjelly (row 17; C rows 19 / 24 via GCContainer)
def mpbn_node():
    _seed()
    return MPBNLIFNode(out_features=6).eval()


def step_call(module, device=None):
    _seed()
    with torch.no_grad():
        return module(torch.randn(4, 6, device=device))


def sliding_psn():
    _seed()
    return SlidingPSN(k=2, step_mode="m")


def sliding_psn_gc():
    _seed()
    return GCContainer(None, SlidingPSN(k=2, step_mode="m"))


def seq_call(module, device=None):
    _seed()
    with torch.no_grad():
        return module(torch.randn(5, 3, 6, device=device))


def kmeans_summarize(module, device=None):
    module.summarize(_x().to(device or "cpu"))
    return module._xw_sum


# ---------------------------------------------------------------- pomegranate HMM forward (row 55), BayesianNetwork
# predict_proba (row 28), GeneralMixtureModel summarize / first fit (rows 52, 34)
from pomegranate.bayesian_network import BayesianNetwork  # noqa: E402
from pomegranate.distributions.categorical import Categorical  # noqa: E402
from pomegranate.distributions.conditional_categorical import ConditionalCategorical  # noqa: E402
from pomegranate.gmm import GeneralMixtureModel  # noqa: E402
from pomegranate.hmm.sparse_hmm import SparseHMM  # noqa: E402


def sparse_hmm():
    _seed()
    d1 = Normal([0.0], [1.0], covariance_type="diag")
    d2 = Normal([2.0], [1.0], covariance_type="diag")
    return SparseHMM([d1, d2], edges=[(d1, d1, 0.7), (d1, d2, 0.3), (d2, d1, 0.4), (d2, d2, 0.6)],
                     starts=[0.5, 0.5])


def hmm_forward_call(module, device=None):
    _seed()
    emissions = torch.randn(2, 5, 2, device=device)
    return module(emissions=emissions)


def bayes_net():
    c0 = Categorical([[0.4, 0.6]])
    c1 = ConditionalCategorical([[[0.3, 0.7], [0.8, 0.2]]])
    return BayesianNetwork([c0, c1], [(c0, c1)])


def bn_predict_proba(module, device=None):
    x = torch.tensor([[0, -1], [1, -1]], device=device)
    return module.predict_proba(torch.masked.MaskedTensor(x, x >= 0))[1]


def gmm_fitted():
    _seed()
    return GeneralMixtureModel([Normal(), Normal()], max_iter=2).fit(torch.randn(40, 2))


def gmm_unfitted():
    return GeneralMixtureModel([Normal(), Normal()], max_iter=2)


def gmm_summarize(module, device=None):
    _seed()
    return module.summarize(torch.randn(40, 2, device=device))


def gmm_fit(module, device=None):
    _seed()
    module.fit(torch.randn(40, 2, device=device))
    return module.priors
