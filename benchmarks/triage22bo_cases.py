"""Small builds and calls for the issue-22 "bo" triage (docs/triage-issue22-bo.md), run by
benchmarks/triage22bo_runtime.sh through `offload-lint confirm --factory/--call` (tracking backend, CPU) with
PYTHONPATH=/tmp/wt_bn (the linter the round measures). The library code is the corpus copies (/tmp/corp65/<name>: the
measured commits), no install: torch_harmonics is imported as a package from its corpus root (its compiled helpers
`attention_helpers` / `disco_helpers` stubbed: no optimized kernels), torch-harmonics' examples/baseline_models/segformer.py
is loaded by path (`natten` stubbed: only NeighborhoodAttention2D, unused with attention_mode="global"; the optimized-kernel
modules torch_harmonics.{attention,disco}.optimized.* stubbed), pyhealth's tfm_tokenizer.py and TALENT's snn.py are
loaded by path (`einops` stubbed: tfm_tokenizer imports `rearrange`, the quantizer does not use it; `pyhealth.datasets` /
`pyhealth.models` stubbed with the two names tfm_tokenizer imports for its wrapper class, which is not run). Nothing is written
to disk. The classes run are the corpus's own.
"""

from __future__ import annotations

import importlib.util
import sys
import types

import torch

C = "/tmp/corp65"  # torchphysics (row 60) not run: its package import needs pytorch_lightning, trimesh, shapely, matplotlib


def _stub(name, **attrs):
    module = types.ModuleType(name)
    module.__dict__.update(attrs)
    sys.modules.setdefault(name, module)
    return sys.modules[name]


def _no(*_a, **_k):
    return False


def _unused(*_a, **_k):
    raise NotImplementedError("stub")


_stub("attention_helpers", cuda_kernels_is_available=_no, optimized_kernels_is_available=_no)
_stub("disco_helpers", cuda_kernels_is_available=_no, optimized_kernels_is_available=_no, pack_psi_dense=_unused,
      preprocess_psi=_unused)
_stub("natten", NeighborhoodAttention2D=_unused)


class _AnyStub(types.ModuleType):
    """A stand-in for torch_harmonics' optimized-kernel modules (compiled, absent here): every name is a stub."""

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return _unused


for _name in ("torch_harmonics.attention.optimized.attention_optimized", "torch_harmonics.disco.optimized.disco_optimized"):
    sys.modules.setdefault(_name, _AnyStub(_name))
_stub("einops", rearrange=_unused, repeat=_unused)
for _root in (f"{C}/torch-harmonics",):
    if _root not in sys.path:
        sys.path.append(_root)


def _load(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _dev(device):
    return torch.device(device) if device is not None else torch.device("cpu")


# torch-harmonics SphereSolver (rows 52 / 56 true; 20 / 23 P): the helmholtz notebook's calls
from torch_harmonics.examples.pde_sphere import SphereSolver  # noqa: E402


def solver():
    return SphereSolver(8, 16, 0.1, coeff=0.01)


def solver_dudt_call(module, device=None):
    uspec = torch.randn(module.lmax, module.mmax, dtype=torch.complex128, device=_dev(device))
    return module.dudtspec(uspec, pde="allen-cahn")


def solver_randspec_call(module, device=None):
    return module.randspec()


# torch-harmonics Segformer baseline's GlobalAttention (row 53, recall H2's class shape)
_seg = _load("th_baseline_segformer", f"{C}/torch-harmonics/examples/baseline_models/segformer.py")
GlobalAttention = _seg.GlobalAttention


def th_gattn():
    return GlobalAttention(8, num_heads=2)


def th_gattn_call(module, device=None):
    return module(torch.randn(2, 3, 4, 8, device=_dev(device)))


# pyhealth TFM tokenizer's EMAVectorQuantizer (row 57)
_stub("pyhealth")
_stub("pyhealth.datasets", SampleDataset=object)
_stub("pyhealth.models", BaseModel=torch.nn.Module)  # only the TFM wrapper class (not run) subclasses it
_tfm = _load("pyhealth_tfm_tokenizer", f"{C}/pyhealth/pyhealth/models/tfm_tokenizer.py")
EMAVectorQuantizer = _tfm.EMAVectorQuantizer


def ph_emavq():
    return EMAVectorQuantizer(4, 8).eval()


def ph_emavq_call(module, device=None):
    return module(torch.randn(2, 3, 4, device=_dev(device)))


# TALENT SNN (row 6, BE: encode runs only from forward)
_snn = _load("talent_snn", f"{C}/talent/TALENT/model/models/snn.py")
SNN = _snn.SNN


def talent_snn():
    return SNN(d_in=3, d_layers=[8, 8], dropout=0.0, d_out=1, categories=[3, 4], d_embedding=4)


def talent_snn_call(module, device=None):
    d = _dev(device)
    return module(torch.randn(2, 3, device=d), torch.tensor([[0, 1], [2, 3]], device=d))
