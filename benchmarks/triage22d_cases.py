"""Factories and calls for the issue-22 "d" triage (docs/triage-issue22-d.md): recall-spot-check hazards and the
sampled rows the default confirmer cannot build or trigger.

Used as ``offload-lint confirm TARGET METHOD --factory benchmarks.triage22d_cases:NAME [--call ...]`` (see
``benchmarks/triage22d_runtime.sh``). Each factory builds the class tiny, the way its library builds it; each call
makes the call a real caller makes (the caller's arguments and order). The corpora must be importable:
``benchmarks/triage22d_runtime.sh`` puts them on PYTHONPATH with the stubs and dependency directories it names.
"""

from __future__ import annotations

import torch


# --- denoising-diffusion-pytorch: ElucidatedDiffusion around the library's Unet --------------------------------


def _import_ddpm():
    """Import denoising_diffusion_pytorch with torchvision and ema_pytorch stubbed for that import only.

    Its package __init__ imports the Trainer's dependencies (torchvision transforms, ema_pytorch); the Unet and
    ElucidatedDiffusion use neither. The stubs leave sys.modules afterwards, and diffusers/transformers are
    imported first, so their torchvision checks never see the stub.
    """
    import sys
    import types

    import diffusers.hooks.group_offloading  # noqa: F401

    added = []
    for name in ("torchvision", "ema_pytorch"):
        if name not in sys.modules:
            stub = types.ModuleType(name)
            stub.transforms = stub.utils = types.SimpleNamespace()
            stub.EMA = object
            sys.modules[name] = stub
            added.append(name)
    try:
        import denoising_diffusion_pytorch.denoising_diffusion_pytorch  # noqa: F401
    finally:
        for name in added:
            del sys.modules[name]


def _tiny_unet():
    _import_ddpm()
    from denoising_diffusion_pytorch.denoising_diffusion_pytorch import Unet

    return Unet(dim=8, dim_mults=(1, 2), channels=3, learned_sinusoidal_cond=True, learned_sinusoidal_dim=8,
                attn_dim_head=8, attn_heads=2, full_attn=(False, False), flash_attn=False)


def elucidated():
    """ElucidatedDiffusion(Unet(...), image_size=8) as the README builds it (the wrapper is the offloaded module)."""
    from denoising_diffusion_pytorch.elucidated_diffusion import ElucidatedDiffusion

    return ElucidatedDiffusion(_tiny_unet(), image_size=8, num_sample_steps=2).eval()


def elucidated_sample(module, device=None):
    """The README's sampling call: diffusion.sample(batch_size=...)."""
    return module.sample(batch_size=1, num_sample_steps=2)


def elucidated_train(module, device=None):
    """The README's training step: loss = diffusion(training_images)."""
    return module(torch.rand(1, 3, 8, 8, device=device))


# --- x-transformers: ContinuousTransformerAutoencoder ------------------------------------------------------------


def continuous_autoencoder():
    from x_transformers.continuous_autoencoder import ContinuousTransformerAutoencoder

    return ContinuousTransformerAutoencoder(dim=16, enc_depth=1, dec_depth=1, max_seq_len=8, heads=2,
                                            attn_dim_head=8).eval()


def autoencoder_encode(module, device=None):
    """The RL-token use: latents = autoencoder.encode(seq)."""
    return module.encode(torch.randn(2, 8, 16, device=device))


# --- edm2 toy example: GaussianMixture (no forward) --------------------------------------------------------------


def gaussian_mixture():
    """toy_example.GaussianMixture as gt() builds it (two components); matplotlib is the stub in STUB."""
    import numpy as np
    from toy_example import GaussianMixture

    eye = np.eye(2)
    return GaussianMixture(phi=[1.0, 2.0], mu=[[0.0, 0.0], [1.0, 1.0]], Sigma=[eye * 0.1, eye * 0.2],
                           sample_lut_size=64)


def mixture_score(module, device=None):
    """do_train: gt(classes, device).score(samples, sigma) with samples and sigma on the compute device."""
    return module.score(torch.randn(4, 2, device=device), torch.rand(4, device=device) + 0.1)


# --- audiocraft: compression models (EncodecModel and its wrappers) --------------------------------------------


def encodec():
    """audiocraft's EncodecModel(SEANetEncoder, SEANetDecoder, ResidualVectorQuantizer), as builders.py wires it."""
    from audiocraft.models.encodec import EncodecModel
    from audiocraft.modules.seanet import SEANetDecoder, SEANetEncoder
    from audiocraft.quantization import ResidualVectorQuantizer

    seanet = dict(channels=1, dimension=8, n_filters=4, n_residual_layers=1, ratios=[2, 2], lstm=0)
    quantizer = ResidualVectorQuantizer(dimension=8, n_q=2, bins=16)
    return EncodecModel(SEANetEncoder(**seanet), SEANetDecoder(**seanet), quantizer, frame_rate=4000,
                        sample_rate=16000, channels=1).eval()


def stereo_encodec():
    """InterleaveStereoCompressionModel(EncodecModel): what builders.py builds for the stereo MusicGen models."""
    from audiocraft.models.encodec import InterleaveStereoCompressionModel

    return InterleaveStereoCompressionModel(encodec()).eval()


def hf_encodec():
    """HFEncodecCompressionModel around a tiny transformers EncodecModel (CompressionModel.get_pretrained's HF path)."""
    from transformers import EncodecConfig, EncodecModel as HFEncodec

    from audiocraft.models.encodec import HFEncodecCompressionModel

    config = EncodecConfig(target_bandwidths=[32.0], sampling_rate=16000, audio_channels=1, num_filters=4,
                           upsampling_ratios=[2, 2], codebook_size=16, codebook_dim=8, hidden_size=8,
                           num_residual_layers=1, num_lstm_layers=1)
    return HFEncodecCompressionModel(HFEncodec(config)).eval()


def compression_encode(module, device=None):
    """The LM's tokenization: codes, scale = compression_model.encode(wav) (musicgen/lm training, solvers)."""
    return module.encode(torch.randn(1, module.channels, 64, device=device))


def compression_decode(module, device=None):
    """generate(): codes from the LM (compute device), then compression_model.decode(codes, scale)."""
    codes = torch.randint(0, module.cardinality, (1, module.num_codebooks, 16), device=device)
    return module.decode(codes)
