"""Small builds and calls for the issue-22 "bd" triage (docs/triage-issue22-bd.md), run by
benchmarks/triage22bd_runtime.sh through `offload-lint confirm --factory/--call` (tracking backend, CPU) with
PYTHONPATH=/tmp/wt_bd (the linter the round measures). anomalib, uform and LyCORIS modules are imported from the
corpus copies (/tmp/corp54/<name>: the measured commits) through bare namespace packages, so that no package __init__
runs (anomalib's imports lightning / torchvision / timm, none installed here); `anomalib.data.InferenceBatch`,
AI-VAD's `features.FeatureType` (its file imports torchvision) and the torchvision.transforms names uform's
torch_decoders imports and LyCORIS' einops / toml imports are stood in (none is used on the run paths).
"""

from __future__ import annotations

import collections
import enum
import sys
import types

import torch
import torch.nn as nn

C54 = "/tmp/corp54"


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


AN = f"{C54}/anomalib/src"
_tree(AN, "anomalib.models.components.cluster")
_tree(AN, "anomalib.models.video.ai_vad.clip")
_tree(AN, "anomalib.models.image.dsr")
_tree(AN, "anomalib.models.image.dfm")
_ns("anomalib.data", InferenceBatch=collections.namedtuple("InferenceBatch", "pred_score pred_label anomaly_map pred_mask",
                                                           defaults=(None,) * 4))


class FeatureType(str, enum.Enum):
    POSE = "pose"
    VELOCITY = "velocity"
    DEEP = "deep"


_ns("anomalib.models.video.ai_vad.features", FeatureType=FeatureType)
import importlib.util  # noqa: E402


def _load(name: str, path: str) -> types.ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


_dyn = _load("anomalib.models.components.base.dynamic_buffer", f"{AN}/anomalib/models/components/base/dynamic_buffer.py")
_ns("anomalib.models.components.base", f"{AN}/anomalib/models/components/base", DynamicBufferMixin=_dyn.DynamicBufferMixin)
_ns("anomalib.models.components", PCA=object, DynamicBufferMixin=_dyn.DynamicBufferMixin, TimmFeatureExtractor=object)

from anomalib.models.components.cluster.gmm import GaussianMixture  # noqa: E402
from anomalib.models.video.ai_vad.clip.model import ResidualAttentionBlock  # noqa: E402
from anomalib.models.video.ai_vad.density import GroupedKNNEstimator  # noqa: E402

_dsr = _load("anomalib.models.image.dsr.torch_model", f"{AN}/anomalib/models/image/dsr/torch_model.py")
VectorQuantizer = _dsr.VectorQuantizer
_dfm = _load("anomalib.models.image.dfm.torch_model", f"{AN}/anomalib/models/image/dfm/torch_model.py")
SingleClassGaussian = _dfm.SingleClassGaussian

_tree(f"{C54}/uform/python", "uform")
import transformers.modeling_outputs, transformers.modeling_utils, transformers.processing_utils  # noqa: E401,E402
import transformers.models.auto.modeling_auto, transformers.tokenization_utils_base  # noqa: E401,E402  (before the stand-in)
if "torchvision" not in sys.modules:  # uform's torch_decoders imports torchvision.transforms names at top (not on the run path)
    import importlib.machinery
    _ns("torchvision").__spec__ = importlib.machinery.ModuleSpec("torchvision", None)
    _ns("torchvision.transforms", **{n: type(n, (), {}) for n in (
        "CenterCrop", "Compose", "InterpolationMode", "Normalize", "RandomResizedCrop", "Resize", "ToTensor")})
_uform = _load("uform.torch_decoders", f"{C54}/uform/python/uform/torch_decoders.py")
ImageFeaturesPooler = _uform.ImageFeaturesPooler

sys.path.insert(0, f"{C54}/lycoris")
if "einops" not in sys.modules:  # LyCORIS' boft / diag_oft import einops.rearrange (not installed; not on the LoKr path)
    def _no_einops(*args, **kwargs):
        raise NotImplementedError("einops stand-in")

    _ns("einops", rearrange=_no_einops, repeat=_no_einops, reduce=_no_einops)
if "toml" not in sys.modules:  # lycoris/utils/preset.py imports toml (presets are not read here)
    _ns("toml", load=_no_einops, loads=_no_einops)
