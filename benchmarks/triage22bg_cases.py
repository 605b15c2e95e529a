"""Small builds and calls for the issue-22 "bg" triage (docs/triage-issue22-bg.md), run by
benchmarks/triage22bg_runtime.sh through `offload-lint confirm --factory/--call` (tracking backend, CPU) with
PYTHONPATH=/tmp/wt_bf (the linter the round measures). The library code is imported from the corpus copies
(/tmp/corp57/<name>: the measured commits), no install: package ``__init__`` files that pull optional dependencies
are skipped by seeding bare namespace packages over their folders, and third-party modules absent here (earth2studio's
xarray / physicsnemo / loguru / ..., Pearl's gym) are stubbed by an import hook; the classes run are the corpus's own.
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


sys.meta_path.insert(0, _Stubs(["cftime", "xarray", "physicsnemo", "onnxruntime", "zarr", "s3fs", "gcsfs", "netCDF4",
                                "h5netcdf", "ngcsdk", "loguru", "pandas", "obspec", "obstore", "pyarrow", "aiohttp",
                                "yarl", "gym", "gymnasium"]))
for _root in (C + "/earth2studio", C + "/pearl", C + "/aurora"):
    sys.path.insert(0, _root)
_seed(C + "/earth2studio", ["earth2studio", "earth2studio.models", "earth2studio.models.dx"])
_seed(C + "/aurora", ["aurora", "aurora.model"])

from earth2studio.models.dx import wind_gust as _wg  # noqa: E402
from earth2studio.models.dx.wind_gust import WindgustAFNO  # noqa: E402
from pearl.policy_learners.contextual_bandits.neural_linear_bandit import NeuralLinearBandit  # noqa: E402
from aurora.model.levelcond import LevelConditioned  # noqa: E402

# physicsnemo's cos_zenith_angle is absent here: a zero field of the grid's shape (it only feeds the input stack)
_wg.cos_zenith_angle = lambda t, lon, lat: np.zeros(np.shape(lon), dtype=np.float32)


def _dev(device):
    return torch.device(device) if device is not None else torch.device("cpu")


# --- earth2studio WindgustAFNO (rows 27, 37): the corpus wrapper around a tiny core model, 720 x 1440 grid
def windgust():
    torch.manual_seed(0)
    nv = len(_wg.VARIABLES)
    core = torch.nn.Sequential(torch.nn.Conv2d(nv + 3, 4, 1), torch.nn.Conv2d(4, 1, 1))
    return WindgustAFNO(core, torch.zeros(1, 1, 720, 1440), torch.zeros(1, 1, 720, 1440),
                        torch.zeros(1, nv, 1, 1), torch.ones(1, nv, 1, 1))


def windgust_call(module, device=None):
    coords = module.input_coords()
    coords["batch"] = np.array([0])
    coords["time"] = np.array([np.datetime64("2024-01-01T00:00")])
    coords["lead_time"] = np.array([np.timedelta64(0, "h")])
    x = torch.randn(1, 1, 1, len(_wg.VARIABLES), 720, 1440, device=_dev(device))
    return module(x, coords)


# --- Pearl NeuralLinearBandit.learn_batch (row 35): the user-built policy learner, a batch of 16 transitions
def nlb():
    torch.manual_seed(0)
    return NeuralLinearBandit(feature_dim=4, hidden_dims=[8, 4], training_rounds=1, batch_size=16)


def nlb_call(module, device=None):
    torch.manual_seed(0)
    d = _dev(device)
    batch = SimpleNamespace(state=torch.randn(16, 4, device=d), action=torch.zeros(16, 1, device=d),
                            reward=torch.randn(16, 1, device=d), weight=None)
    return module.learn_batch(batch)


# --- aurora LevelConditioned.forward (row 36): the ParameterDict holds modules, called through their own hooks
def levelcond():
    torch.manual_seed(0)
    return LevelConditioned(lambda: torch.nn.Linear(4, 4), levels=(100, 500, 850), levels_dim=-2)


def levelcond_call(module, device=None):
    torch.manual_seed(0)
    return module(torch.randn(2, 3, 4, device=_dev(device)), levels=(100, 500, 850))


# --- the same wrapper around a core that is not a ModuleList / Sequential (as the real AFNO core): recall H2 / H4 / H6
class _Core(torch.nn.Module):
    def __init__(self, cin):
        super().__init__()
        self.a = torch.nn.Conv2d(cin, 4, 1)
        self.b = torch.nn.Conv2d(4, 1, 1)

    def forward(self, x):
        return self.b(self.a(x))


def windgust_core():
    torch.manual_seed(0)
    nv = len(_wg.VARIABLES)
    return WindgustAFNO(_Core(nv + 3), torch.zeros(1, 1, 720, 1440), torch.zeros(1, 1, 720, 1440),
                        torch.zeros(1, nv, 1, 1), torch.ones(1, nv, 1, 1))
