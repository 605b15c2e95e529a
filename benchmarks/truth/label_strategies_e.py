"""Runtime labels for benchmarks/truth/strategies_e.toml: each site's code run under the strategy's real library on CPU.

    python benchmarks/truth/label_strategies_e.py --list
    python benchmarks/truth/label_strategies_e.py CHECK STRATEGY      # one check in this process (prints JSON)
    python benchmarks/truth/label_strategies_e.py --all [--only STRATEGY] [--checks NAME ...] > labels.jsonl
    python benchmarks/truth/label_strategies_e.py --toml labels.jsonl --confirmer confirm_*.jsonl > strategies_e.toml

The strategies are applied and the verdict is judged exactly as in label_strategies_d.py (``apply``, ``judge``:
accelerate ``cpu_offload`` / ``cpu_offload_with_hook`` on a second (meta) execution device, FSDP2 ``fully_shard`` on
gloo, DeepSpeed ZeRO-3 through ``deepspeed.initialize`` on its CPU accelerator); this file adds the checks for the
round-e sites (docs/strategies-truth-e.md). timm imports through ``torchvision_stub`` (no torchvision here).

A check runs the site's own code: the real class built from a tiny config, the site's method or its caller's call.
Where the site is generic code over "a model" (a training script's ``ema.copy_to(unet.parameters())``, a
``next(module.parameters()).device``), the check runs that line on a small stand-in model and says so.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent))

import torch  # noqa: E402
from torch import nn  # noqa: E402

import label_strategies_d as d  # noqa: E402
from label_strategies_d import FSDP2, MCO, SEQ, ZERO3, Check, judge  # noqa: E402

STRATEGIES = (SEQ, MCO, FSDP2, ZERO3)
_STACK: list[str] = []


def _where(frames: list[traceback.FrameSummary]) -> list[str]:
    """file:line of the library / example frames of a stack (what the site's line is looked for in)."""
    keep = ("site-packages/", "/tmp/corp/examples/")
    return [f"{f.filename.split('site-packages/')[-1].split('/tmp/corp/examples/')[-1]}:{f.lineno}" for f in frames
            if any(k in f.filename for k in keep) and "/torch/" not in f.filename and "/accelerate/" not in f.filename
            and "/deepspeed/" not in f.filename]


class _StackWatch(d.MixWatch):
    """d.MixWatch that also keeps the stack of the first op mixing a stale tensor with a live one."""

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):  # type: ignore[no-untyped-def]
        before = len(self.mixed)
        out = super().__torch_dispatch__(func, types, args, kwargs)
        if before == 0 and self.mixed and not _STACK:
            _STACK.extend(_where(traceback.extract_stack()))
        return out


d.MixWatch = _StackWatch  # judge() builds its watch by this name


def judge_traced(check: Check, strategy: str) -> dict[str, str]:
    """d.judge, plus ``stack``: the library frames (file:line) where the offloaded run failed or first mixed a
    stale tensor with a live one, so a row can say whether that happened at its own line."""
    _STACK.clear()

    def run(module, forward, device):  # type: ignore[no-untyped-def]
        try:
            return check.run(module, forward, device)
        except Exception as error:
            if not _STACK:
                _STACK.extend(_where(traceback.extract_tb(error.__traceback__)))
            raise

    result = judge(Check(check.build, run, check.diffusers), strategy)
    if result["verdict"] == "confirmed" and _STACK:
        result["stack"] = " <- ".join(reversed(_STACK[-25:]))
    return result


def _x(*shape: int, device: torch.device) -> torch.Tensor:
    return torch.randn(*shape, generator=torch.Generator().manual_seed(0)).to(device)


# ---------------------------------------------------------------------------------------------- timm

def _timm(name: str, **kwargs: Any) -> Callable[[], nn.Module]:
    def build() -> nn.Module:
        import torchvision_stub  # noqa: F401  (timm imports torchvision at import time)
        import timm

        return timm.create_model(name, pretrained=False, **kwargs)
    return build


def _timm_input(module: nn.Module, device: torch.device, size: int) -> torch.Tensor:
    return _x(1, 3, size, size, device=device)


def timm_forward(size: int) -> Callable[..., Any]:
    def run(module, forward, device):  # type: ignore[no-untyped-def]
        return forward(_timm_input(module, device, size))
    return run


def timm_forward_features(size: int) -> Callable[..., Any]:
    """A timm model's forward_features() called as an entry point of its own (feature extraction)."""
    def run(module, forward, device):  # type: ignore[no-untyped-def]
        return module.forward_features(_timm_input(module, device, size))
    return run


def timm_forward_intermediates(size: int) -> Callable[..., Any]:
    """timm forward_intermediates(): the model's own entry point besides forward."""
    def run(module, forward, device):  # type: ignore[no-untyped-def]
        return module.forward_intermediates(_timm_input(module, device, size))
    return run