import lycoris  # noqa: E402
from lycoris import create_lycoris  # noqa: E402
from lycoris.modules.lokr import LokrModule  # noqa: E402


def _seed() -> None:
    torch.manual_seed(0)


def _dev(device):
    return device or "cpu"


# ---------------------------------------------------------------- anomalib (rows 4, 30, 27, 34, 55, 60)
def dsr_vq():
    _seed()
    return VectorQuantizer(num_embeddings=8, embedding_dim=4).eval()


def dsr_vq_call(module, device=None):
    _seed()
    with torch.no_grad():
        return module(torch.randn(1, 4, 3, 3, device=_dev(device)))


def dfm_gauss():
    _seed()
    module = SingleClassGaussian()
    # fit's own lines (dfm/torch_model.py:74-77) before offloading; its `torch.mean(..., device=...)` is refused by
    # this torch, so the mean is taken without the keyword: the buffers hold a fitted Gaussian
    dataset = torch.randn(4, 16)
    module.mean_vec = torch.mean(dataset, dim=1)
    centered = (dataset - module.mean_vec.reshape(-1, 1)) / 4.0
    module.u_mat, module.sigma_mat, _ = torch.linalg.svd(centered, full_matrices=False)
    return module.eval()


def dfm_score(module, device=None):
    _seed()
    return module.score_samples(torch.randn(3, 4, device=_dev(device)))


def knn():
    _seed()
    module = GroupedKNNEstimator(n_neighbors=1)
    module.update(torch.randn(6, 4), group="a")
    module.update(torch.randn(6, 4), group="b")
    module.fit()
    return module.eval()


def knn_predict(module, device=None):
    _seed()
    return module.predict(torch.randn(3, 4, device=_dev(device)))


def gmm():
    _seed()
    module = GaussianMixture(n_components=2, n_iter=5)
    module.fit(torch.randn(20, 3))
    return module.eval()


def gmm_score(module, device=None):
    _seed()
    return module.score_samples(torch.randn(4, 3, device=_dev(device)))


def clip_block():
    _seed()
    return ResidualAttentionBlock(d_model=8, n_head=2).eval()


def clip_block_call(module, device=None):
    _seed()
    with torch.no_grad():
        return module(torch.randn(3, 2, 8, device=_dev(device)))


# ---------------------------------------------------------------- uform (row 29)
def uform_pooler():
    _seed()
    return ImageFeaturesPooler(input_size=6, hidden_size=8, num_attn_heads=2, intermediate_size=16, num_latents=3,
                               initializer_range=0.02).eval()


def uform_pooler_call(module, device=None):
    _seed()
    with torch.no_grad():
        return module(torch.randn(2, 5, 6, device=_dev(device)))


# ---------------------------------------------------------------- LyCORIS (OW rows: 8, 15, 26; the shape of all 11)
class Base(nn.Module):
    """A stand-in for the UNet / text encoder a user offloads: two Linear layers, the LoKr network attached to it."""

    def __init__(self):
        super().__init__()
        self.proj_in = nn.Linear(8, 8)
        self.proj_out = nn.Linear(8, 8)

    def forward(self, x):
        return self.proj_out(torch.relu(self.proj_in(x)))


def lokr_base():
    _seed()
    base = Base().eval()
    net = create_lycoris(base, 1.0, linear_dim=1, linear_alpha=1, algo="lokr", factor=2)
    net.apply_to()
    for lora in net.loras:  # a trained adapter: non-zero w2
        nn.init.normal_(lora.lokr_w2_a if hasattr(lora, "lokr_w2_a") else lora.lokr_w2)
    base.__dict__["_lycoris_net"] = net  # held by the user, not registered: as README's create_lycoris / apply_to
    return base


def lokr_merge(module, device=None):
    """The user's calls: a forward through the rebound layers, then LycorisNetwork.merge_to (wrapper.py:567)."""
    _seed()
    net = module.__dict__["_lycoris_net"]
    net.to(_dev(device))
    with torch.no_grad():
        out = module(torch.randn(2, 8, device=_dev(device)))
        net.merge_to(1.0)
        return out + module(torch.randn(2, 8, device=_dev(device)))
