"""Small builds and calls for the issue-22 "am" triage (docs/triage-issue22-am.md), run by
benchmarks/triage22am_runtime.sh through `offload-lint confirm --factory/--call` with PYTHONPATH=/tmp/wt_am (the linter
the round measures, bb2aec9). The libraries are not installed: each corpus folder (/tmp/corp37/<lib>) goes on sys.path;
modules a library imports but does not need on these paths are stubbed for the import only (kornia_rs: kornia/io only;
torchao: torchtune's import-time check). Each builds the row's class small, the way the library's tests do, and makes
the call its docs / tests make, with inputs on the compute device:

- esm: ESM-1b (esm/model/esm1.py ProteinBertModel, 'roberta_large', 2 small layers), model(tokens) without
  return_contacts (rows 12, 15, 17: the fast path F.multi_head_attention_forward with q/k/v_proj weights).
- kornia RT-DETR (RTDETRConfig('resnet18d', 10, head_num_queries=10), tests/models/test_rt_detr.py) forward (row 31).
- kornia SigLip2VisionModel (small config) forward (row 10).
- kornia sam3 MaskDecoder(embed_dim=64) forward as its test (row 22).
- kornia ALIKED('aliked-t16') forward_laf (row 3, block) and forward (row 5, leaf).
- kornia ImageRegistrator('homography').register (row 8, LC: a mechanical check).
- torchtune FusionEmbedding forward (row 25), flux_1_autoencoder decode (row 11).
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import os
import sys
import types

import torch

C37 = os.environ.get("C37", "/tmp/corp37")


def _root(name):
    path = os.path.join(C37, name)
    if path not in sys.path:
        sys.path.insert(0, path)
    return path


class _Dummy:
    def __init__(self, *a, **k):
        pass

    def __class_getitem__(cls, item):
        return cls

    def __getitem__(self, item):
        return _Dummy()

    def __call__(self, *a, **k):
        return _Dummy()

    def __getattr__(self, name):
        return _Dummy()


def _module_getattr(name):
    if name.startswith("__"):
        raise AttributeError(name)
    return _Dummy


class _StubFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Every module named in ``prefixes`` (and below) is an empty module whose attributes are dummies."""

    def __init__(self, prefixes):
        self.prefixes = prefixes

    def find_spec(self, fullname, path, target=None):
        if any(fullname == p or fullname.startswith(p + ".") for p in self.prefixes):
            return importlib.machinery.ModuleSpec(fullname, self, is_package=True)
        return None

    def create_module(self, spec):
        module = types.ModuleType(spec.name)
        module.__path__ = []
        module.__version__ = "0.12.0"
        module.__getattr__ = _module_getattr
        return module

    def exec_module(self, module):
        pass


def _stub(*prefixes):
    sys.meta_path.insert(0, _StubFinder(prefixes))


# --- esm ------------------------------------------------------------------------------------------------------------

def esm1b_small():
    _root("esm")
    from argparse import Namespace  # noqa: PLC0415

    import esm  # noqa: PLC0415
    from esm.model.esm1 import ProteinBertModel  # noqa: PLC0415
    alphabet = esm.Alphabet.from_architecture("roberta_large")
    args = Namespace(arch="roberta_large", layers=2, embed_dim=32, ffn_embed_dim=64, attention_heads=4,
                     max_positions=64, dropout=0.0, attention_dropout=0.0, activation_dropout=0.0, final_bias=True,
                     emb_layer_norm_before=True)
    return ProteinBertModel(args, alphabet).eval()


def esm1b_call(module, device=None):
    tokens = torch.tensor([[0, 5, 6, 7, 8, 9, 10, 2]], device=device)
    with torch.no_grad():
        return module(tokens, repr_layers=[2])


# --- kornia ---------------------------------------------------------------------------------------------------------

def _kornia():
    _stub("kornia_rs")
    _root("kornia")


def rtdetr_small():
    _kornia()
    from kornia.models.rt_detr import RTDETR, RTDETRConfig  # noqa: PLC0415
    return RTDETR.from_config(RTDETRConfig("resnet18d", 10, head_num_queries=10)).eval()


def rtdetr_call(module, device=None):
    with torch.no_grad():
        return module(torch.rand(1, 3, 64, 64, device=device))


