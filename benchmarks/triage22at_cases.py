"""Small builds and calls for the issue-22 "at" triage (docs/triage-issue22-at.md), run by
benchmarks/triage22at_runtime.sh through `offload-lint confirm --factory/--call` (tracking backend, CPU) with
PYTHONPATH=/tmp/wt_at (the linter the round measures). The libraries are imported from the corpus copies
(/tmp/corp44/<name>: the measured commits): FrEIA as a package; tabpfn, transformer_lens and tsfm_public through bare
namespace packages registered below (their package __init__s import sklearn / joblib, datasets / pandas / wandb and
pandas, absent here; `tabpfn.errors` (joblib through settings) is a one-function stub, and `datasets`, `pandas`,
`wandb` are import-time stubs nothing calls on these paths). einops, jaxtyping, wadler_lindig, fancy_einsum,
better_abc, typeguard and beartype are installed into /tmp/t22at/site (pip --target --no-deps; nothing installed into
the environment). orb-models needs Python 3.12 (PEP 695 generics in its base classes) and is labelled from reading.

- tabpfn: TabPFNV3 (the default v3 network) forward on a table with more rows than inference_row_chunk_size (rows 13,
  56, 32 at leaf level; the forward_cross rows 7, 20, 21, 24, 41, 42, 46 at block level).
- FrEIA: SequenceINN of InvAutoConv2D, reverse pass (row 36).
- transformer_lens: NativeModel with rotary embeddings, forward (rows 44, 50, 58); HookedTransformer.generate (rows
  40, 8); AbstractAttention.QK / OV read as the analysis helpers do (rows 22, 48).
- granite-tsfm: TSPulseForReconstruction forward (rows 10, 43); PatchTSTFMForPrediction forward and model_summary
  (rows 30, 57, 33).
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import sys
import types

import torch

C44 = "/tmp/corp44"


def _ns(name: str, path: str) -> None:
    if name not in sys.modules:
        module = types.ModuleType(name)
        module.__path__ = [path]
        sys.modules[name] = module


class _Any(type):
    def __getattr__(cls, key):
        if key.startswith("__"):
            raise AttributeError(key)
        return _Any(key, (), {})


def _stub_getattr(key):
    if key.startswith("__"):
        raise AttributeError(key)
    return _Any(key, (), {})


class _StubFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Import-time stand-ins for packages the measured code imports but these paths never call."""

    PREFIXES = ("datasets", "pandas", "wandb")

    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in self.PREFIXES:
            return importlib.machinery.ModuleSpec(name, self, is_package=True)
        return None

    def create_module(self, spec):
        module = types.ModuleType(spec.name)
        module.__path__ = []
        module.__getattr__ = _stub_getattr
        if spec.name == "pandas":
            module.DataFrame = type("DataFrame", (), {})
        return module

    def exec_module(self, module):
        pass


if not any(isinstance(finder, _StubFinder) for finder in sys.meta_path):
    sys.meta_path.insert(0, _StubFinder())

_TPF = f"{C44}/tabpfn/src/tabpfn"
for _name, _sub in (("tabpfn", ""), ("tabpfn.architectures", "/architectures"),
                    ("tabpfn.architectures.shared", "/architectures/shared"), ("tabpfn.preprocessing", "/preprocessing"),
                    ("tabpfn.preprocessing.torch", "/preprocessing/torch")):
    _ns(_name, _TPF + _sub)
if "tabpfn.errors" not in sys.modules:
    _errors = types.ModuleType("tabpfn.errors")
    _errors.is_oom_error = lambda error: False
    sys.modules["tabpfn.errors"] = _errors
_TL = f"{C44}/transformerlens/transformer_lens"
for _name, _sub in (("transformer_lens", ""), ("transformer_lens.model_bridge", "/model_bridge"),
                    ("transformer_lens.model_bridge.sources", "/model_bridge/sources"),
                    ("transformer_lens.model_bridge.sources.native", "/model_bridge/sources/native")):
    _ns(_name, _TL + _sub)
_TS = f"{C44}/granite-tsfm/tsfm_public"
for _name, _sub in (("tsfm_public", ""), ("tsfm_public.models", "/models"),
                    ("tsfm_public.models.tspulse", "/models/tspulse"),
                    ("tsfm_public.models.patchtst_fm", "/models/patchtst_fm")):
    _ns(_name, _TS + _sub)

