"""Runtime labels for benchmarks/truth/strategies_d.toml: each site's code run under the strategy's real library on CPU.

    python benchmarks/truth/label_strategies_d.py --list
    python benchmarks/truth/label_strategies_d.py CHECK STRATEGY      # one check in this process (prints JSON)
    python benchmarks/truth/label_strategies_d.py --all [--only STRATEGY]  # every check, each in its own process

How each strategy is applied (the way the libraries apply it):
* accelerate-sequential: ``accelerate.cpu_offload(module, execution_device=cpu, offload_buffers=B)``, with B as
  diffusers' ``enable_sequential_cpu_offload`` sets it (``len(model._parameters) > 0``) for diffusers models and
  False (accelerate's default) otherwise: offloaded tensors are ``meta`` outside their module's forward.
* model-cpu-offload: ``accelerate.cpu_offload_with_hook(module, execution_device=meta)``: CPU is the offload
  device, so a second device is needed, and ``meta`` refuses a CPU operand ("Tensor on device cpu is not on the
  expected device meta") where torch's lazy device (the confirmer's choice) accepts some and lacks view ops that
  ``generate()`` uses. A result on meta is the normal outcome here; what decides is an op that mixes a CPU
  tensor of the model with a meta one (raised, or recorded by the watch). A call that needs values (``.item()``
  in ``generate()``) cannot run on meta: untriggered.
* fsdp2: ``fully_shard`` on every module of the model's ``_no_split_modules`` classes, then the root, over a
  gloo group of world size 1: outside their unit's forward parameters are sharded DTensors.
* zero3: ``deepspeed.initialize`` with ``zero_optimization.stage = 3`` over gloo, world size 1 (DeepSpeed's CPU
  accelerator); forward through the engine. Outside a gather a parameter has size 0.

A check runs the site's call once without offloading (the reference) and once under the strategy. Verdict:
``confirmed`` when the offloaded call raises, or an op mixed a stale tensor (meta, CPU vs meta, size-0) with a
live one, or the result differs from the reference; ``refuted`` when it completes and matches; ``untriggered``
when the reference itself fails.
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

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")

import torch
from torch import nn
from torch.utils._python_dispatch import TorchDispatchMode

# Words of the errors a stale tensor raises: meta, CPU vs execution device, DTensor vs tensor, a size-0 partition.
# (``not enough values to unpack``: ``out, in = w.shape`` of a size-0, one-dimensional partition;
# ``Dimension out of range``: ``normalize(w, dim=1)`` of one.)
STALE_WORDS = ("meta", "device", "not a lazy tensor", "DTensor", "size", "shape", "mat1", "must match", "Cannot copy out", "numel",
               "not enough values to unpack", "Dimension out of range")
SEQ, MCO, FSDP2, ZERO3 = "accelerate-sequential", "model-cpu-offload", "fsdp2", "zero3"


class MixWatch(TorchDispatchMode):
    """Records ops that take a meta or lazy tensor together with a CPU tensor of more than one element (a stale
    weight meeting a live tensor under the two accelerate strategies)."""

    def __init__(self) -> None:
        super().__init__()
        self.mixed: list[str] = []

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):  # type: ignore[no-untyped-def]
        tensors = [a for a in torch.utils._pytree.tree_leaves((args, kwargs or {})) if isinstance(a, torch.Tensor)]
        devices = {t.device.type for t in tensors if t.numel() > 1 or t.device.type == "meta"}
        if devices & {"meta", "lazy"} and "cpu" in devices and len(self.mixed) < 3:
            self.mixed.append(str(func))
        return func(*args, **(kwargs or {}))


def _distributed() -> None:
    import torch.distributed as dist

    if not dist.is_initialized():
        os.environ.update(LOCAL_RANK="0", RANK="0", WORLD_SIZE="1")
        os.environ.setdefault("MASTER_ADDR", "127.0.0.1")
        os.environ.setdefault("MASTER_PORT", str(29600 + os.getpid() % 300))
        dist.init_process_group("gloo", rank=0, world_size=1)


def apply(strategy: str, module: nn.Module, diffusers_model: bool = False) -> tuple[nn.Module, Callable[..., Any]]:
    """The module under the strategy, and what calls its forward (the engine under ZeRO-3)."""
    if strategy == SEQ:
        from accelerate import cpu_offload

        offload_buffers = diffusers_model and len(module._parameters) > 0
        cpu_offload(module, execution_device=torch.device("cpu"), offload_buffers=offload_buffers)
        return module, module
    if strategy == MCO:
        from accelerate import cpu_offload_with_hook

        cpu_offload_with_hook(module, execution_device=torch.device("meta"))
        return module, module
    if strategy == FSDP2:
        from torch.distributed.fsdp import fully_shard

        _distributed()
        units = set(getattr(module, "_no_split_modules", None) or [])
        for sub in list(module.modules())[1:]:
            if type(sub).__name__ in units:
                fully_shard(sub)
        fully_shard(module)
        return module, module
    if strategy == ZERO3:
        import deepspeed
        import deepspeed.ops

        _distributed()
        deepspeed.ops.__compatible_ops__["deepspeed_shm_comm"] = False
        config = {"train_micro_batch_size_per_gpu": 1, "zero_optimization": {"stage": 3}, "steps_per_print": 10 ** 9}
        engine, *_ = deepspeed.initialize(model=module, config=config, dist_init_required=False)
        return module, engine
    raise ValueError(strategy)


def execution_device(strategy: str) -> torch.device:
    return torch.device("meta") if strategy == MCO else torch.device("cpu")


@dataclass
class Check:
    """build() -> module; run(module, forward, device) -> result. diffusers: a diffusers model (its own
    offload_buffers rule)."""

    build: Callable[[], nn.Module]
    run: Callable[[nn.Module, Callable[..., Any], torch.device], Any]
    diffusers: bool = False


def _flat(value: Any) -> list[torch.Tensor]:
    if hasattr(value, "to_tuple"):
        value = value.to_tuple()
    return [t for t in torch.utils._pytree.tree_leaves(value) if isinstance(t, torch.Tensor)]


def _local(t: torch.Tensor) -> torch.Tensor:
    t = t.full_tensor() if hasattr(t, "full_tensor") else t
    return t.to("cpu") if t.device.type == "lazy" else t


def judge(check: Check, strategy: str) -> dict[str, str]:
    torch.manual_seed(0)
    module = check.build().eval()
    try:
        with torch.no_grad():
            reference = _flat(check.run(module, module, torch.device("cpu")))
        reference = [r.detach().clone() for r in reference]
    except Exception as error:
        return {"verdict": "untriggered", "evidence": f"fails without offloading: {type(error).__name__}: {error}"[:400]}
    torch.manual_seed(0)
    module = check.build().eval()
    try:
        module, forward = apply(strategy, module, check.diffusers)
    except Exception as error:
        return {"verdict": "untriggered", "evidence": f"could not apply {strategy}: {type(error).__name__}: {error}"[:400]}
    watch = MixWatch()
    try:
        with torch.no_grad(), (watch if strategy in (SEQ, MCO) else _nothing()):
            result = _flat(check.run(module, forward, execution_device(strategy)))
    except Exception as error:
        where = traceback.extract_tb(error.__traceback__)
        frames = [f"{os.path.basename(f.filename)}:{f.lineno}" for f in where if "site-packages" in f.filename][-3:]
        said = f"raises {type(error).__name__}: {str(error)[:200]} ({' <- '.join(frames)})"
        # Only an error about where or how big a tensor is says the strategy broke the call.
        if strategy == MCO and "cannot be called on meta tensors" in str(error):
            return {"verdict": "untriggered", "evidence": f"{said}: needs values the meta execution device lacks"}
        if any(word in str(error) for word in STALE_WORDS):
            return {"verdict": "confirmed", "evidence": said}
        return {"verdict": "untriggered", "evidence": f"{said}: not an error about a stale tensor"}
    if watch.mixed:
        return {"verdict": "confirmed", "evidence": f"a stale tensor met a live one in {', '.join(watch.mixed)}"}
    if strategy == MCO:  # meta is the execution device: a result on it is the normal outcome
        return {"verdict": "refuted", "evidence": "completed; no CPU tensor met a tensor on the execution device"}
    if any(r.device.type == "meta" for r in result):
        return {"verdict": "confirmed", "evidence": "completed with a meta tensor in the result (no data)"}
    result = [_local(r) for r in result]
    if len(result) != len(reference) or any(a.shape != b.shape or not torch.allclose(a.float(), b.float(), atol=1e-4)
                                            for a, b in zip(result, reference)):
        shapes = [tuple(r.shape) for r in result][:3]
        return {"verdict": "confirmed", "evidence": f"completed with a result that differs from the reference (shapes {shapes})"}
    return {"verdict": "refuted", "evidence": "completed; the result matches the un-offloaded run"}


class _nothing:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


# ---------------------------------------------------------------------------------------------- the checks

def _ids(device: torch.device, n: int = 5, high: int = 20) -> torch.Tensor:
    return torch.randint(1, high, (1, n), generator=torch.Generator().manual_seed(0)).to(device)


def _clip_text() -> nn.Module:
    from transformers import CLIPTextConfig, CLIPTextModel

    return CLIPTextModel(CLIPTextConfig(vocab_size=50, hidden_size=16, intermediate_size=32, num_hidden_layers=1,
                                        num_attention_heads=2, max_position_embeddings=16))


def component_device_then_encode(module, forward, device):
    """A pipeline's `ids.to(self.text_encoder.device)` then `self.text_encoder(ids)`."""
    ids = _ids(torch.device("cpu")).to(module.device)
    return forward(ids)[0]


