"""Small builds and calls for the issue-22 "av" triage (docs/triage-issue22-av.md), run by
benchmarks/triage22av_runtime.sh through `offload-lint confirm --factory/--call` (tracking backend, CPU) with
PYTHONPATH=/tmp/wt_av (the linter the round measures). The libraries are imported from the corpus copies
(/tmp/corp46/<name>: the measured commits) through bare namespace packages registered below (their package __init__s
import the whole library and optional dependencies). einops comes from /tmp/t22av/site (pip --target --no-deps;
nothing installed into the environment). Import-time stand-ins (_StubFinder) for modules these paths import but never
call: cv2 and two InvokeAI utility modules (hed.py's image helpers / model-cache device helper),
fastNLP's span-metric and vocabulary modules (crf.py's allowed_transitions helpers).
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import sys
import types
from types import SimpleNamespace as NS

import torch

C46 = "/tmp/corp46"


class _Any(type):
    def __getattr__(cls, key):
        if key.startswith("__"):
            raise AttributeError(key)
        return _Any(key, (), {})

    def __getitem__(cls, item):
        return cls

    def __call__(cls, *args, **kwargs):
        return cls


def _stub_getattr(key):
    if key.startswith("__"):
        raise AttributeError(key)
    return _Any(key, (), {})


class _StubFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    PREFIXES = ("cv2",)
    EXACT = ("invokeai.backend.image_util.util", "invokeai.backend.model_manager",
             "invokeai.backend.model_manager.load", "invokeai.backend.model_manager.load.model_cache",
             "invokeai.backend.model_manager.load.model_cache.utils", "invokeai.backend.util",
             "invokeai.backend.util.devices",
             "fastNLP.core.metrics", "fastNLP.core.metrics.span_f1_pre_rec_metric", "fastNLP.core.vocabulary")

    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in self.PREFIXES or name in self.EXACT:
            return importlib.machinery.ModuleSpec(name, self, is_package=True)
        return None

    def create_module(self, spec):
        module = types.ModuleType(spec.name)
        module.__path__ = []
        module.__getattr__ = _stub_getattr
        return module

    def exec_module(self, module):
        pass


if not any(isinstance(finder, _StubFinder) for finder in sys.meta_path):
    sys.meta_path.insert(0, _StubFinder())


def _ns(name: str, path: str) -> None:
    if name not in sys.modules:
        module = types.ModuleType(name)
        module.__path__ = [path]
        sys.modules[name] = module


def _chain(dotted: str, root: str) -> None:
    parts = dotted.split(".")
    for i in range(1, len(parts) + 1):
        _ns(".".join(parts[:i]), "/".join([root] + parts[1:i]))


_chain("super_gradients.modules", f"{C46}/supergradients/src/super_gradients")
_chain("audio_separator.separator.uvr_lib_v5.demucs", f"{C46}/audiosep/audio_separator")
_chain("invokeai.backend.ip_adapter", f"{C46}/invokeai/invokeai")
_chain("invokeai.backend.image_util", f"{C46}/invokeai/invokeai")
_chain("invokeai.backend.flux.extensions", f"{C46}/invokeai/invokeai")
_chain("invokeai.backend.flux.ip_adapter", f"{C46}/invokeai/invokeai")
_chain("invokeai.backend.flux.modules", f"{C46}/invokeai/invokeai")
_chain("fastNLP.modules.torch.decoder", f"{C46}/fastnlp/fastNLP")
_chain("fastNLP.core", f"{C46}/fastnlp/fastNLP")
_chain("baleen.condenser", f"{C46}/colbert/baleen")


def _seed():
    torch.manual_seed(0)


# ---------------------------------------------------------------- super-gradients RepVGG / QARepVGG (rows 23, 38, 55)
from super_gradients.modules.repvgg_block import RepVGGBlock  # noqa: E402

sys.modules["super_gradients.modules"].RepVGGBlock = RepVGGBlock
from super_gradients.modules.qarepvgg_block import QARepVGGBlock  # noqa: E402


def repvgg_block():
    _seed()
    return RepVGGBlock(4, 4, use_alpha=True).eval()


def repvgg_fuse_call(module, device=None):
    with torch.no_grad():
        module(torch.randn(1, 4, 8, 8, device=device))
        kernel, bias = module._get_equivalent_kernel_bias()
    return kernel.sum() + bias.sum()


def qarepvgg_block():
    _seed()
    return QARepVGGBlock(4, 4, use_alpha=True).eval()


def qarepvgg_fuse_call(module, device=None):
    with torch.no_grad():
        module(torch.randn(1, 4, 8, 8, device=device))
        kernel, bias = module._get_equivalent_kernel_bias_for_branches()
    return kernel.sum() + bias.sum()


# ---------------------------------------------------------------- audio-separator (rows 40, 43, 56; 42, 51, 54)
from audio_separator.separator.uvr_lib_v5.demucs.transformer import CrossTransformerEncoder  # noqa: E402
from audio_separator.separator.uvr_lib_v5.tfc_tdf_v3 import TFC_TDF_net  # noqa: E402


def demucs_cross():
    _seed()
    return CrossTransformerEncoder(dim=8, num_heads=2, num_layers=2, hidden_scale=2.0, emb="sin",
                                   cape_augment=False).eval()


def demucs_cross_call(module, device=None):
    with torch.no_grad():
        return module(torch.randn(1, 8, 4, 3, device=device), torch.randn(1, 8, 5, device=device))


def mdxc_net():
    _seed()
    config = NS(model=NS(norm="BatchNorm", act="gelu", num_subbands=1, num_scales=2, scale=[2, 2],
                         num_blocks_per_scale=1, num_channels=8, growth=4, bottleneck_factor=2),
                training=NS(target_instrument="vocals", instruments=["vocals", "other"]),
                audio=NS(num_channels=2, dim_f=16, n_fft=62, hop_length=16))
    return TFC_TDF_net(config, "cpu").eval()


def mdxc_call(module, device=None):
    with torch.no_grad():
        return module(torch.randn(1, 2, 16 * 15, device=device))


# ---------------------------------------------------------------- InvokeAI (rows 46; 35, 47)
from invokeai.backend.ip_adapter.resampler import Resampler  # noqa: E402
from invokeai.backend.image_util.hed import ControlNetHED_Apache2  # noqa: E402


def resampler():
    _seed()
    return Resampler(dim=16, depth=2, dim_head=8, heads=2, num_queries=4, embedding_dim=12, output_dim=16,
                     ff_mult=2).eval()


def resampler_call(module, device=None):
    with torch.no_grad():
        return module(torch.randn(1, 5, 12, device=device))


def hed():
    _seed()
    return ControlNetHED_Apache2().eval()


def hed_call(module, device=None):
    with torch.no_grad():
        return module(torch.randn(1, 3, 16, 16, device=device))


# ---------------------------------------------------------------- InvokeAI XLabs IP-Adapter for FLUX (rows 58-60)
from invokeai.backend.flux.ip_adapter.xlabs_ip_adapter_flux import XlabsIpAdapterFlux, XlabsIpAdapterParams  # noqa: E402
from invokeai.backend.flux.extensions.xlabs_ip_adapter_extension import XLabsIPAdapterExtension  # noqa: E402


def xlabs_ip_adapter():
    _seed()
    return XlabsIpAdapterFlux(XlabsIpAdapterParams(num_double_blocks=2, context_dim=8, hidden_dim=8,
                                                   clip_embeddings_dim=6, clip_extra_context_tokens=2)).eval()


def xlabs_extension_call(module, device=None):
    # as the FLUX denoise loop drives it: run_image_proj once, then run_ip_adapter inside each double block
    extension = XLabsIPAdapterExtension(module, torch.randn(1, 6, device=device), weight=1.0, begin_step_percent=0.0,
                                        end_step_percent=1.0)
    with torch.no_grad():
        extension.run_image_proj(torch.float32)
        return extension.run_ip_adapter(0, 4, 1, NS(num_heads=2), torch.randn(1, 2, 3, 4, device=device),
                                        torch.randn(1, 3, 8, device=device))


# ---------------------------------------------------------------- xfuser cache wrapper (rows 19, 20)
# xfuser.envs / xfuser.core.distributed stand-ins: one CPU process, no sequence parallelism.
_chain("xfuser.model_executor.cache", f"{C46}/xfuser/xfuser")
_envs = types.ModuleType("xfuser.envs")
_envs.get_device = lambda index=0: torch.device("cpu")
sys.modules["xfuser.envs"] = _envs
_dist = types.ModuleType("xfuser.core.distributed")
_dist.get_sp_group = lambda: None
_dist.get_sequence_parallel_world_size = lambda: 1
sys.modules.setdefault("xfuser.core", types.ModuleType("xfuser.core")).__path__ = []
sys.modules["xfuser.core.distributed"] = _dist
from xfuser.model_executor.cache.utils import CachedTransformerBlocks  # noqa: E402


class _Block(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = torch.nn.Linear(8, 8)

    def forward(self, hidden, encoder, *args, **kwargs):
        return self.proj(hidden), encoder + 1


class PlainCachedBlocks(CachedTransformerBlocks):
    """The measured forward / process_blocks (utils.py:117-160) with the three abstract hooks filled in the simplest
    way (no similarity: every step runs the blocks, as a first step does)."""

    def are_two_tensor_similar(self, t1, t2, threshold):
        return torch.tensor(False)

    def get_start_idx(self) -> int:
        return 0

    def get_modulated_inputs(self, hidden_states, encoder_hidden_states, *args, **kwargs):
        return hidden_states, None, hidden_states, encoder_hidden_states


def xfuser_cached_blocks():
    _seed()
    return PlainCachedBlocks([_Block(), _Block()]).eval()


def xfuser_cached_call(module, device=None):
    with torch.no_grad():
        return module(torch.randn(1, 3, 8, device=device), torch.randn(1, 2, 8, device=device))


# ---------------------------------------------------------------- fla AttnRes (C rows 1-3, 6, 9-13, 15-18, 21, 22, 24)
# fla's models call the Triton kernel fused_attnres (no Triton here); the stand-in root below has the shape of
# GLAModel / HGRNModel / ... .forward with attnres_block_size set (modeling_gla.py:318-328) and calls fla's own torch
# reference of the kernel, naive_attnres (fla/ops/attnres/naive.py), with the same arguments.
_chain("fla.ops.attnres", f"{C46}/fla/fla")
from fla.ops.attnres.naive import naive_attnres  # noqa: E402


class AttnResLike(torch.nn.Module):
    def __init__(self, dim: int = 8, layers: int = 2):
        super().__init__()
        self.embeddings = torch.nn.Embedding(16, dim)
        self.layers = torch.nn.ModuleList(torch.nn.Linear(dim, dim) for _ in range(layers))
        self.norm = torch.nn.RMSNorm(dim)
        self.res_proj = torch.nn.Linear(dim, 1, bias=False)
        self.res_norm = torch.nn.RMSNorm(dim)

    def forward(self, input_ids):
        hidden_states = self.embeddings(input_ids)
        attnres_states = []
        for layer in self.layers:
            attnres_states.append(hidden_states)
            hidden_states = layer(hidden_states)
        residuals = [*attnres_states, hidden_states]
        return naive_attnres(query=self.res_proj.weight, residuals=residuals, rms_weight=self.res_norm.weight,
                             output_rms_weight=self.norm.weight, rms_eps=self.res_norm.eps or 1e-6)


def attnres_like():
    _seed()
    return AttnResLike().eval()


def attnres_call(module, device=None):
    with torch.no_grad():
        return module(torch.tensor([[1, 2, 3]], device=device))


# ---------------------------------------------------------------- fastNLP CRF (row 48)
from fastNLP.modules.torch.decoder.crf import ConditionalRandomField  # noqa: E402


def fastnlp_crf():
    _seed()
    return ConditionalRandomField(4, include_start_end_trans=True).eval()


def fastnlp_viterbi_call(module, device=None):
    with torch.no_grad():
        return module.viterbi_decode(torch.randn(2, 5, 4, device=device),
                                     torch.ones(2, 5, dtype=torch.bool, device=device))


# ---------------------------------------------------------------- ColBERT / Baleen ElectraReader (row 41)
from transformers import ElectraConfig  # noqa: E402
from baleen.condenser.model import ElectraReader  # noqa: E402


def electra_reader():
    _seed()
    config = ElectraConfig(vocab_size=128, embedding_size=8, hidden_size=8, num_hidden_layers=1,
                           num_attention_heads=2, intermediate_size=16, max_position_embeddings=32)
    # ElectraReader.__init__ ends with `self.init_weights()` (transformers 4's API); on the installed transformers 5
    # that needs post_init's state, so the weight initialisation is skipped here (random weights are enough).
    ElectraReader.init_weights = lambda self: None
    return ElectraReader(config).eval()


def electra_reader_call(module, device=None):
    ids = torch.tensor([[101, 103, 5, 103, 102, 0], [101, 7, 103, 8, 102, 0]], device=device)
    encoding = NS(input_ids=ids, attention_mask=(ids != 0).long(), token_type_ids=torch.zeros_like(ids))
    with torch.no_grad():
        return module(encoding)