def siglip2_small():
    _kornia()
    from kornia.models.siglip2.config import SigLip2VisionConfig  # noqa: PLC0415
    from kornia.models.siglip2.vision_encoder import SigLip2VisionModel  # noqa: PLC0415
    config = SigLip2VisionConfig(image_size=32, patch_size=16, hidden_size=32, num_hidden_layers=1,
                                 num_attention_heads=4, intermediate_size=64)
    return SigLip2VisionModel(config).eval()


def siglip2_call(module, device=None):
    with torch.no_grad():
        return module(torch.randn(1, 3, 32, 32, device=device))


def sam3_maskdec():
    _kornia()
    from kornia.models.sam3.architecture.mask_decoder import MaskDecoder  # noqa: PLC0415
    return MaskDecoder(embed_dim=64).eval()


def sam3_maskdec_call(module, device=None):
    with torch.no_grad():
        return module(torch.randn(1, 64, 64, device=device), torch.randn(1, 3, 64, device=device),
                      torch.randn(1, 64, 8, 8, device=device), multimask_output=True)


def aliked_small():
    _kornia()
    from kornia.feature.aliked.aliked import ALIKED  # noqa: PLC0415
    return ALIKED(model_name="aliked-t16", max_num_keypoints=16, detection_threshold=0.0).eval()


def aliked_laf_call(module, device=None):
    with torch.no_grad():
        return module.forward_laf(torch.rand(1, 3, 64, 64, device=device), compute_affine=False)


def aliked_call(module, device=None):
    with torch.no_grad():
        return module(torch.rand(1, 3, 64, 64, device=device))


def registrator():
    _kornia()
    from kornia.geometry.transform.image_registrator import ImageRegistrator  # noqa: PLC0415
    return ImageRegistrator("homography", num_iterations=2, pyramid_levels=1)


def registrator_call(module, device=None):
    src = torch.rand(1, 1, 32, 32, device=device)
    return module.register(src, src.clone())


# --- torchtune -------------------------------------------------------------------------------------------------------

def _torchtune():
    _stub("torchao", "omegaconf", "datasets", "sentencepiece", "tiktoken", "blobfile", "kagglehub", "torchdata",
          "torchvision")
    _root("torchtune")


def fusion_embedding():
    _torchtune()
    from torchtune.modules.model_fusion import FusionEmbedding  # noqa: PLC0415
    return FusionEmbedding(vocab_size=10, fusion_vocab_size=5, embed_dim=8)


def fusion_embedding_call(module, device=None):
    with torch.no_grad():
        return module(torch.tensor([[1, 2, 11, 3, 12]], device=device))


def flux_ae():
    _torchtune()
    from torchtune.models.flux import flux_1_autoencoder  # noqa: PLC0415
    return flux_1_autoencoder(resolution=16, ch_in=3, ch_out=3, ch_base=32, ch_mults=[1, 2], ch_z=4,
                              n_layers_per_resample_block=2, scale_factor=1.0, shift_factor=0.0).eval()


def flux_decode_call(module, device=None):
    with torch.no_grad():
        return module.decode(torch.randn(1, 4, 8, 8, device=device))


# --- the confirm targets: `benchmarks.triage22am_cases:<Class>` imports the class after its library's stubs and root
# are in place (the corpora are not installed, so `offload-lint confirm kornia...:X` could not import them) -----------

_TARGETS = {
    "ProteinBertModel": (lambda: _root("esm"), "esm.model.esm1"),
    "RTDETR": (_kornia, "kornia.models.rt_detr.model"),
    "SigLip2VisionModel": (_kornia, "kornia.models.siglip2.vision_encoder"),
    "MaskDecoder": (_kornia, "kornia.models.sam3.architecture.mask_decoder"),
    "ALIKED": (_kornia, "kornia.feature.aliked.aliked"),
    "ImageRegistrator": (_kornia, "kornia.geometry.transform.image_registrator"),
    "FusionEmbedding": (_torchtune, "torchtune.modules.model_fusion"),
    "FluxAutoencoder": (_torchtune, "torchtune.models.flux._autoencoder"),
}


def __getattr__(name):
    if name not in _TARGETS:
        raise AttributeError(name)
    setup, module = _TARGETS[name]
    setup()
    import importlib  # noqa: PLC0415
    return getattr(importlib.import_module(module), name)