def final_layer_norm_after_encode(module, forward, device):
    """pipeline_stable_diffusion_img2img encode_prompt (clip_skip): text_encoder(...) then
    text_encoder.text_model.final_layer_norm(hidden) on the same component."""
    out = forward(_ids(device), output_hidden_states=True)
    hidden = out.hidden_states[-2]
    return module.text_model.final_layer_norm(hidden) if hasattr(module, "text_model") else module.final_layer_norm(hidden)


def final_layer_norm_first(module, forward, device):
    """The same child method before any forward of the component (a fresh offload)."""
    hidden = torch.randn(1, 5, 16).to(device)
    return module.text_model.final_layer_norm(hidden) if hasattr(module, "text_model") else module.final_layer_norm(hidden)


def _learned_cfg() -> nn.Module:
    from diffusers.pipelines.deprecated.vq_diffusion.pipeline_vq_diffusion import (
        LearnedClassifierFreeSamplingEmbeddings)

    module = LearnedClassifierFreeSamplingEmbeddings(learnable=True, hidden_size=8, length=4)
    with torch.no_grad():
        module.embeddings.normal_()
    return module


def vq_learned_embeddings(module, forward, device):
    """pipeline_vq_diffusion.py `_encode_prompt`: negative = self.learned_...embeddings.unsqueeze(0).repeat(...)
    then torch.cat with prompt_embeds (on the execution device)."""
    prompt_embeds = torch.randn(1, 4, 8).to(device)
    negative = module.embeddings.unsqueeze(0).repeat(1, 1, 1)
    return torch.cat([negative, prompt_embeds])


def _prior() -> nn.Module:
    from diffusers import PriorTransformer

    return PriorTransformer(num_attention_heads=2, attention_head_dim=4, num_layers=1, embedding_dim=8,
                            num_embeddings=4, additional_embeddings=2)


def prior_post_process(module, forward, device):
    """StableUnCLIP / Kandinsky prior `__call__`: self.prior.post_process_latents(latents) after the loop."""
    with torch.no_grad():
        module.clip_mean.normal_()
        module.clip_std.uniform_(1, 2)
    return module.post_process_latents(torch.randn(1, 8).to(device))


def _image_normalizer() -> nn.Module:
    from diffusers.pipelines.stable_diffusion.stable_unclip_image_normalizer import StableUnCLIPImageNormalizer

    module = StableUnCLIPImageNormalizer(embedding_dim=8)
    with torch.no_grad():
        module.mean.normal_()
        module.std.uniform_(1, 2)
    return module


def unclip_normalizer_move(module, forward, device):
    """pipeline_stable_unclip_img2img.py noise_image_embeddings: self.image_normalizer.to(image_embeds.device), the
    line alone (its scale()/unscale() on the next lines are that method's own sites)."""
    embeds = torch.randn(1, 8).to(device)
    module.to(embeds.device)
    return []


def _ltx_vae() -> nn.Module:
    from diffusers import AutoencoderKLLTXVideo

    return AutoencoderKLLTXVideo(in_channels=3, out_channels=3, latent_channels=8, block_out_channels=(8, 8, 8, 8),
                                 decoder_block_out_channels=(8, 8, 8, 8), layers_per_block=(1, 1, 1, 1, 1),
                                 decoder_layers_per_block=(1, 1, 1, 1, 1), spatio_temporal_scaling=(True, True, False, False),
                                 decoder_spatio_temporal_scaling=(True, True, False, False), encoder_causal=True,
                                 decoder_causal=False)


def ltx_latents_mean(module, forward, device):
    """pipeline_ltx_*: _normalize_latents(latents, self.vae.latents_mean, self.vae.latents_std, ...):
    latents_mean.view(1, -1, 1, 1, 1).to(latents.device)."""
    latents = torch.randn(1, 8, 1, 2, 2).to(device)
    mean = module.latents_mean.view(1, -1, 1, 1, 1).to(latents.device, latents.dtype)
    std = module.latents_std.view(1, -1, 1, 1, 1).to(latents.device, latents.dtype)
    return (latents - mean) / std


def _bert() -> nn.Module:
    from transformers import BertConfig, BertModel

    return BertModel(BertConfig(vocab_size=50, hidden_size=16, num_hidden_layers=1, num_attention_heads=2,
                                intermediate_size=32, max_position_embeddings=16), add_pooling_layer=False)


