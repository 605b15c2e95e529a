"""Factories and calls for the fixes after triage round d's left causes (docs/triage-issue22-d.md, "Fixes after round
d (left causes)"): each builds a class tiny the way its library builds it and makes the call a real caller makes.

Used as ``offload-lint confirm TARGET METHOD --factory benchmarks.fixes22_cases:NAME [--call ...]`` (see
``benchmarks/fixes22_runtime.sh``).
"""

from __future__ import annotations

import torch


# --- transformers Perceiver: a decoder built only as an argument of PerceiverModel(...) ------------------------


def _perceiver_config():
    from transformers import PerceiverConfig

    return PerceiverConfig(num_latents=4, d_latents=16, d_model=8, num_blocks=1, num_self_attends_per_block=1,
                           num_self_attention_heads=1, num_cross_attention_heads=1, image_size=4, num_labels=3)


def perceiver_learned():
    """PerceiverForImageClassificationLearned: the head model builds ``PerceiverModel(config, ...,
    decoder=PerceiverClassificationDecoder(...))``; the head model is what users load and offload."""
    from transformers import PerceiverForImageClassificationLearned

    return PerceiverForImageClassificationLearned(_perceiver_config()).eval()


def perceiver_classify(module, device=None):
    return module(inputs=torch.randn(1, 3, 4, 4, device=device))


def perceiver_classification_decoder():
    """The decoder alone, as the static finding assumed (an offload root of its own)."""
    from transformers.models.perceiver.modeling_perceiver import PerceiverClassificationDecoder

    config = _perceiver_config()
    return PerceiverClassificationDecoder(config, num_channels=config.d_latents,
                                          trainable_position_encoding_kwargs=dict(num_channels=config.d_latents,
                                                                                  index_dims=1),
                                          use_query_residual=True).eval()


def decoder_query_alone(module, device=None):
    return module.decoder_query(torch.randn(1, 4, 16, device=device))


# --- round d's new findings (recall fixes): x-transformers wrappers' generate() --------------------------------


def _decoder_net(num_tokens: int = 32):
    from x_transformers import Decoder, TransformerWrapper

    return TransformerWrapper(num_tokens=num_tokens, max_seq_len=8,
                              attn_layers=Decoder(dim=16, depth=1, heads=2, attn_dim_head=8))


def autoregressive_wrapper():
    """AutoregressiveWrapper(TransformerWrapper(...)) as the README builds it; the wrapper is offloaded."""
    from x_transformers import AutoregressiveWrapper

    return AutoregressiveWrapper(_decoder_net()).eval()


def generate_from_prompt(module, device=None):
    """The README's call: a prompt the user placed on the compute device."""
    return module.generate(torch.randint(0, 32, (1, 2), device=device), 3)


def continuous_wrapper():
    from x_transformers import ContinuousAutoregressiveWrapper, ContinuousTransformerWrapper, Decoder

    net = ContinuousTransformerWrapper(dim_in=4, dim_out=4, max_seq_len=8,
                                       attn_layers=Decoder(dim=16, depth=1, heads=2, attn_dim_head=8))
    return ContinuousAutoregressiveWrapper(net).eval()


def continuous_generate(module, device=None):
    return module.generate(torch.randn(1, 2, 4, device=device), 3)


def xval_wrapper():
    from x_transformers.xval import XValAutoregressiveWrapper, XValTransformerWrapper
    from x_transformers import Decoder

    net = XValTransformerWrapper(num_tokens=32, numerical_token_id=31, max_seq_len=8,
                                 attn_layers=Decoder(dim=16, depth=1, heads=2, attn_dim_head=8))
    return XValAutoregressiveWrapper(net).eval()


def xval_generate(module, device=None):
    ids = torch.randint(0, 31, (1, 2), device=device)
    return module.generate(ids, torch.ones(1, 2, device=device), 3)


def belief_state_wrapper():
    from x_transformers import Decoder, TransformerWrapper
    from x_transformers.belief_state_wrapper import BeliefStateWrapper

    forward = TransformerWrapper(num_tokens=32, max_seq_len=0, attn_layers=Decoder(dim=16, depth=1, heads=2,
                                                                                    attn_dim_head=8))
    return BeliefStateWrapper(forward_decoder=forward).eval()


def belief_generate(module, device=None):
    return module.generate_with_suffix_cond(torch.randint(0, 32, (1, 2), device=device), 3)


def gpt_vae():
    from x_transformers.gpt_vae import GPTVAE

    return GPTVAE(num_tokens=32, dim=16, depth=1, enc_depth=1, max_seq_len=8, dim_latent=4,
                  attn_dim_head=8, heads=2).eval()


def gpt_vae_generate(module, device=None):
    return module.generate(torch.randint(0, 32, (1, 2), device=device), 3)