def timm_forward_head(size: int) -> Callable[..., Any]:
    """forward_features() then forward_head() called by the user (timm's documented two-step use)."""
    def run(module, forward, device):  # type: ignore[no-untyped-def]
        return module.forward_head(module.forward_features(_timm_input(module, device, size)))
    return run


def timm_reparameterize(size: int) -> Callable[..., Any]:
    """timm.utils.reparameterize_model (RepConditionalPosEnc.reparameterize, NormLinear.fuse, ...) on the
    offloaded model, then forward."""
    def run(module, forward, device):  # type: ignore[no-untyped-def]
        import timm.utils

        timm.utils.reparameterize_model(module, inplace=True)
        return forward(_timm_input(module, device, size))
    return run


def timm_reset_classifier(size: int) -> Callable[..., Any]:
    """reset_classifier(n) on the offloaded model (it places the new head with get_device_dtype(self)), then
    forward."""
    def run(module, forward, device):  # type: ignore[no-untyped-def]
        torch.manual_seed(1)
        module.reset_classifier(3)
        return forward(_timm_input(module, device, size))
    return run


def _probed(build: Callable[[], nn.Module], method: str, size: int, child: str) -> Callable[[], nn.Module]:
    """build(), with the input shapes the child ``child`` gets when ``method`` runs un-offloaded kept on the module
    (``_probe``), for a check that runs the site's child call alone."""
    def probed() -> nn.Module:
        module = build().eval()
        shapes: list[tuple[int, ...]] = []
        target = module.get_submodule(child)
        handle = target.register_forward_pre_hook(
            lambda m, args: shapes.extend(tuple(a.shape) for a in args if isinstance(a, torch.Tensor)) if not shapes
            else None)
        with torch.no_grad():
            getattr(module, method)(torch.randn(1, 3, size, size))
        handle.remove()
        module._probe = shapes  # a plain attribute: no strategy moves it
        return module
    return probed


def child_alone(child: str) -> Callable[..., Any]:
    """The site's line alone: ``self.<child>(x)`` called from a method that is not the model's forward, on an input
    already on the execution device (what the line does once the method gets there; the method's earlier lines may
    break first under the strategy)."""
    def run(module, forward, device):  # type: ignore[no-untyped-def]
        inputs = [torch.randn(*shape, generator=torch.Generator().manual_seed(0)).to(device) for shape in module._probe]
        return module.get_submodule(child)(*inputs)
    return run


def param_alone(attr: str) -> Callable[..., Any]:
    """The site's line alone: ``x + self.<attr>`` (a root parameter read by a method that is not forward) with x on
    the execution device."""
    def run(module, forward, device):  # type: ignore[no-untyped-def]
        param = module.get_parameter(attr)
        return torch.ones(*param.shape).to(device) + param
    return run


def cat_alone(*names: str) -> Callable[..., Any]:
    """The site's line alone: ``torch.cat([self.<a>.data, self.<b>.data, ...])`` (fuse_projections' first lines),
    the concatenation itself as the result."""
    def run(module, forward, device):  # type: ignore[no-untyped-def]
        return torch.cat([module.get_parameter(name).data for name in names])
    return run


# ---------------------------------------------------------------------------------------------- transformers

def _reformer() -> nn.Module:
    from transformers import ReformerConfig, ReformerModelWithLMHead

    return ReformerModelWithLMHead(ReformerConfig(vocab_size=50, hidden_size=16, num_attention_heads=2, attention_head_size=8,
                                        attn_layers=["lsh"], feed_forward_size=32, axial_pos_embds=False,
                                        max_position_embeddings=16, num_buckets=2, num_hashes=1,
                                        lsh_attn_chunk_length=4, local_attn_chunk_length=4, is_decoder=True,
                                        pad_token_id=0, eos_token_id=1, chunk_size_lm_head=0))


def reformer_generate(module, forward, device):  # type: ignore[no-untyped-def]
    """ReformerModelWithLMHead.generate(): from the second step LSHSelfAttention.forward gets past_buckets_states
    and runs _query_per_attn_head / _value_per_attn_head (self.value.weight.reshape(...)) on the cached states."""
    return module.generate(input_ids=d._ids(device, 4), max_new_tokens=3, do_sample=False)


def ids_forward(n: int = 8, high: int = 20) -> Callable[..., Any]:
    def run(module, forward, device):  # type: ignore[no-untyped-def]
        return forward(input_ids=d._ids(device, n, high))[0]
    return run


def _sam_prompt_encoder(module_path: str, prefix: str) -> Callable[[], nn.Module]:
    """SamPromptEncoder / Sam2VideoPromptEncoder with a tiny config (its forward embeds points and boxes)."""
    def build() -> nn.Module:
        import importlib

        mod = importlib.import_module(module_path)
        prompt = dict(hidden_size=8, image_size=32, patch_size=16, mask_input_channels=4, num_point_embeddings=4)
        if prefix == "Sam":  # SamPromptEncoder takes the whole SamConfig (its shared embedding reads vision_config)
            from transformers import SamConfig

            config = SamConfig(vision_config=dict(hidden_size=16, output_channels=8, num_hidden_layers=1,
                                                  num_attention_heads=2, image_size=32, patch_size=16,
                                                  num_pos_feats=4), prompt_encoder_config=prompt)
        else:
            config = getattr(mod, f"{prefix}PromptEncoderConfig")(**prompt)
        return getattr(mod, f"{prefix}PromptEncoder")(config)
    return build