def bert_forward(module, forward, device):
    """modeling_bert.py BertEmbeddings.forward without token_type_ids (the buffered / position_ids.device path)."""
    return forward(input_ids=_ids(device)).last_hidden_state


def _vae_kl() -> nn.Module:
    from diffusers import AutoencoderKL

    return AutoencoderKL(in_channels=3, out_channels=3, down_block_types=("DownEncoderBlock2D",),
                         up_block_types=("UpDecoderBlock2D",), block_out_channels=(8,), latent_channels=4,
                         norm_num_groups=4, layers_per_block=1)


def vae_private_encode(module, forward, device):
    """pipeline_anyflow.py: self.vae._encode(video): the private helper behind @apply_forward_hook encode."""
    return module._encode(torch.randn(1, 3, 8, 8).to(device))


def _wan_vae() -> nn.Module:
    from diffusers import AutoencoderKLWan

    return AutoencoderKLWan(base_dim=8, z_dim=4, dim_mult=[1, 1], num_res_blocks=1, temperal_downsample=[False],
                            attn_scales=[])


def wan_vae_private_encode(module, forward, device):
    """pipeline_anyflow.py encode_video: moments = self.vae._encode(video) on AutoencoderKLWan (B, C, T, H, W)."""
    return module._encode(torch.randn(1, 3, 1, 8, 8).to(device))


def vae_public_encode(module, forward, device):
    """retrieve_latents(self.vae.encode(image)): the decorated public method."""
    return module.encode(torch.randn(1, 3, 8, 8).to(device)).latent_dist.mean


def vae_dtype_of_child(module, forward, device):
    """pipeline_text_to_video_zero_sdxl.py: latents.to(next(iter(self.vae.post_quant_conv.parameters())).dtype), the
    line alone, then the component's own forward (the decode after it is a line of its own)."""
    latents = torch.randn(1, 3, 8, 8).to(device)
    latents = latents.to(next(iter(module.post_quant_conv.parameters())).dtype)
    return forward(latents).sample


def _t5() -> nn.Module:
    from transformers import T5Config, T5ForConditionalGeneration

    return T5ForConditionalGeneration(T5Config(vocab_size=50, d_model=16, d_kv=8, d_ff=32, num_layers=1,
                                               num_decoder_layers=1, num_heads=2, decoder_start_token_id=0,
                                               pad_token_id=0, eos_token_id=1))


def t5_generate(module, forward, device):
    """generation/utils.py: generate() -> _prepare_encoder_decoder_kwargs_for_generation: self.get_encoder()(...)
    before any forward of the model."""
    return module.generate(input_ids=_ids(device), max_new_tokens=2, do_sample=False)


def t5_forward(module, forward, device):
    """Look-alike: the model's own forward (the encoder runs inside the root's forward)."""
    return forward(input_ids=_ids(device), decoder_input_ids=_ids(device, 2)).logits


def _timm(name: str, **kwargs: Any) -> Callable[[], nn.Module]:
    def build() -> nn.Module:
        import timm

        return timm.create_model(name, pretrained=False, **kwargs)
    return build


def timm_forward(module, forward, device):
    size = module.default_cfg.get("input_size", (3, 32, 32))[1:]
    return forward(torch.randn(1, 3, *size).to(device))


def timm_forward_intermediates(module, forward, device):
    """timm forward_intermediates(): the model's own entry point besides forward."""
    size = module.default_cfg.get("input_size", (3, 32, 32))[1:]
    return module.forward_intermediates(torch.randn(1, 3, *size).to(device))


def timm_fuse_then_forward(module, forward, device):
    """timm's reparameterize / fuse of a block (RepMixer.reparameterize, NormLinear.fuse), then forward."""
    import timm.utils

    timm.utils.reparameterize_model(module, inplace=True)
    size = module.default_cfg.get("input_size", (3, 32, 32))[1:]
    return forward(torch.randn(1, 3, *size).to(device))


def _attention(module_name: str, class_name: str) -> Callable[[], nn.Module]:
    """A Wan-style attention with added K/V projections (transformer_wan / _chronoedit / _helios)."""
    def build() -> nn.Module:
        import importlib

        cls = getattr(importlib.import_module(f"diffusers.models.transformers.{module_name}"), class_name)
        return cls(dim=16, heads=2, dim_head=8, added_kv_proj_dim=16)
    return build


def wan_fuse(module, forward, device):
    """transformer_wan.py / _chronoedit.py WanAttention.fuse_projections() (the forward needs the transformer's
    rotary inputs): the fused weights themselves are the result."""
    module.fuse_projections()
    return [module.to_qkv.weight, module.to_qkv.bias, module.to_added_kv.weight, module.to_added_kv.bias]


def helios_fuse(module, forward, device):
    """transformer_helios.py HeliosAttention.fuse_projections() (its forward needs Helios' rotary inputs): the
    fused weights themselves are the result."""
    module.fuse_projections()
    return [module.to_qkv.weight, module.to_qkv.bias, module.to_added_kv.weight, module.to_added_kv.bias]


def _clip_vision() -> nn.Module:
    from transformers import CLIPVisionConfig, CLIPVisionModelWithProjection

    return CLIPVisionModelWithProjection(CLIPVisionConfig(hidden_size=16, intermediate_size=32, num_hidden_layers=1,
                                                          num_attention_heads=2, image_size=16, patch_size=8,
                                                          projection_dim=8))


def post_layernorm_after_encode(module, forward, device):
    """pipeline_versatile_diffusion_image_variation.py _encode_prompt: image_encoder(pixels) then
    self.image_encoder.vision_model.post_layernorm(hidden) and visual_projection."""
    out = forward(torch.randn(1, 3, 16, 16).to(device))
    embeds = module.vision_model.post_layernorm(out.last_hidden_state)
    return module.visual_projection(embeds)


def _gpt2() -> nn.Module:
    from transformers import GPT2Config, GPT2LMHeadModel

    return GPT2LMHeadModel(GPT2Config(vocab_size=50, n_embd=16, n_layer=1, n_head=2, n_positions=32,
                                      bos_token_id=1, eos_token_id=2, pad_token_id=0))


def causal_lm_generate(module, forward, device):
    """pipeline_ernie_image.py _enhance_prompt_with_pe: self.pe.generate(**inputs) on a causal LM component."""
    return module.generate(input_ids=_ids(device), max_new_tokens=2, do_sample=False)


def _attention_pool() -> nn.Module:
    from diffusers.models.embeddings import HunyuanDiTAttentionPool

    return HunyuanDiTAttentionPool(spacial_dim=4, embed_dim=8, num_heads=2, output_dim=8)


def attention_pool_forward(module, forward, device):
    """embeddings.py HunyuanDiTAttentionPool.forward: hands q_proj/k_proj/v_proj/c_proj weights to
    F.multi_head_attention_forward (the children's own forward never runs)."""
    return forward(torch.randn(1, 4, 8).to(device))