# --- denoising-diffusion-pytorch: GaussianDiffusion wrappers' sample() -----------------------------------------


def _tiny_unet(**extra):
    from benchmarks.triage22d_cases import _import_ddpm

    _import_ddpm()
    from denoising_diffusion_pytorch.denoising_diffusion_pytorch import Unet

    return Unet(dim=8, dim_mults=(1, 2), channels=3, attn_dim_head=8, attn_heads=2, full_attn=(False, False),
                flash_attn=False, **extra)


def _stubbed_import(module: str, stubs: tuple[str, ...] = ("torchvision", "ema_pytorch")):
    """Import ``module`` with ``stubs`` (imported by the package's training code only) stubbed for that import."""
    import importlib
    import sys
    import types

    import diffusers.hooks.group_offloading  # noqa: F401  (its torchvision check runs first)

    added = []
    for name in stubs:
        if name not in sys.modules:
            stub = types.ModuleType(name)
            stub.transforms = stub.utils = types.SimpleNamespace(Compose=object, Resize=object, CenterCrop=object,
                                                                 ToTensor=object, Normalize=object,
                                                                 InterpolationMode=types.SimpleNamespace(BICUBIC=3))
            stub.EMA = object
            sys.modules[name] = stub
            sys.modules[name + ".transforms"] = stub.transforms
            added.append(name)
    try:
        return importlib.import_module(module)
    finally:
        for name in added:
            sys.modules.pop(name, None)
            sys.modules.pop(name + ".transforms", None)


def guided_diffusion():
    GaussianDiffusion = _stubbed_import("denoising_diffusion_pytorch.guided_diffusion").GaussianDiffusion

    return GaussianDiffusion(_tiny_unet(), image_size=8, timesteps=2, sampling_timesteps=2).eval()


def sample_batch(module, device=None):
    """The README's call: sample(batch_size=...), no tensor handed in."""
    return module.sample(batch_size=1)


def cfg_diffusion():
    from denoising_diffusion_pytorch.classifier_free_guidance import GaussianDiffusion, Unet

    unet = Unet(dim=8, num_classes=3, dim_mults=(1, 2), channels=3, attn_dim_head=8, attn_heads=2)
    return GaussianDiffusion(unet, image_size=8, timesteps=2, sampling_timesteps=2).eval()


def cfg_sample(module, device=None):
    """The README's call: sample(classes=..., cond_scale=...), the classes a tensor the user placed."""
    return module.sample(classes=torch.randint(0, 3, (1,), device=device), cond_scale=3.)


def simple_diffusion():
    from denoising_diffusion_pytorch.simple_diffusion import GaussianDiffusion, UViT

    vit = UViT(dim=8, channels=3, dim_mults=(1, 2), vit_depth=1, attn_dim_head=8, attn_heads=2)
    return GaussianDiffusion(vit, image_size=8, channels=3, num_sample_steps=2).eval()


def continuous_time_diffusion():
    from denoising_diffusion_pytorch.continuous_time_gaussian_diffusion import ContinuousTimeGaussianDiffusion

    return ContinuousTimeGaussianDiffusion(_tiny_unet(learned_sinusoidal_cond=True, learned_sinusoidal_dim=8),
                                           image_size=8, num_sample_steps=2).eval()


def v_param_diffusion():
    from denoising_diffusion_pytorch.v_param_continuous_time_gaussian_diffusion import VParamContinuousTimeGaussianDiffusion

    return VParamContinuousTimeGaussianDiffusion(_tiny_unet(learned_sinusoidal_cond=True, learned_sinusoidal_dim=8),
                                                 image_size=8, num_sample_steps=2).eval()


def train_step(module, device=None):
    """A training step: images the user placed on the compute device."""
    return module(torch.rand(1, 3, 8, 8, device=device))


# --- openai CLIP: encode_image / encode_text -------------------------------------------------------------------


def openai_clip():
    CLIP = _stubbed_import("clip.model").CLIP

    return CLIP(embed_dim=8, image_resolution=16, vision_layers=1, vision_width=64, vision_patch_size=8,
                context_length=4, vocab_size=32, transformer_width=16, transformer_heads=2,
                transformer_layers=1).eval()


def clip_encode_image(module, device=None):
    return module.encode_image(torch.randn(1, 3, 16, 16, device=device))


def clip_encode_text(module, device=None):
    return module.encode_text(torch.randint(1, 31, (1, 4), device=device))


# --- Wan2.1: WanVAE_.decode -----------------------------------------------------------------------------------


def wan_vae_decode(module, device=None):
    """WanVAE.decode: self.model.decode(z.unsqueeze(0), self.scale)."""
    scale = [torch.zeros(4, device=device), torch.ones(4, device=device)]
    return module.decode(torch.randn(1, 4, 1, 4, 4, device=device), scale)
