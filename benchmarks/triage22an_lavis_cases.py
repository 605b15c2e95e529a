"""LAVIS rows of the issue-22 "an" triage (docs/triage-issue22-an.md), run by benchmarks/triage22an_runtime.sh. LAVIS
is not installed and its package __init__ needs omegaconf / timm / torchvision (absent here), so the two files under
test are loaded alone, by path, with stand-ins for what they import: timm's to_2tuple / drop_path / trunc_normal_ with
their real meaning (eva_vit.py builds with them), every `lavis.*` import and timm's registry as inert objects (used at
import time only: registry decorators, base classes of the model classes not under test). The classes run are the
library's own code:

- lavis/models/eva_vit.py Attention (BLIP-2's EVA ViT-g attention; small: dim 16, 2 heads, qkv_bias) forward (row 12).
- lavis/models/clip_models/model.py AttentionPool2d (CLIP ResNet's attention pool; spacial_dim 4, width 16) forward
  (row 3).
"""

from __future__ import annotations

import importlib.util
import os
import sys
import types

import torch

C38 = os.environ.get("C38", "/tmp/corp38")


class _Stub:
    def __call__(self, *args, **kwargs):
        if len(args) == 1 and not kwargs and callable(args[0]):
            return args[0]  # a decorator: keep what it decorates
        return _Stub()

    def __getattr__(self, attr):
        if attr.startswith("__"):
            raise AttributeError(attr)
        return _Stub()


class _StubModule(types.ModuleType):
    def __getattr__(self, attr):
        if attr.startswith("__"):
            raise AttributeError(attr)
        if attr[:1].isupper():  # a class name: a base class of a class not under test
            cls = type(attr, (torch.nn.Module,), {})
            setattr(self, attr, cls)
            return cls
        return _Stub()


def _stub(*names):
    for name in names:
        if name not in sys.modules:
            module = _StubModule(name)
            module.__path__ = []
            sys.modules[name] = module


def _load(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


_layers = types.ModuleType("timm.models.layers")
_layers.to_2tuple = lambda x: tuple(x) if isinstance(x, (tuple, list)) else (x, x)
_layers.drop_path = lambda x, drop_prob=0.0, training=False: x
_layers.trunc_normal_ = torch.nn.init.trunc_normal_
_stub("timm", "timm.models", "timm.models.registry")
sys.modules.setdefault("timm.models.layers", _layers)
_stub("lavis", "lavis.common", "lavis.common.dist_utils", "lavis.common.registry", "lavis.common.utils",
      "lavis.models", "lavis.models.base_model", "lavis.models.clip_models", "lavis.models.clip_models.clip_outputs",
      "lavis.models.clip_models.timm_model", "lavis.models.clip_models.transform", "lavis.models.clip_models.utils",
      "lavis.models.clip_models.pretrained", "lavis.models.clip_models.tokenizer", "lavis.tasks",
      "lavis.tasks.multimodal_classification")
_eva = _load("lavis.models.eva_vit", os.path.join(C38, "LAVIS/lavis/models/eva_vit.py"))
_clip = _load("lavis.models.clip_models.model", os.path.join(C38, "LAVIS/lavis/models/clip_models/model.py"))
Attention = _eva.Attention
AttentionPool2d = _clip.AttentionPool2d


def eva_attention():
    torch.manual_seed(0)
    return Attention(16, num_heads=2, qkv_bias=True).eval()


def eva_attention_call(module, device=None):
    with torch.no_grad():
        return module(torch.randn(1, 5, 16, device=device))


def attention_pool():
    torch.manual_seed(0)
    return AttentionPool2d(4, 16, 2, 8).eval()


def attention_pool_call(module, device=None):
    # ModifiedResNet.forward -> self.attnpool(x) on the last stage's features
    with torch.no_grad():
        return module(torch.randn(1, 16, 4, 4, device=device))