def _safety_checker(module_path: str, class_name: str) -> Callable[[], nn.Module]:
    """StableDiffusionSafetyChecker / SafeStableDiffusionSafetyChecker with a tiny CLIP config."""
    def build() -> nn.Module:
        import importlib

        from transformers import CLIPConfig

        config = CLIPConfig(vision_config=dict(hidden_size=16, intermediate_size=32, num_hidden_layers=1,
                                               num_attention_heads=2, image_size=16, patch_size=8),
                            text_config=dict(hidden_size=16, intermediate_size=32, num_hidden_layers=1,
                                             num_attention_heads=2, vocab_size=50), projection_dim=8)
        module = getattr(importlib.import_module(module_path), class_name)(config)
        with torch.no_grad():
            for name in ("concept_embeds", "special_care_embeds"):
                getattr(module, name).normal_()
        return module
    return build


def safety_forward_onnx(module, forward, device):
    """safety_checker.py forward_onnx(clip_input, images): the ONNX entry point, not forward."""
    return module.forward_onnx(torch.randn(1, 3, 16, 16).to(device), torch.randn(1, 3, 16, 16).to(device))


def safety_special_care_line(module, forward, device):
    """safety_checker.py forward_onnx, the line alone: cosine_distance(image_embeds, self.special_care_embeds) with
    image_embeds as the vision tower leaves them (on the execution device)."""
    from diffusers.pipelines.stable_diffusion.safety_checker import cosine_distance

    image_embeds = torch.randn(1, 8).to(device)
    return cosine_distance(image_embeds, module.special_care_embeds)


def safe_concept_weights_line(module, forward, device):
    """stable_diffusion_safe/safety_checker.py forward_onnx, the line alone:
    concept_scores = (cos_dist - self.concept_embeds_weights) + special_adjustment."""
    cos_dist = torch.randn(1, 17).to(device)
    special_adjustment = torch.zeros(1, 17).to(device)
    return (cos_dist - module.concept_embeds_weights) + special_adjustment


def prefix_shape_line(module, forward, device):
    """peft prefix_tuning/model.py load_prompt_embeddings, the line alone:
    prompt_embeddings.shape != self.embedding.weight.shape (what the check compares against)."""
    return torch.tensor(list(module.embedding.weight.shape))


def normalizer_unscale(module, forward, device):
    """stable_unclip_image_normalizer.py StableUnCLIPImageNormalizer.unscale, called by a pipeline."""
    return module.unscale(torch.randn(1, 8).to(device))


def _clip_text_projection() -> nn.Module:
    from transformers import CLIPTextConfig, CLIPTextModelWithProjection

    return CLIPTextModelWithProjection(CLIPTextConfig(vocab_size=50, hidden_size=16, intermediate_size=32,
                                                      num_hidden_layers=1, num_attention_heads=2,
                                                      max_position_embeddings=16, projection_dim=8))


def text_projection_after_encode(module, forward, device):
    """pipeline_versatile_diffusion_text_to_image.py _encode_prompt: text_encoder(ids) then
    self.text_encoder.text_projection(last_hidden_state)."""
    out = forward(_ids(device))
    return module.text_projection(out.last_hidden_state)


def _prefix_encoder() -> nn.Module:
    from peft import PrefixTuningConfig
    from peft.tuners.prefix_tuning.model import PrefixEncoder

    config = PrefixTuningConfig(task_type="CAUSAL_LM", num_virtual_tokens=4, token_dim=8, num_layers=1,
                                num_transformer_submodules=1, num_attention_heads=2)
    return PrefixEncoder(config)


def prefix_load_prompt_embeddings(module, forward, device):
    """peft prefix_tuning/model.py PrefixEncoder.load_prompt_embeddings: checks prompt_embeddings.shape against
    self.embedding.weight.shape, then copies into the weight; then a forward."""
    module.load_prompt_embeddings(torch.ones(4, 16))
    return forward(torch.arange(4).unsqueeze(0).to(device))


class _MhaBlock(nn.Module):
    """A module whose forward hands its child nn.MultiheadAttention's out_proj to F.multi_head_attention_forward
    (torch's own code), inside the root's forward."""

    def __init__(self) -> None:
        super().__init__()
        self.attn = nn.MultiheadAttention(8, 2, batch_first=True)
        self.head = nn.Linear(8, 8)

    def forward(self, x):  # type: ignore[no-untyped-def]
        return self.head(self.attn(x, x, x)[0])


def mha_forward(module, forward, device):
    return forward(torch.randn(1, 3, 8).to(device))


class _ShapeInParent(nn.Module):
    """Parent reads a child's weight .shape / .data inside its forward before calling the child."""

    def __init__(self) -> None:
        super().__init__()
        self.proj = nn.Linear(8, 8)

    def forward(self, x):  # type: ignore[no-untyped-def]
        width = self.proj.weight.shape[1]
        scale = self.proj.weight.data.abs().mean()
        return self.proj(x[..., :width]) * scale


def parent_forward(module, forward, device):
    return forward(torch.randn(1, 8).to(device))


def parent_shape_outside(module, forward, device):
    """The same reads from a method the root's forward does not run."""
    return torch.ones(module.proj.weight.shape) * module.proj.weight.data.abs().mean()


def _ema_target() -> nn.Module:
    return nn.Sequential(nn.Linear(8, 8), nn.Linear(8, 8))


def ema_copy_to(module, forward, device):
    """training_utils.py EMAModel.copy_to(parameters): param.data.copy_(s_param.to(param.device).data) (the
    foreach path) outside GatheredParameters, then a forward."""
    from diffusers.training_utils import EMAModel

    shadow = _ema_target()
    for p in shadow.parameters():
        p.data.fill_(0.5)
    ema = EMAModel(shadow.parameters())
    ema.copy_to(module.parameters())
    return forward(torch.randn(1, 8).to(device))