def sam_points(module, forward, device):  # type: ignore[no-untyped-def]
    """SamPromptEncoder.forward(input_points, input_labels) -> _embed_points (labels 0, 1, -1)."""
    points = _x(1, 1, 3, 2, device=device) * 32
    labels = torch.tensor([[[0, 1, -1]]], device=device)
    return forward(input_points=points, input_labels=labels, input_boxes=None, input_masks=None)


def sam_boxes(module, forward, device):  # type: ignore[no-untyped-def]
    """Sam2VideoPromptEncoder.forward(input_boxes=...) -> _embed_boxes."""
    boxes = _x(1, 1, 4, device=device) * 32
    return forward(input_points=None, input_labels=None, input_boxes=boxes, input_masks=None)


def _bark_fine() -> nn.Module:
    from transformers import BarkFineConfig, BarkFineModel

    return BarkFineModel(BarkFineConfig(block_size=16, input_vocab_size=20, output_vocab_size=20, num_layers=1,
                                        num_heads=2, hidden_size=16, n_codes_total=2, n_codes_given=1))


def bark_fine_forward(module, forward, device):  # type: ignore[no-untyped-def]
    """BarkFineModel.forward(codebook_idx, input_ids): inputs_embeds.to(self.position_embeds_layer.weight.device)."""
    ids = torch.randint(0, 20, (1, 6, 2), generator=torch.Generator().manual_seed(0)).to(device)
    return forward(1, ids).logits


def _deberta_mlm() -> nn.Module:
    from transformers import DebertaV2Config, DebertaV2ForMaskedLM

    return DebertaV2ForMaskedLM(DebertaV2Config(vocab_size=50, hidden_size=16, num_hidden_layers=1,
                                                num_attention_heads=2, intermediate_size=32,
                                                max_position_embeddings=16, legacy=False))


def mlm_logits(module, forward, device):  # type: ignore[no-untyped-def]
    return forward(input_ids=d._ids(device)).logits


def _fsmt_positions() -> nn.Module:
    from transformers.models.fsmt.modeling_fsmt import SinusoidalPositionalEmbedding

    return SinusoidalPositionalEmbedding(6, 8, 1)


def fsmt_extend(module, forward, device):  # type: ignore[no-untyped-def]
    """SinusoidalPositionalEmbedding.forward on more positions than it holds: make_weight() rebuilds the weight
    with weight.to(dtype=self.weight.dtype, device=self.weight.device)."""
    return forward(d._ids(device, 9, 5))


def _blip2() -> nn.Module:
    from transformers import Blip2Config, Blip2ForConditionalGeneration, OPTConfig

    config = Blip2Config(
        vision_config=dict(hidden_size=16, intermediate_size=32, num_hidden_layers=1, num_attention_heads=2,
                           image_size=16, patch_size=8),
        qformer_config=dict(vocab_size=50, hidden_size=16, num_hidden_layers=1, num_attention_heads=2,
                            intermediate_size=32, encoder_hidden_size=16, max_position_embeddings=16),
        text_config=OPTConfig(vocab_size=50, hidden_size=16, num_hidden_layers=1, ffn_dim=32, num_attention_heads=2,
                              max_position_embeddings=32, word_embed_proj_dim=16).to_dict(),
        num_query_tokens=2)
    return Blip2ForConditionalGeneration(config)


def blip2_image_features(module, forward, device):  # type: ignore[no-untyped-def]
    """Blip2ForConditionalGeneration.get_image_features(pixel_values): query_tokens.expand(...) then the
    Q-Former, called as an entry point of its own."""
    out = module.get_image_features(_x(1, 3, 16, 16, device=device))
    return out.pooler_output if hasattr(out, "pooler_output") else out


# ---------------------------------------------------------------------------------------------- diffusers

def vae_public_decode(module, forward, device):  # type: ignore[no-untyped-def]
    """self.vae.decode(latents, return_dict=False)[0]: the decorated public method."""
    return module.decode(_x(1, 4, 4, 4, device=device), return_dict=False)[0]


def vae_encoder_child(module, forward, device):  # type: ignore[no-untyped-def]
    """community marigold encode_rgb: h = self.vae.encoder(rgb_in); moments = self.vae.quant_conv(h)."""
    h = module.encoder(_x(1, 3, 8, 8, device=device))
    return module.quant_conv(h)


