"""Small builds and calls for the issue-22 "bi" triage (docs/triage-issue22-bi.md), run by
benchmarks/triage22bi_runtime.sh through `offload-lint confirm --factory/--call` (tracking backend, CPU) with
PYTHONPATH=/tmp/wt_bh (the linter the round measures). The library code is the corpus copies (/tmp/corp59/<name>:
the measured commits), no install: each file is loaded by path under its own module name, and the third-party /
package modules it imports that are absent here (tensordict, torchrl's own package, gluonts' core) are stubbed by an
import hook (round bg's `_Stubs`); the classes run are the corpus's own.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
import types
from types import SimpleNamespace

import numpy as np
import torch

C = "/tmp/corp57"


class _Any:
    def __init__(self, *a, **k):
        pass

    def __call__(self, *a, **k):
        return _Any()

    def __getattr__(self, n):
        if n.startswith("__"):
            raise AttributeError(n)
        return _Any()

    def __or__(self, o):
        return self

    def __ror__(self, o):
        return self

    def __getitem__(self, k):
        return _Any()

    def __mro_entries__(self, bases):
        return ()

    def __iter__(self):
        return iter(())


class _Stubs(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    def __init__(self, names):
        self.names = set(names)

    def find_spec(self, name, path, target=None):
        if name.split(".")[0] in self.names:
            return importlib.machinery.ModuleSpec(name, self, is_package=True)
        return None

    def create_module(self, spec):
        module = types.ModuleType(spec.name)
        module.__path__ = []

        def attr(n):
            if n.startswith("__"):
                raise AttributeError(n)
            return _Any()

        module.__getattr__ = attr
        return module

    def exec_module(self, module):
        pass


def _seed(root, packages):
    for name in packages:
        if name not in sys.modules:
            module = types.ModuleType(name)
            module.__path__ = [root + "/" + name.replace(".", "/")]
            sys.modules[name] = module



C = "/tmp/corp59"

sys.meta_path.insert(0, _Stubs(["tensordict", "torchrl", "gluonts"]))


def _load(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


import importlib.util  # noqa: E402

# gluonts' @validated() is a decorator of __init__: identity here
_comp = types.ModuleType("gluonts.core.component")
_comp.validated = lambda *a, **k: (lambda f: f)
sys.modules["gluonts.core.component"] = _comp

_crossnet = _load("bi_crossnet", C + "/torchrec/torchrec/modules/crossnet.py")
_explo = _load("bi_exploration", C + "/torchrl/torchrl/modules/models/exploration.py")
_tft = _load("bi_tft_layers", C + "/gluonts/src/gluonts/torch/model/tft/layers.py")
_gd = _load("bi_gaussian_diffusion", C + "/gluonts/src/gluonts/nursery/robust-mts-attack/pts/modules/gaussian_diffusion.py")

CrossNet = _crossnet.CrossNet
NoisyLinear = _explo.NoisyLinear
TemporalFusionDecoder = _tft.TemporalFusionDecoder
GaussianDiffusion = _gd.GaussianDiffusion


def _dev(device):
    return torch.device(device) if device is not None else torch.device("cpu")


# --- torchrec CrossNet.forward (row 43; rows 9 / 12 / 39 the same ParameterList mechanism): leaf level
def crossnet():
    torch.manual_seed(0)
    return CrossNet(in_features=8, num_layers=2)


def crossnet_call(module, device=None):
    torch.manual_seed(0)
    return module(torch.randn(4, 8, device=_dev(device)))


# --- torchrl NoisyLinear (rows 3 / 10 / 19): the `weight` / `bias` properties read in the inherited nn.Linear.forward,
# held in a user's MLP (nn.Sequential) as a torchrl DQN network would
class _NoisyMLP(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Sequential(NoisyLinear(8, 16, use_exploration_type=False), torch.nn.ReLU(),
                                       NoisyLinear(16, 2, use_exploration_type=False))
        self.head = NoisyLinear(2, 2, use_exploration_type=False)

    def forward(self, x):
        return self.head(self.net(x))


def noisy():
    torch.manual_seed(0)
    return _NoisyMLP()


def noisy_call(module, device=None):
    torch.manual_seed(0)
    return module(torch.randn(4, 8, device=_dev(device)))


# --- gluonts TFT TemporalFusionDecoder.forward (row 32, OFL204): nn.MultiheadAttention's out_proj never called
def tft():
    torch.manual_seed(0)
    return TemporalFusionDecoder(context_length=6, prediction_length=3, d_hidden=8, d_var=8, num_heads=2)


def tft_call(module, device=None):
    torch.manual_seed(0)
    d = _dev(device)
    return module(torch.randn(2, 9, 8, device=d), torch.randn(2, 1, 8, device=d), torch.ones(2, 6, device=d))


# --- gluonts nursery GaussianDiffusion.sample (rows 2 / 49 / 53): no forward, schedule buffers read in sample
class _Denoise(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(4 + 4, 4)

    def forward(self, x, t, cond=None):
        return self.lin(torch.cat([x, cond], dim=-1))


def diffusion():
    torch.manual_seed(0)
    return GaussianDiffusion(_Denoise(), input_size=4, diff_steps=5)


def diffusion_call(module, device=None):
    torch.manual_seed(0)
    return module.sample(cond=torch.randn(2, 4, device=_dev(device)))