CHECKS: dict[str, Check] = {
    "component-device-clip": Check(_clip_text, component_device_then_encode),
    "final-layer-norm-after-encode": Check(_clip_text, final_layer_norm_after_encode),
    "final-layer-norm-first": Check(_clip_text, final_layer_norm_first),
    "vq-learned-embeddings": Check(_learned_cfg, vq_learned_embeddings, diffusers=True),
    "prior-post-process": Check(_prior, prior_post_process, diffusers=True),
    "unclip-normalizer-move": Check(_image_normalizer, unclip_normalizer_move, diffusers=True),
    "ltx-latents-mean": Check(_ltx_vae, ltx_latents_mean, diffusers=True),
    "bert-forward": Check(_bert, bert_forward),
    "vae-private-encode": Check(_vae_kl, vae_private_encode, diffusers=True),
    "wan-vae-private-encode": Check(_wan_vae, wan_vae_private_encode, diffusers=True),
    "vae-public-encode": Check(_vae_kl, vae_public_encode, diffusers=True),
    "vae-dtype-of-child": Check(_vae_kl, vae_dtype_of_child, diffusers=True),
    "t5-generate": Check(_t5, t5_generate),
    "t5-forward": Check(_t5, t5_forward),
    "wan-fuse": Check(_attention("transformer_wan", "WanAttention"), wan_fuse, diffusers=True),
    "chronoedit-fuse": Check(_attention("transformer_chronoedit", "WanAttention"), wan_fuse,
                                          diffusers=True),
    "helios-fuse": Check(_attention("transformer_helios", "HeliosAttention"), helios_fuse, diffusers=True),
    "clip-vision-post-layernorm-after-encode": Check(_clip_vision, post_layernorm_after_encode),
    "causal-lm-generate": Check(_gpt2, causal_lm_generate),
    "wan-animate-fuse": Check(_attention("transformer_wan_animate", "WanAttention"), wan_fuse, diffusers=True),
    "safety-forward-onnx": Check(_safety_checker("diffusers.pipelines.stable_diffusion.safety_checker",
                                                 "StableDiffusionSafetyChecker"), safety_forward_onnx),
    "safe-safety-forward-onnx": Check(_safety_checker("diffusers.pipelines.deprecated.stable_diffusion_safe.safety_checker",
                                                      "SafeStableDiffusionSafetyChecker"), safety_forward_onnx),
    "safety-special-care-line": Check(_safety_checker("diffusers.pipelines.stable_diffusion.safety_checker",
                                                      "StableDiffusionSafetyChecker"), safety_special_care_line),
    "safe-concept-weights-line": Check(_safety_checker(
        "diffusers.pipelines.deprecated.stable_diffusion_safe.safety_checker", "SafeStableDiffusionSafetyChecker"),
        safe_concept_weights_line),
    "prefix-shape-line": Check(_prefix_encoder, prefix_shape_line),
    "normalizer-unscale": Check(_image_normalizer, normalizer_unscale, diffusers=True),
    "clip-text-projection-after-encode": Check(_clip_text_projection, text_projection_after_encode),
    "prefix-load-prompt-embeddings": Check(_prefix_encoder, prefix_load_prompt_embeddings),
    "attention-pool-forward": Check(_attention_pool, attention_pool_forward, diffusers=True),
    "mha-forward": Check(_MhaBlock, mha_forward),
    "shape-in-parent-forward": Check(_ShapeInParent, parent_forward),
    "shape-in-parent-outside": Check(_ShapeInParent, parent_shape_outside),
    "ema-copy-to": Check(_ema_target, ema_copy_to),
}
STRATEGIES = (SEQ, MCO, FSDP2, ZERO3)
RANDOM = "random (seed 20261203)"


@dataclass(frozen=True)
class Site:
    """A line of an installed tree that a check runs. ``drawn``: the strategies whose random sample drew it (the
    others are the same line labelled under another strategy); ``pattern``: the blind-scan pattern that found it."""

    check: str
    tree: str
    path: str
    line: int
    cls: str
    method: str
    attribute: str
    drawn: tuple[str, ...] = ()
    pattern: str = ""


SITES: tuple[Site, ...] = (
    Site("component-device-clip", "diffusers", "pipelines/deprecated/stable_diffusion_variants/pipeline_stable_diffusion_pix2pix_zero.py",
         726, "StableDiffusionPix2PixZeroPipeline", "get_embeds", "text_encoder", pattern="component-device"),
    Site("final-layer-norm-after-encode", "diffusers", "pipelines/stable_diffusion/pipeline_stable_diffusion_img2img.py", 463,
         "StableDiffusionImg2ImgPipeline", "encode_prompt", "text_encoder.text_model.final_layer_norm",
         pattern="component-child-method"),
    Site("vq-learned-embeddings", "diffusers", "pipelines/deprecated/vq_diffusion/pipeline_vq_diffusion.py", 135,
         "VQDiffusionPipeline", "_encode_prompt", "learned_classifier_free_sampling_embeddings.embeddings",
         drawn=(SEQ, MCO, ZERO3)),
    Site("prior-post-process", "diffusers", "pipelines/stable_diffusion/pipeline_stable_unclip.py", 838,
         "StableUnCLIPPipeline", "__call__", "prior.post_process_latents", drawn=(SEQ,)),
    Site("prior-post-process", "diffusers", "pipelines/kandinsky/pipeline_kandinsky_prior.py", 533,
         "KandinskyPriorPipeline", "__call__", "prior.post_process_latents", drawn=(FSDP2,)),
    Site("prior-post-process", "diffusers", "pipelines/kandinsky2_2/pipeline_kandinsky2_2_prior.py", 535,
         "KandinskyV22PriorPipeline", "__call__", "prior.post_process_latents", drawn=(ZERO3,)),
    Site("unclip-normalizer-move", "diffusers", "pipelines/stable_diffusion/pipeline_stable_unclip_img2img.py", 604,
         "StableUnCLIPImg2ImgPipeline", "noise_image_embeddings", "image_normalizer", drawn=(SEQ,)),
    Site("ltx-latents-mean", "diffusers", "pipelines/ltx/pipeline_ltx_i2v_long_multi_prompt.py", 1112,
         "LTXI2VLongMultiPromptPipeline", "__call__", "vae.latents_mean", pattern="buffer-read"),
    Site("bert-forward", "transformers", "models/bert/modeling_bert.py", 97, "BertEmbeddings", "forward",
         "position_ids", pattern="component-device"),
    Site("wan-vae-private-encode", "diffusers", "pipelines/anyflow/pipeline_anyflow.py", 372, "AnyFlowPipeline",
         "encode_video", "vae._encode", pattern="private-helper-of-decorated"),
    Site("vae-public-encode", "diffusers", "pipelines/z_image/pipeline_z_image_inpaint.py", 440,
         "ZImageInpaintPipeline", "prepare_latents", "vae.encode", pattern="decorated-public"),
    Site("vae-dtype-of-child", "diffusers", "pipelines/deprecated/text_to_video_synthesis/pipeline_text_to_video_zero_sdxl.py",
         1318, "TextToVideoZeroSDXLPipeline", "__call__", "vae.post_quant_conv", pattern="component-child-method"),
    Site("t5-generate", "transformers", "generation/utils.py", 1030, "GenerationMixin",
         "_prepare_encoder_decoder_kwargs_for_generation", "encoder", pattern="generate-get-encoder"),
    Site("wan-fuse", "diffusers", "models/transformers/transformer_wan.py", 230, "WanAttention", "fuse_projections",
         "to_q.bias", drawn=(ZERO3,)),
    Site("chronoedit-fuse", "diffusers", "models/transformers/transformer_chronoedit.py", 254, "WanAttention",
         "fuse_projections", "add_k_proj.bias", drawn=(SEQ,)),
    Site("helios-fuse", "diffusers", "models/transformers/transformer_helios.py", 245, "HeliosAttention",
         "fuse_projections", "add_v_proj.weight", drawn=(ZERO3,)),
    Site("clip-vision-post-layernorm-after-encode", "diffusers",
         "pipelines/deprecated/versatile_diffusion/pipeline_versatile_diffusion_image_variation.py", 101,
         "VersatileDiffusionImageVariationPipeline", "_encode_prompt", "image_encoder.vision_model.post_layernorm",
         drawn=(FSDP2,)),
    Site("causal-lm-generate", "diffusers", "pipelines/ernie_image/pipeline_ernie_image.py", 118, "ErnieImagePipeline",
         "_enhance_prompt_with_pe", "pe.generate", drawn=(MCO,)),
    Site("attention-pool-forward", "diffusers", "models/embeddings.py", 1448, "HunyuanDiTAttentionPool", "forward",
         "q_proj.weight", pattern="child-weight-to-functional"),
    Site("ema-copy-to", "diffusers", "training_utils.py", 832, "EMAModel", "copy_to", "data",
         pattern="whole-param-write"),
)