def vae_device_then_encode(module, forward, device):  # type: ignore[no-untyped-def]
    """gligen: image.to(dtype=self.vae.dtype, device=self.vae.device), then self.vae.encode(image)."""
    image = torch.randn(1, 3, 8, 8, generator=torch.Generator().manual_seed(0)).to(dtype=module.dtype,
                                                                                   device=module.device)
    return module.encode(image).latent_dist.mean


def vae_dtype_line(module, forward, device):  # type: ignore[no-untyped-def]
    """latents.to(self.vae.dtype) / latents.to(next(iter(self.vae.post_quant_conv.parameters())).dtype), the line
    alone (the decode after it is a line of its own)."""
    latents = _x(1, 4, 4, 4, device=device)
    return [latents.to(module.dtype), latents.to(next(iter(module.post_quant_conv.parameters())).dtype)]


def wan_vae_public_encode(module, forward, device):  # type: ignore[no-untyped-def]
    """helios: self.vae.encode(video_chunk).latent_dist.sample(generator): the decorated public method."""
    return module.encode(_x(1, 3, 1, 8, 8, device=device)).latent_dist.mean


def _cogvideox_vae() -> nn.Module:
    from diffusers import AutoencoderKLCogVideoX

    return AutoencoderKLCogVideoX(in_channels=3, out_channels=3, down_block_types=("CogVideoXDownBlock3D",),
                                  up_block_types=("CogVideoXUpBlock3D",), block_out_channels=(8,), latent_channels=4,
                                  layers_per_block=1, norm_num_groups=4, temporal_compression_ratio=1)


def cogvideox_vae_encode(module, forward, device):  # type: ignore[no-untyped-def]
    """consisid: retrieve_latents(self.vae.encode(img.unsqueeze(0)), generator) (B, C, T, H, W)."""
    return module.encode(_x(1, 3, 1, 8, 8, device=device)).latent_dist.mean


def _ltx2_vae(kind: str) -> Callable[[], nn.Module]:
    def build() -> nn.Module:
        import diffusers

        if kind == "audio":
            return diffusers.AutoencoderKLLTX2Audio(base_channels=8, latent_channels=4, ch_mult=(1, 1),
                                                    num_res_blocks=1, attn_resolutions=())
        return diffusers.AutoencoderKLLTX2Video(in_channels=3, out_channels=3, latent_channels=8,
                                                block_out_channels=(8, 8, 8, 8),
                                                decoder_block_out_channels=(8, 8, 8),
                                                layers_per_block=(1, 1, 1, 1, 1), decoder_layers_per_block=(1, 1, 1, 1))
    return build


def latents_mean_read(module, forward, device):  # type: ignore[no-untyped-def]
    """ltx2 _denormalize_latents(latents, self.vae.latents_mean, self.vae.latents_std, ...):
    latents_mean.view(1, -1, 1, 1, 1).to(latents.device)."""
    channels = module.latents_mean.numel()
    latents = _x(1, channels, 1, 1, 1, device=device)
    mean = module.latents_mean.view(1, -1, 1, 1, 1).to(latents.device, latents.dtype)
    std = module.latents_std.view(1, -1, 1, 1, 1).to(latents.device, latents.dtype)
    return latents * std + mean


def _fuse_attention(module_name: str, class_name: str, **kwargs: Any) -> Callable[[], nn.Module]:
    def build() -> nn.Module:
        import importlib

        cls = getattr(importlib.import_module(f"diffusers.models.transformers.{module_name}"), class_name)
        if "dim_head" not in kwargs:
            kwargs["dim_head"] = 8
        return cls(dim=16, heads=2, added_kv_proj_dim=16, **{k: v for k, v in kwargs.items() if v is not None})
    return build


def _soft_norm() -> nn.Module:
    from diffusers.models.autoencoders.autoencoder_same import SoftNormBottleneck

    module = SoftNormBottleneck(4)
    with torch.no_grad():
        module.scale.normal_()
        module.bias.normal_()
    return module


def _same() -> nn.Module:
    from diffusers.models.autoencoders.autoencoder_same import AutoencoderSAME

    module = AutoencoderSAME(audio_channels=2, patch_size=4, encoder_channels=8, encoder_c_mults=(1,),
                             encoder_strides=(2,), encoder_transformer_depths=(1,), latent_dim=4, dim_heads=4,
                             ff_mult=1, encoder_sinusoidal_blocks=(0,), decoder_sinusoidal_blocks=(0,))
    with torch.no_grad():
        module.bottleneck.scale.normal_()
        module.bottleneck.bias.normal_()
    return module


def same_encode(module, forward, device):  # type: ignore[no-untyped-def]
    """AutoencoderSAME.encode(sample) (@apply_forward_hook): patch_embed.encode, encoder(x), then
    self.bottleneck.encode(x), whose line reads the bottleneck's scale and bias (it has no forward)."""
    return module.encode(_x(1, 2, 16, device=device), return_dict=False)[0]