import FrEIA.framework as _Ff  # noqa: E402
import FrEIA.modules as _Fm  # noqa: E402
from tabpfn.architectures.tabpfn_v3 import TabPFNV3, TabPFNV3Config  # noqa: E402
from transformer_lens.config import HookedTransformerConfig, TransformerBridgeConfig  # noqa: E402
from transformer_lens.HookedTransformer import HookedTransformer  # noqa: E402
from transformer_lens.model_bridge.sources.native.model import NativeModel  # noqa: E402
from tsfm_public.models.patchtst_fm.configuration_patchtst_fm import PatchTSTFMConfig  # noqa: E402
from tsfm_public.models.patchtst_fm.modeling_patchtst_fm import PatchTSTFMForPrediction  # noqa: E402
from tsfm_public.models.tspulse.configuration_tspulse import TSPulseConfig  # noqa: E402
from tsfm_public.models.tspulse.modeling_tspulse import TSPulseForReconstruction  # noqa: E402


class SequenceINN(_Ff.SequenceINN):
    """FrEIA.framework.SequenceINN, re-exported so that confirm's MODULE:CLASS names a class of this module."""


def _seed():
    torch.manual_seed(0)


# --- tabpfn v3: the network an estimator holds (models_[0]); 24 rows > inference_row_chunk_size=8 takes the chunked
# path the library's default performance options enable above 2048 rows ---
def tabpfn_v3():
    _seed()
    cfg = TabPFNV3Config(max_num_classes=3, num_buckets=-1, embed_dim=16, dist_embed_num_blocks=2,
                         dist_embed_num_heads=2, dist_embed_num_inducing_points=4, feature_group_size=2,
                         feat_agg_num_blocks=2, feat_agg_num_heads=2, feat_agg_num_cls_tokens=2, nlayers=2,
                         icl_num_heads=2, decoder_head_dim=8, decoder_num_heads=2, softmax_scaling_mlp_hidden_dim=8,
                         inference_row_chunk_size=8, inference_col_chunk_size=2)
    return TabPFNV3(config=cfg, task_type="multiclass", n_out=3).eval()


def tabpfn_v3_call(module, device=None):
    x = torch.randn(24, 1, 3, device=device)
    y = torch.randint(0, 3, (16,), device=device).float()
    with torch.no_grad():
        return module(x, y)


# --- FrEIA: an INN of InvAutoConv2D sampled in reverse (`inn(z, rev=True)`) ---
def freia_invauto():
    _seed()
    inn = SequenceINN(3, 8, 8)
    inn.append(_Fm.InvAutoConv2D, kernel_size=3, padding=1)
    inn.append(_Fm.InvAutoConv2D, kernel_size=3, padding=1)
    return inn.eval()


def freia_rev_call(module, device=None):
    with torch.no_grad():
        return module(torch.randn(2, 3, 8, 8, device=device), rev=True, jac=False)


# --- transformer_lens ---
def tl_native():
    _seed()
    cfg = TransformerBridgeConfig(d_model=16, d_head=4, n_layers=2, n_ctx=32, n_heads=4, d_vocab=50, act_fn="gelu",
                                  positional_embedding_type="rotary", normalization_type="RMS")
    return NativeModel(cfg).eval()


def tl_tokens_call(module, device=None):
    with torch.no_grad():
        return module(torch.randint(0, 50, (2, 7), device=device))


def tl_hooked():
    _seed()
    cfg = HookedTransformerConfig(d_model=16, d_head=4, n_layers=2, n_ctx=32, n_heads=4, d_vocab=50, act_fn="gelu",
                                  device="cpu")
    return HookedTransformer(cfg).eval()


def tl_generate_call(module, device=None):
    return module.generate(torch.randint(0, 50, (1, 5), device=device), max_new_tokens=2, verbose=False,
                           use_past_kv_cache=False, stop_at_eos=False)


def tl_qk_ov_call(module, device=None):
    attn = module.blocks[0].attn
    # as the interpretability helpers use them: the factored QK / OV circuits and their products
    return attn.QK.AB.norm(), attn.OV.AB.norm()


# --- granite-tsfm ---
def tspulse():
    _seed()
    cfg = TSPulseConfig(context_length=32, patch_length=8, patch_stride=8, num_input_channels=2, d_model=16,
                        decoder_d_model=16, num_layers=1, decoder_num_layers=1, prediction_length=8)
    return TSPulseForReconstruction(cfg).eval()


def tspulse_call(module, device=None):
    with torch.no_grad():
        return module(past_values=torch.randn(2, 32, 2, device=device))


def patchtst_fm():
    _seed()
    cfg = PatchTSTFMConfig(context_length=128, prediction_length=16, d_patch=8, d_model=16, n_head=2, n_layer=1,
                           num_quantile=9)
    return PatchTSTFMForPrediction(cfg).eval()