TIMM = "timm needs torchvision at import (timm.layers.create_norm), which this torch wheel excludes: not run"
CONFIRMER = "benchmarks/triage_confirm.py (the stock confirmer, 40 s): "
# Rows of the random draw that no check here runs: the stock confirmer's verdict on them, from
# `python benchmarks/triage_confirm.py sample_S.json --strategy S --timeout 40`.
CONFIRMER_ROWS: tuple[tuple[str, str, str, int, str, str, str, str, str], ...] = (
    # (strategy, tree, path, line, class, method, attribute, runtime, evidence)
    (SEQ, "transformers", "models/owlvit/modeling_owlvit.py", 307, "OwlViTVisionEmbeddings", "interpolate_pos_encoding",
     "position_embedding.weight", "confirmed", CONFIRMER + "ran forward (warm-up), interpolate_pos_encoding(embeddings,"
     " height, width) under accelerate.cpu_offload(execution_device='cpu'); the result is a meta tensor (no data)"),
    (SEQ, "transformers", "models/layoutlmv2/modeling_layoutlmv2.py", 610, "LayoutLMv2Model", "_calc_img_embeddings",
     "visual_segment_embedding", "untriggered", CONFIRMER + "could not build LayoutLMv2Model: needs detectron2"),
    (SEQ, "timm", "models/fastvit.py", 743, "RepMixer", "reparameterize", "layer_scale.gamma", "untriggered", TIMM),
    (SEQ, "transformers", "models/seamless_m4t_v2/modeling_seamless_m4t_v2.py", 2708, "SeamlessM4Tv2ForTextToText",
     "generate", "device", "untriggered", CONFIRMER + "stopped in generation/utils.py _prepare_special_tokens "
     "(Tensor.item() on a meta tensor) before reaching the line"),
    (MCO, "transformers", "models/edgetam/modeling_edgetam.py", 1007, "EdgeTamModel", "get_image_embeddings",
     "no_memory_embedding", "untriggered", CONFIRMER + "could not build EdgeTamModel: its vision tower needs timm"),
    (MCO, "transformers", "models/hyperclovax_vision_v2/modeling_hyperclovax_vision_v2.py", 99,
     "HyperCLOVAXVisionV2Model", "get_image_features", "projector", "untriggered",
     CONFIRMER + "fails without offloading too (synthesized image_grid_thw)"),
    (MCO, "timm", "models/repvit.py", 100, "NormLinear", "fuse", "l.weight", "untriggered", TIMM),
    (MCO, "timm", "models/iformer.py", 114, "NormLinear", "fuse", "bn.weight", "untriggered", TIMM),
    (MCO, "transformers", "models/whisper/generation_whisper.py", 1624, "WhisperForConditionalGeneration",
     "_retrieve_init_tokens", "device", "untriggered", CONFIRMER + "could not build WhisperForConditionalGeneration"),
    (MCO, "diffusers", "pipelines/deprecated/stable_diffusion_variants/pipeline_stable_diffusion_pix2pix_zero.py", 698,
     "StableDiffusionPix2PixZeroPipeline", "generate_caption", "caption_generator", "untriggered",
     CONFIRMER + "timed out after 40 s"),
    (FSDP2, "transformers", "models/llava_next_video/modeling_llava_next_video.py", 416, "LlavaNextVideoModel",
     "get_image_features", "image_newline", "untriggered", CONFIRMER + "fails without offloading too (image_sizes)"),
    (FSDP2, "transformers", "models/aria/modeling_aria.py", 830, "AriaModel", "get_image_features", "vision_tower",
     "untriggered", CONFIRMER + "fails without offloading too (channels of the synthesized pixel_values)"),
    (FSDP2, "timm", "models/convit.py", 432, "ConVit", "forward_intermediates", "patch_embed", "untriggered", TIMM),
    (FSDP2, "transformers", "models/nemotron3_5_transcribe/modeling_nemotron3_5_transcribe.py", 827,
     "Nemotron3_5TranscribeForConditionalGeneration", "get_audio_features", "model.get_audio_features", "untriggered",
     CONFIRMER + "fails without offloading too (spectrogram frames)"),
    (FSDP2, "timm", "models/iformer.py", 117, "NormLinear", "fuse", "l.weight", "untriggered", TIMM),
    (FSDP2, "timm", "models/shvit.py", 118, "NormLinear", "fuse", "bn.weight", "untriggered", TIMM),
    (ZERO3, "transformers", "models/instructblipvideo/modeling_instructblipvideo.py", 1373,
     "InstructBlipVideoForConditionalGeneration", "get_video_features", "query_tokens", "untriggered",
     CONFIRMER + "fails without offloading too (synthesized pixel_values)"),
    (ZERO3, "timm", "models/vision_transformer_sam.py", 600, "VisionTransformerSAM", "forward_intermediates",
     "pos_embed", "untriggered", TIMM),
    (ZERO3, "timm", "models/shvit.py", 118, "NormLinear", "fuse", "bn.weight", "untriggered", TIMM),
    (ZERO3, "timm", "models/hieradet_sam2.py", 439, "HieraDet", "_pos_embed", "pos_embed_window", "untriggered", TIMM),
)