def vae_device_control(module, forward, device):  # type: ignore[no-untyped-def]
    """Control for vae-device-then-encode: the same call with the image placed on the execution device instead of
    self.vae.device. Where this breaks too, the break is the next line's (vae.encode), not the device read's."""
    image = torch.randn(1, 3, 8, 8, generator=torch.Generator().manual_seed(0)).to(dtype=module.dtype, device=device)
    return module.encode(image).latent_dist.mean


def soft_norm_encode(module, forward, device):  # type: ignore[no-untyped-def]
    """autoencoder_same.py SoftNormBottleneck.encode(x) (its parent's encode calls it; it has no forward)."""
    return module.encode(_x(1, 4, 3, device=device))


# ---------------------------------------------------------------------------------------------- peft

class _Mlp(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.lin0 = nn.Linear(8, 8)
        self.lin1 = nn.Linear(8, 8)

    def forward(self, x):  # type: ignore[no-untyped-def]
        return self.lin1(torch.relu(self.lin0(x)))


class _ConvNet(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.conv = nn.Conv2d(4, 4, 3, padding=1)
        self.head = nn.Conv2d(4, 4, 1)

    def forward(self, x):  # type: ignore[no-untyped-def]
        return self.head(torch.relu(self.conv(x)))


def _peft(kind: str) -> Callable[[], nn.Module]:
    """A small model with a peft adapter whose weights are not the identity (so merging / the adapter matters)."""
    def build() -> nn.Module:
        import peft

        if kind == "boft":
            config, base = peft.BOFTConfig(target_modules=["lin0"], boft_block_size=4, init_weights=False), _Mlp()
        elif kind == "oft":
            config, base = peft.OFTConfig(target_modules=["lin0"], r=2, oft_block_size=0, init_weights=False), _Mlp()
        elif kind == "ia3":
            config, base = peft.IA3Config(target_modules=["conv"], feedforward_modules=[], init_ia3_weights=False), _ConvNet()
        else:
            raise ValueError(kind)
        return peft.get_peft_model(base, config)
    return build


def peft_forward(module, forward, device):  # type: ignore[no-untyped-def]
    return forward(_x(2, 8, device=device))


def oft_get_weight(module, forward, device):  # type: ignore[no-untyped-def]
    """peft oft/layer.py OFTRotationModule.get_weight() (delta_weight / merge call it outside forward)."""
    layer = module.base_model.model.lin0
    return layer.oft_R["default"].get_weight()


def ia3_merge_then_forward(module, forward, device):  # type: ignore[no-untyped-def]
    """peft ia3/layer.py _ConvNd.merge(safe_merge=True): base_layer.weight.data * scaling, then forward."""
    module.base_model.model.conv.merge(safe_merge=True)
    return forward(_x(1, 4, 5, 5, device=device))


def _peft_prompt() -> nn.Module:
    import peft
    from transformers import GPT2Config, GPT2LMHeadModel

    base = GPT2LMHeadModel(GPT2Config(vocab_size=50, n_embd=16, n_layer=1, n_head=2, n_positions=32))
    return peft.get_peft_model(base, peft.PromptTuningConfig(task_type="CAUSAL_LM", num_virtual_tokens=2))


def peft_disable_adapter_forward(module, forward, device):  # type: ignore[no-untyped-def]
    """peft_model.py PeftModel.disable_adapter(): self.forward = self.base_model.forward (prompt learning), then
    the user's model(inputs) inside the context."""
    with module.disable_adapter():
        return module(input_ids=d._ids(device)).logits


def get_encoder_only(module, forward, device):  # type: ignore[no-untyped-def]
    """peft lora/model.py _get_encoder(model): encoder = model.get_encoder() (the module, not a call of it)."""
    from peft.tuners.lora.model import _get_encoder

    encoder = _get_encoder(module)
    return [torch.tensor(float(encoder is not None))]


# ---------------------------------------------------------------------------------------------- stand-ins
# Generic lines over "a model" (training scripts, helpers): run on a small model of two children.

def _two_layers() -> nn.Module:
    return nn.Sequential(nn.Linear(8, 8), nn.Linear(8, 8))


def numel_count(module, forward, device):  # type: ignore[no-untyped-def]
    """sum(p.numel() for p in params) / vector_bank_params += param.numel(): the count a script logs or checks."""
    return [torch.tensor(float(sum(p.numel() for p in module.parameters())))]


def next_parameters_device(module, forward, device):  # type: ignore[no-untyped-def]
    """device = next(self.<model>.parameters()).device, then a new tensor placed there and the model called."""
    where = next(module.parameters()).device
    return forward(torch.randn(1, 8, generator=torch.Generator().manual_seed(0)).to(where))


def state_dict_copy(module, forward, device):  # type: ignore[no-untyped-def]
    """controlnet.py from_unet: controlnet.down_blocks.load_state_dict(unet.down_blocks.state_dict()): a fresh
    module loaded from the offloaded one's state_dict, then run."""
    torch.manual_seed(1)
    fresh = _two_layers()
    fresh.load_state_dict(module.state_dict())
    return fresh(torch.randn(1, 8, generator=torch.Generator().manual_seed(0)))


def cast_training_params(module, forward, device):  # type: ignore[no-untyped-def]
    """training_utils.py cast_training_params(model, dtype): param.data = param.to(dtype) for trainable
    parameters, then forward."""
    from diffusers.training_utils import cast_training_params as cast

    cast(module, torch.float64)
    return forward(torch.randn(1, 8, generator=torch.Generator().manual_seed(0), dtype=torch.float64).to(device))


def requires_grad_off(module, forward, device):  # type: ignore[no-untyped-def]
    """vae.requires_grad_(False) / text_encoder.requires_grad_(False) in a training script, then forward."""
    module.requires_grad_(False)
    return forward(torch.randn(1, 8, generator=torch.Generator().manual_seed(0)).to(device))


def token_embedding_rows(module, forward, device):  # type: ignore[no-untyped-def]
    """textual inversion (train_dreambooth_lora_*_advanced): rows of
    text_encoder.text_model.embeddings.token_embedding.weight.data[index] read, and written back."""
    weight = module.get_input_embeddings().weight  # CLIPTextModel: text_model.embeddings.token_embedding
    index = torch.zeros(50, dtype=torch.bool)
    index[3:5] = True
    return [weight.data[index].clone()]


def module_to_device(module, forward, device):  # type: ignore[no-untyped-def]
    """cosmos: self.safety_checker.to(device) (the guardrail model is not installed: a stand-in module), the line
    alone."""
    module.to(device)
    return []


CHECKS: dict[str, Check] = {
    # timm (input sizes cut to what the architecture accepts, to keep CPU time small)
    "timm-samvit-intermediates": Check(_timm("samvit_base_patch16", img_size=32, patch_size=16, embed_dim=16, depth=1,
                                             num_heads=2, global_attn_indexes=(0,), window_size=0, neck_chans=8,
                                             use_rel_pos=False), timm_forward_intermediates(32)),
    "timm-samvit-features": Check(_timm("samvit_base_patch16", img_size=32, patch_size=16, embed_dim=16, depth=1,
                                        num_heads=2, global_attn_indexes=(0,), window_size=0, neck_chans=8,
                                        use_rel_pos=False), timm_forward_features(32)),
    "timm-fastvit-reparameterize": Check(_timm("fastvit_sa12", num_classes=4), timm_reparameterize(64)),
    "timm-deit-forward-head": Check(_timm("deit_tiny_distilled_patch16_224", img_size=32, depth=1, embed_dim=16,
                                          num_heads=2, num_classes=4), timm_forward_head(32)),
    "timm-swiftformer-features": Check(_timm("swiftformer_xs", num_classes=4), timm_forward_features(64)),
    "timm-iformer-reparameterize": Check(_timm("iformer_t", num_classes=4), timm_reparameterize(64)),
    "timm-deepseek-vit-reset": Check(_timm("deepseek_vit_412m", img_size=32, patch_size=16, embed_dim=16,
                                                          depth=1, num_heads=2, num_classes=4), timm_reset_classifier(32)),
    "timm-coat-intermediates": Check(_timm("coat_tiny", img_size=32, num_classes=4), timm_forward_intermediates(32)),
    "timm-nextvit-intermediates": Check(_timm("nextvit_small", num_classes=4), timm_forward_intermediates(64)),
    "timm-vgg-intermediates": Check(_timm("vgg11", num_classes=4), timm_forward_intermediates(32)),
    "timm-xcit-intermediates": Check(_timm("xcit_nano_12_p16_224", img_size=32, depth=1, num_classes=4),
                                     timm_forward_intermediates(32)),
    "timm-volo-intermediates": Check(_timm("volo_d1_224", img_size=32, num_classes=4), timm_forward_intermediates(32)),
    "timm-repvit-reparameterize": Check(_timm("repvit_m0_9", num_classes=4), timm_reparameterize(64)),
    "timm-eva-forward": Check(_timm("eva02_tiny_patch14_224", img_size=28, depth=1, num_classes=4), timm_forward(28)),
    "timm-beit-forward": Check(_timm("beit_base_patch16_224", img_size=32, depth=1, embed_dim=16, num_heads=2,
                                     num_classes=4), timm_forward(32)),
    "timm-swinv2-forward": Check(_timm("swinv2_tiny_window8_256", img_size=32, window_size=2, embed_dim=8,
                                       depths=(1, 1), num_heads=(1, 2), num_classes=4), timm_forward(32)),
    "timm-shvit-reparameterize": Check(_timm("shvit_s1", num_classes=4), timm_reparameterize(64)),
    # the site's line alone where the method breaks at another line first (see child_alone, param_alone, cat_alone)
    "helios-add-kv-bias-cat-alone": Check(d._attention("transformer_helios", "HeliosAttention"),
                                          cat_alone("add_k_proj.bias", "add_v_proj.bias"), diffusers=True),
    "skyreels-qkv-cat-alone": Check(_fuse_attention("transformer_skyreels_v2", "SkyReelsV2Attention"),
                                    cat_alone("to_q.weight", "to_k.weight", "to_v.weight"), diffusers=True),
    "wan-animate-2-qkv-cat-alone": Check(_fuse_attention("transformer_wan_animate_2", "WanAnimate2Attention",
                                                         dim_head=None),
                                         cat_alone("to_q.weight", "to_k.weight", "to_v.weight"), diffusers=True),
    "timm-samvit-pos-embed-alone": Check(_timm("samvit_base_patch16", img_size=32, patch_size=16, embed_dim=16,
                                               depth=1, num_heads=2, global_attn_indexes=(0,), window_size=0,
                                               neck_chans=8, use_rel_pos=False), param_alone("pos_embed")),
    "timm-volo-pos-embed-alone": Check(_timm("volo_d1_224", img_size=32, num_classes=4), param_alone("pos_embed")),
    "timm-deit-head-dist-alone": Check(_probed(_timm("deit_tiny_distilled_patch16_224", img_size=32, depth=1,
                                                     embed_dim=16, num_heads=2, num_classes=4), "forward", 32,
                                               "head_dist"), child_alone("head_dist")),
    "timm-swiftformer-norm-alone": Check(_probed(_timm("swiftformer_xs", num_classes=4), "forward", 64, "norm"),
                                         child_alone("norm")),
    "timm-coat-cpe2-alone": Check(_probed(_timm("coat_tiny", img_size=32, num_classes=4), "forward", 32, "cpe2"),
                                  lambda m, f, dev: m.cpe2(torch.randn(*m._probe[0]).to(dev),
                                                            (int((m._probe[0][1] - 1) ** 0.5),) * 2)),
    "timm-nextvit-stage-alone": Check(_probed(_timm("nextvit_small", num_classes=4), "forward", 64, "stages.0"),
                                      child_alone("stages.0")),
    "timm-vgg-features-alone": Check(_probed(_timm("vgg11", num_classes=4), "forward", 32, "features.0"),
                                     child_alone("features.0")),
    "timm-xcit-block-alone": Check(_probed(_timm("xcit_nano_12_p16_224", img_size=32, depth=1, num_classes=4),
                                           "forward", 32, "blocks.0"),
                                   lambda m, f, dev: m.blocks[0](torch.randn(*m._probe[0]).to(dev), 2, 2)),
    # transformers
    "reformer-lsh-generate": Check(_reformer, reformer_generate),
    "sam-prompt-points": Check(_sam_prompt_encoder("transformers.models.sam.modeling_sam", "Sam"), sam_points),
    "sam2-video-prompt-boxes": Check(_sam_prompt_encoder("transformers.models.sam2_video.modeling_sam2_video",
                                                         "Sam2Video"), sam_boxes),
    "bark-fine-forward": Check(_bark_fine, bark_fine_forward),
    "deberta-mlm-forward": Check(_deberta_mlm, mlm_logits),
    "fsmt-positions-extend": Check(_fsmt_positions, fsmt_extend),
    "blip2-image-features": Check(_blip2, blip2_image_features),
    "t5-get-encoder-only": Check(d._t5, get_encoder_only),
    # diffusers
    "vae-public-decode": Check(d._vae_kl, vae_public_decode, diffusers=True),
    "vae-encoder-child": Check(d._vae_kl, vae_encoder_child, diffusers=True),
    "vae-device-then-encode": Check(d._vae_kl, vae_device_then_encode, diffusers=True),
    "vae-dtype-line": Check(d._vae_kl, vae_dtype_line, diffusers=True),
    "wan-vae-public-encode": Check(d._wan_vae, wan_vae_public_encode, diffusers=True),
    "cogvideox-vae-encode": Check(_cogvideox_vae, cogvideox_vae_encode, diffusers=True),
    "ltx2-audio-latents-mean": Check(_ltx2_vae("audio"), latents_mean_read, diffusers=True),
    "ltx2-video-latents-mean": Check(_ltx2_vae("video"), latents_mean_read, diffusers=True),
    "skyreels-fuse": Check(_fuse_attention("transformer_skyreels_v2", "SkyReelsV2Attention"), d.wan_fuse,
                           diffusers=True),
    "wan-animate-2-fuse": Check(_fuse_attention("transformer_wan_animate_2", "WanAnimate2Attention",
                                                                dim_head=None), d.wan_fuse,
                                diffusers=True),
    "soft-norm-encode": Check(_soft_norm, soft_norm_encode, diffusers=True),
    "same-encode": Check(_same, same_encode, diffusers=True),
    "vae-device-control": Check(d._vae_kl, vae_device_control, diffusers=True),
    # peft
    "boft-forward": Check(_peft("boft"), peft_forward),
    "oft-get-weight": Check(_peft("oft"), oft_get_weight),
    "ia3-conv-merge": Check(_peft("ia3"), ia3_merge_then_forward),
    "peft-disable-adapter": Check(_peft_prompt, peft_disable_adapter_forward),
    # stand-ins for generic lines
    "numel-count": Check(_two_layers, numel_count),
    "next-parameters-device": Check(_two_layers, next_parameters_device),
    "state-dict-copy": Check(_two_layers, state_dict_copy),
    "cast-training-params": Check(_two_layers, cast_training_params),
    "requires-grad-off": Check(_two_layers, requires_grad_off),
    "clip-token-embedding-rows": Check(d._clip_text, token_embedding_rows),
    "module-to-device": Check(_two_layers, module_to_device),
}
# The round-d checks a round-e site reuses (same code, another copy of it).
REUSED = ("final-layer-norm-after-encode", "wan-vae-private-encode", "ema-copy-to", "chronoedit-fuse", "helios-fuse",
          "clip-text-projection-after-encode", "vq-learned-embeddings", "prior-post-process", "causal-lm-generate")
for _name in REUSED:
    CHECKS[_name] = d.CHECKS[_name]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("check", nargs="?")
    parser.add_argument("strategy", nargs="?")
    parser.add_argument("--list", action="store_true")
    parser.add_argument("--all", action="store_true")
    parser.add_argument("--only", action="append", default=[])
    parser.add_argument("--checks", nargs="*", default=[])
    parser.add_argument("--reach", nargs=2, metavar=("PATH", "LINE"), help="with CHECK: does its run execute this line")
    parser.add_argument("--toml", nargs="*", help="write strategies_e.toml's text from these --all outputs")
    parser.add_argument("--confirmer", nargs="*", default=[],
                        help="with --toml: the stock confirmer's verdicts (triage_confirm.py outputs) for drawn rows "
                             "no check runs")
    args = parser.parse_args(argv)
    if args.toml is not None:
        from strategies_e_sites import toml_text

        rows = [json.loads(line) for path in args.toml for line in open(path, encoding="utf-8") if line.startswith("{")]
        stock = [json.loads(line) for path in args.confirmer for line in open(path, encoding="utf-8")
                 if line.startswith("{")]
        print(toml_text(rows, stock))
        return 0
    if args.reach:
        print(json.dumps({"check": args.check, "path": args.reach[0], "line": int(args.reach[1]),
                          "reached": reaches(args.check, args.reach[0], int(args.reach[1]))}), flush=True)
        os._exit(0)
    if args.list:
        print("\n".join(CHECKS))
        return 0
    if args.all:
        # One process per check, its strategies in turn (ZeRO-3 last: deepspeed.initialize patches torch);
        # a strategy the process did not report (a crash, a hang) is run again in a process of its own.
        for name in args.checks or CHECKS:
            wanted = [s for s in STRATEGIES if not args.only or s in args.only]
            got: dict[str, dict] = {}
            try:
                proc = subprocess.run([sys.executable, __file__, name, ",".join(wanted)], capture_output=True,
                                      text=True, timeout=600)
                got = {row["strategy"]: row for row in map(json.loads, (l for l in proc.stdout.splitlines()
                                                                        if l.startswith("{")))}
            except subprocess.TimeoutExpired:
                pass
            for strategy in wanted:
                if strategy not in got:
                    try:
                        proc = subprocess.run([sys.executable, __file__, name, strategy], capture_output=True,
                                              text=True, timeout=300)
                        lines = [l for l in proc.stdout.splitlines() if l.startswith("{")]
                        got[strategy] = json.loads(lines[-1]) if lines else {
                            "verdict": "untriggered", "evidence": f"crashed: {proc.stderr[-300:]}"}
                    except subprocess.TimeoutExpired:
                        got[strategy] = {"verdict": "untriggered", "evidence": "timed out after 300 s"}
                row = {k: v for k, v in got[strategy].items() if k not in ("check", "strategy")}
                print(json.dumps({"check": name, "strategy": strategy, **row}), flush=True)
        return 0
    for strategy in args.strategy.split(","):
        print(json.dumps({"strategy": strategy, **judge_traced(CHECKS[args.check], strategy)}), flush=True)
    os._exit(0)  # a process group whose hooks failed half-way can block at exit


if __name__ == "__main__":
    sys.exit(main())


def reaches(check: str, path: str, line: int) -> bool:
    """Whether the check's un-offloaded run executes ``line`` of the file ending in ``path`` (each site's check is
    run once with this before its label is taken: a check that misses its line labels nothing)."""
    hit: list[bool] = []

    def tracer(frame, event, arg):  # type: ignore[no-untyped-def]
        if frame.f_code.co_filename.endswith(path):
            if event == "line" and frame.f_lineno == line:
                hit.append(True)
            return tracer
        return None

    torch.manual_seed(0)
    module = CHECKS[check].build().eval()
    sys.settrace(tracer)
    try:
        with torch.no_grad():
            CHECKS[check].run(module, module, torch.device("cpu"))
    except Exception:
        pass
    finally:
        sys.settrace(None)
    return bool(hit)