def patchtst_fm_call(module, device=None):
    with torch.no_grad():
        return module(past_values=torch.randn(2, 64, device=device))


def patchtst_summary_call(module, device=None):
    return module.model_summary()


# --- orb-models (Python 3.12 code): imported from ORB311, a copy of the corpus export whose three PEP 695 class
# headers (common/models/base.py:25, :40; common/atoms/abstract_atoms_adapter.py:14) are rewritten to TypeVar /
# Generic by triage22at_runtime.sh (nothing else differs; `diff -r` in runtime_log.txt); typing.override (3.12) is
# an identity here; cached_path and nvalchemiops (weights download, GPU neighbour lists) are import-time stubs: the
# graphs are built with edge_method="knn_brute_force". ---
import typing as _typing  # noqa: E402

if not hasattr(_typing, "override"):
    _typing.override = lambda function: function
if "cached_path" not in sys.modules:
    _cached = types.ModuleType("cached_path")
    _cached.cached_path = None
    sys.modules["cached_path"] = _cached
for _name in ("nvalchemiops", "nvalchemiops.neighbors", "nvalchemiops.neighbors.neighbor_utils", "nvalchemiops.torch",
              "nvalchemiops.torch.neighbors", "nvalchemiops.torch.neighbors.neighbor_utils"):
    if _name not in sys.modules:
        _module = types.ModuleType(_name)
        _module.__path__ = []
        _module.__spec__ = importlib.machinery.ModuleSpec(_name, None, is_package=True)
        _module.estimate_max_neighbors = _module.neighbor_list = None
        _module.get_neighbor_list_from_neighbor_matrix = None
        sys.modules[_name] = _module

try:
    import ase as _ase  # noqa: E402
    import numpy as _np  # noqa: E402
    from orb_models.forcefield import pretrained as _orb_pretrained  # noqa: E402
    from orb_models.forcefield.forcefield_adapter import ForcefieldAtomsAdapter as _OrbAdapter  # noqa: E402
    from orb_models.forcefield.models.conservative_regressor import ConservativeForcefieldRegressor  # noqa: E402,F401
    from orb_models.forcefield.models.direct_regressor import DirectForcefieldRegressor  # noqa: E402,F401
except ImportError:  # the orb cases need ORB311 on the path; the others do not
    _orb_pretrained = None


def _orb_graph(targets: bool = False):
    atoms = _ase.Atoms("H2O", positions=_np.array([[0, 0, 0], [0, 0, 1.0], [0, 0.9, 0.3]]), cell=[10, 10, 10],
                       pbc=True)
    graph = _OrbAdapter(radius=6.0, max_num_neighbors=20).from_ase_atoms(atoms, edge_method="knn_brute_force")
    if targets:
        graph.node_targets = {"forces": torch.randn(3, 3)}
        graph.system_targets = {"energy": torch.randn(1), "stress": torch.randn(1, 6)}
    return graph


def _to(graph, device):
    return graph.to(device) if device is not None else graph


def orb_direct():
    """orb-v3 direct architecture (energy, forces, confidence, stress heads), as pretrained.orb_v3_direct_* builds it."""
    _seed()
    model = _orb_pretrained.orb_v3_direct_architecture(device="cpu").eval()
    model.loss_weights = {"energy": 1.0, "forces": 1.0, "stress": 1.0, "confidence": 1.0}  # finetune.py's override
    return model


def orb_conservative():
    """orb-v3 conservative architecture (energy, confidence heads), the README's default models."""
    _seed()
    model = _orb_pretrained.orb_v3_conservative_architecture(device="cpu").eval()
    model.loss_weights = {"energy": 1.0, "grad_forces": 1.0, "grad_stress": 1.0, "rotational_grad": 1.0,
                          "confidence": 1.0}
    return model


def orb_v2():
    """orb-v2 architecture (GraphHead stress head)."""
    _seed()
    model = _orb_pretrained.orb_v2_architecture(device="cpu").eval()
    model.loss_weights = {"energy": 1.0, "forces": 1.0, "stress": 1.0}
    return model


def orb_predict_call(module, device=None):
    """ORBCalculator.calculate: `self.model.predict(batch)` (calculator.py:108)."""
    return module.predict(_to(_orb_graph(), device))


def orb_loss_call(module, device=None):
    """finetune.py:136: `model.loss(batch)` in train mode."""
    module.train()
    try:
        return module.loss(_to(_orb_graph(targets=True), device))
    finally:
        module.eval()