REDRAW = "random (seed 20261204, after the fix)"
# The fresh draw after the last change (benchmarks/triage_sample.py on the whole-tree findings of diffusers,
# transformers models/ and generation/, and peft, seed 20261204, 8 per strategy): (strategy, tree, path, line,
# class, method, attribute, check). A row with no check here is recorded with the stock confirmer's verdict
# (benchmarks/triage_confirm.py, 30 s), or as not run.
REDRAW_ROWS: tuple[tuple[str, str, str, int, str, str, str, str], ...] = (
    (SEQ, "transformers", "models/unlimited_ocr/modeling_unlimited_ocr.py", 1864, "UnlimitedOcrModel",
     "get_image_features", "view_separator", ""),
    (SEQ, "diffusers", "models/transformers/transformer_chronoedit.py", 235, "WanAttention", "fuse_projections",
     "to_k.bias", "chronoedit-fuse"),
    (SEQ, "diffusers", "models/transformers/transformer_wan_animate.py", 704, "WanAttention", "fuse_projections",
     "to_q.bias", "wan-animate-fuse"),
    (SEQ, "transformers", "models/dbrx/modeling_dbrx.py", 300, "DbrxExperts", "forward", "mlp.v1", ""),
    (SEQ, "transformers", "models/moss_transcribe_diarize/modeling_moss_transcribe_diarize.py", 318,
     "MossTranscribeDiarizeAudioModel", "forward", "conv1.weight", ""),
    (SEQ, "diffusers", "pipelines/deprecated/vq_diffusion/pipeline_vq_diffusion.py", 135, "VQDiffusionPipeline",
     "_encode_prompt", "learned_classifier_free_sampling_embeddings.embeddings", "vq-learned-embeddings"),
    (SEQ, "diffusers", "pipelines/deprecated/unclip/pipeline_unclip.py", 354, "UnCLIPPipeline", "__call__",
     "prior.post_process_latents", "prior-post-process"),
    (SEQ, "diffusers", "pipelines/stable_diffusion/pipeline_stable_unclip.py", 625, "StableUnCLIPPipeline",
     "noise_image_embeddings", "image_normalizer", "unclip-normalizer-move"),
    (MCO, "diffusers", "pipelines/stable_diffusion/safety_checker.py", 110, "StableDiffusionSafetyChecker",
     "forward_onnx", "special_care_embeds", "safety-special-care-line"),
    (MCO, "transformers", "models/inkling/modeling_inkling.py", 1222, "InklingForConditionalGeneration",
     "get_image_features", "model.get_image_features", ""),
    (MCO, "transformers", "models/qwen3_omni_moe/modeling_qwen3_omni_moe.py", 4224,
     "Qwen3OmniMoeForConditionalGeneration", "generate", "thinker.get_input_embeddings()", ""),
    (MCO, "transformers", "models/pocket_tts/generation_pocket_tts.py", 342, "GradiumPhononTTSForConditionalGeneration",
     "_sample", "model.bos_latent", ""),
    (MCO, "transformers", "models/musicgen_melody/modeling_musicgen_melody.py", 1786,
     "MusicgenMelodyForConditionalGeneration", "_maybe_initialize_input_ids_for_generation", "device", ""),
    (MCO, "diffusers", "pipelines/deprecated/versatile_diffusion/pipeline_versatile_diffusion_dual_guided.py", 264,
     "VersatileDiffusionDualGuidedPipeline", "_encode_image_prompt", "image_encoder.visual_projection",
     "clip-vision-post-layernorm-after-encode"),
    (MCO, "diffusers", "pipelines/deprecated/musicldm/pipeline_musicldm.py", 193, "MusicLDMPipeline", "_encode_prompt",
     "text_encoder.get_text_features", ""),
    (MCO, "diffusers", "pipelines/deprecated/stable_diffusion_variants/pipeline_stable_diffusion_pix2pix_zero.py", 698,
     "StableDiffusionPix2PixZeroPipeline", "generate_caption", "caption_generator", ""),
    (FSDP2, "diffusers", "pipelines/stable_diffusion/stable_unclip_image_normalizer.py", 54,
     "StableUnCLIPImageNormalizer", "unscale", "mean", "normalizer-unscale"),
    (FSDP2, "diffusers", "models/autoencoders/autoencoder_kl_qwenimage.py", 1010, "AutoencoderKLQwenImage",
     "tiled_decode", "post_quant_conv", ""),
    (FSDP2, "diffusers", "models/autoencoders/autoencoder_mmaudio.py", 414, "MMAudioVAE", "encode", "mel_converter", ""),
    (FSDP2, "diffusers", "pipelines/shap_e/renderer.py", 958, "ShapERenderer", "decode_to_mesh", "params_proj", ""),
    (FSDP2, "diffusers", "models/lora.py", 124, "PatchedLoraProjection", "_fuse_lora", "lora_linear_layer.up.weight", ""),
    (FSDP2, "transformers", "models/vibevoice/generation_vibevoice.py", 488, "VibeVoiceForConditionalGeneration",
     "_decode_audio_latent", "model.latent_scaling_factor", ""),
    (FSDP2, "diffusers", "pipelines/deprecated/versatile_diffusion/pipeline_versatile_diffusion_text_to_image.py", 125,
     "VersatileDiffusionTextToImagePipeline", "_encode_prompt", "text_encoder.text_projection",
     "clip-text-projection-after-encode"),
    (FSDP2, "diffusers", "pipelines/shap_e/pipeline_shap_e.py", 328, "ShapEPipeline", "__call__",
     "shap_e_renderer.decode_to_image", ""),
    (ZERO3, "diffusers", "pipelines/deprecated/stable_diffusion_safe/safety_checker.py", 105,
     "SafeStableDiffusionSafetyChecker", "forward_onnx", "concept_embeds_weights", "safe-concept-weights-line"),
    (ZERO3, "diffusers", "models/transformers/prior_transformer.py", 324, "PriorTransformer", "post_process_latents",
     "clip_std", "prior-post-process"),
    (ZERO3, "diffusers", "models/transformers/transformer_wan_animate.py", 704, "WanAttention", "fuse_projections",
     "to_k.bias", "wan-animate-fuse"),
    (ZERO3, "diffusers", "models/transformers/transformer_wan_animate.py", 704, "WanAttention", "fuse_projections",
     "to_v.bias", "wan-animate-fuse"),
    (ZERO3, "transformers", "models/vibevoice/generation_vibevoice.py", 488, "VibeVoiceForConditionalGeneration",
     "_decode_audio_latent", "model.latent_scaling_factor", ""),
    (ZERO3, "peft", "tuners/prefix_tuning/model.py", 104, "PrefixEncoder", "load_prompt_embeddings",
     "embedding.weight", "prefix-shape-line"),
    (ZERO3, "diffusers", "pipelines/deprecated/vq_diffusion/pipeline_vq_diffusion.py", 135, "VQDiffusionPipeline",
     "_encode_prompt", "learned_classifier_free_sampling_embeddings.embeddings", "vq-learned-embeddings"),
    (ZERO3, "diffusers", "pipelines/kandinsky/pipeline_kandinsky_prior.py", 533, "KandinskyPriorPipeline", "__call__",
     "prior.post_process_latents", "prior-post-process"),
)


def redraw_toml_text(labels: list[dict], confirmer: list[dict]) -> str:
    """strategies_d_redraw.toml: the fresh draw, each row labelled by its check or by the stock confirmer."""
    by_check = {(row["check"], row["strategy"]): row for row in labels}
    stock = {(row["strategy"], row["path"], row["line"], row["attribute"]): row["verdict"] for row in confirmer}
    out = ['# Per-strategy truth set, part d, fresh draw after the last change (seed 20261204): see',
           '# docs/strategies-truth-d.md. Same fields as strategies_d.toml.', '', '[versions]',
           'diffusers = "0.42.1"', 'transformers = "5.24.0"', '']
    for strategy, tree, path, line, cls, method, attribute, check in REDRAW_ROWS:
        row = by_check.get((check, strategy)) if check else None
        if row is not None:
            runtime, evidence = row["verdict"], row["evidence"]
            confirm = f"python benchmarks/truth/label_strategies_d.py {check} {strategy}"
        else:
            short = path.removeprefix("models/") if tree == "transformers" else path.removeprefix("models/")
            verdict = stock.get((strategy, short, line, attribute)) or {}
            runtime = verdict.get("verdict", "untriggered")
            evidence = CONFIRMER + (verdict.get("evidence", "not run") or "")[:300]
            confirm = "python benchmarks/triage_confirm.py redraw_S.json --strategy S --timeout 30"
        label = {"confirmed": "positive", "refuted": "negative"}.get(runtime, "unsure")
        fields = {"id": f"d2-{Path(path).stem}-{line}-{attribute}-{strategy}", "tree": tree, "path": path,
                  "line": line, "class": cls, "method": method, "attribute": attribute, "strategy": strategy,
                  "label": label, "runtime": runtime, "source": REDRAW, "confirm": confirm, "evidence": evidence[:400]}
        out.append("[[site]]")
        out += [f"{key} = {json.dumps(value) if isinstance(value, str) else value}" for key, value in fields.items()]
        out.append("")
    # Each line a check runs, labelled under the strategies that did not draw it too (not the lines that are
    # strategies_d.toml's sites already).
    drawn = {(path, line, strategy) for strategy, _, path, line, *_ in REDRAW_ROWS}
    drawn |= {(site.path, site.line, strategy) for site in SITES for strategy in STRATEGIES}
    for strategy_drawn, tree, path, line, cls, method, attribute, check in REDRAW_ROWS:
        for strategy in STRATEGIES:
            row = by_check.get((check, strategy)) if check else None
            if row is None or (path, line, strategy) in drawn:
                continue
            drawn.add((path, line, strategy))
            label = {"confirmed": "positive", "refuted": "negative"}.get(row["verdict"], "unsure")
            fields = {"id": f"d2-{Path(path).stem}-{line}-{attribute}-{strategy}", "tree": tree, "path": path,
                      "line": line, "class": cls, "method": method, "attribute": attribute, "strategy": strategy,
                      "label": label, "runtime": row["verdict"], "source": f"same line (drawn under {strategy_drawn})",
                      "confirm": f"python benchmarks/truth/label_strategies_d.py {check} {strategy}",
                      "evidence": row["evidence"][:400]}
            out.append("[[site]]")
            out += [f"{key} = {json.dumps(value) if isinstance(value, str) else value}" for key, value in fields.items()]
            out.append("")
    return "\n".join(out)


def toml_text(labels: list[dict]) -> str:
    """strategies_d.toml from the checks' verdicts: confirmed -> positive, refuted -> negative, else unsure."""
    by_check = {(row["check"], row["strategy"]): row for row in labels}
    out = ['# Per-strategy truth set, part d: sites nobody wrote the rules for, each labelled by a run under the',
           '# strategy\'s real library on CPU (benchmarks/truth/label_strategies_d.py; docs/strategies-truth-d.md).',
           '# source: "random (seed N)" = drawn from the whole-tree findings under that strategy',
           '# (benchmarks/triage_sample.py); "blind: PATTERN" = found by benchmarks/truth/blind_scan.py; "same line" =',
           '# a line drawn or found for another strategy, labelled under this one too.',
           '', '[versions]', 'diffusers = "0.42.1"', 'transformers = "5.24.0"', '']
    for site in SITES:
        for strategy in STRATEGIES:
            row = by_check.get((site.check, strategy))
            if row is None:
                continue
            label = {"confirmed": "positive", "refuted": "negative"}.get(row["verdict"], "unsure")
            source = (RANDOM if strategy in site.drawn else f"blind: {site.pattern}" if site.pattern
                      else f"same line (drawn under {', '.join(site.drawn)})")
            fields = {"id": f"d-{site.check}-{strategy}", "tree": site.tree, "path": site.path, "line": site.line,
                      "class": site.cls, "method": site.method, "attribute": site.attribute, "strategy": strategy,
                      "label": label, "runtime": row["verdict"], "source": source,
                      "confirm": f"python benchmarks/truth/label_strategies_d.py {site.check} {strategy}",
                      "evidence": row["evidence"][:400]}
            out.append("[[site]]")
            out += [f"{key} = {json.dumps(value) if isinstance(value, str) else value}" for key, value in fields.items()]
            out.append("")
    for strategy, tree, path, line, cls, method, attribute, runtime, evidence in CONFIRMER_ROWS:
        label = {"confirmed": "positive", "refuted": "negative"}.get(runtime, "unsure")
        fields = {"id": f"d-{tree}-{Path(path).stem}-{line}-{strategy}", "tree": tree, "path": path, "line": line,
                  "class": cls, "method": method, "attribute": attribute, "strategy": strategy, "label": label,
                  "runtime": runtime, "source": RANDOM, "evidence": evidence}
        out.append("[[site]]")
        out += [f"{key} = {json.dumps(value) if isinstance(value, str) else value}" for key, value in fields.items()]
        out.append("")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("check", nargs="?")
    parser.add_argument("strategy", nargs="?")
    parser.add_argument("--list", action="store_true")
    parser.add_argument("--all", action="store_true")
    parser.add_argument("--only", action="append", default=[])
    parser.add_argument("--checks", nargs="*", default=[])
    parser.add_argument("--toml", nargs="*", help="write strategies_d.toml's text from these --all outputs")
    parser.add_argument("--redraw", nargs="*", help="with --toml: write strategies_d_redraw.toml's text, the stock "
                        "confirmer's verdicts read from these triage_confirm.py outputs")
    args = parser.parse_args(argv)
    if args.toml is not None and args.redraw is not None:
        rows = [json.loads(line) for path in args.toml for line in open(path, encoding="utf-8") if line.startswith("{")]
        stock = [json.loads(line) for path in args.redraw for line in open(path, encoding="utf-8") if line.startswith("{")]
        print(redraw_toml_text(rows, stock))
        return 0
    if args.toml is not None:
        rows = [json.loads(line) for path in args.toml for line in open(path, encoding="utf-8") if line.startswith("{")]
        print(toml_text(rows))
        return 0
    if args.list:
        print("\n".join(CHECKS))
        return 0
    if args.all:
        for name in args.checks or CHECKS:
            for strategy in args.only or STRATEGIES:
                proc = subprocess.run([sys.executable, __file__, name, strategy], capture_output=True, text=True,
                                      timeout=240)
                lines = [line for line in proc.stdout.splitlines() if line.startswith("{")]
                verdict = json.loads(lines[-1]) if lines else {"verdict": "untriggered",
                                                               "evidence": f"crashed: {proc.stderr[-300:]}"}
                print(json.dumps({"check": name, "strategy": strategy, **verdict}), flush=True)
        return 0
    print(json.dumps(judge(CHECKS[args.check], args.strategy)), flush=True)
    os._exit(0)  # a process group whose hooks failed half-way can block at exit


if __name__ == "__main__":
    sys.exit(main())
