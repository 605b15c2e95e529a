"""Tiny builds and calls for the issue-22 "f" triage (docs/triage-issue22-f.md), run by benchmarks/triage22f_runtime.sh
through `offload-lint confirm --factory/--call`. Each builds the class the way its repository does, small, and makes
the call its callers make (Open-Sora's inference decodes latents with `ae.decode(z)` and encodes videos with
`ae.encode(x)`)."""

from __future__ import annotations

import torch


def flux_ae():
    from opensora.models.vae.autoencoder_2d import AutoEncoder, AutoEncoderConfig

    config = AutoEncoderConfig(from_pretrained=None, cache_dir=None, resolution=16, in_channels=3, ch=32, out_ch=3, ch_mult=[1, 2],
                               num_res_blocks=1, z_channels=4, scale_factor=0.3611, shift_factor=0.1159, sample=False)
    return AutoEncoder(config).eval()


def flux_ae_decode(module, device=None):
    return module.decode(torch.randn(1, 4, 2, 8, 8, device=device))


def flux_ae_encode(module, device=None):
    return module.encode(torch.randn(1, 3, 2, 16, 16, device=device))


def hunyuan_vae(tiling: bool = False, temporal: bool = False, tsize: int = 4):
    from opensora.models.hunyuan_vae.autoencoder_kl_causal_3d import AutoEncoder3DConfig, AutoencoderKLCausal3D

    config = AutoEncoder3DConfig(from_pretrained=None, latent_channels=4, layers_per_block=1, norm_num_groups=8,
                                 block_out_channels=(8, 16), time_compression_ratio=4, spatial_compression_ratio=2,
                                 sample_size=16, sample_tsize=tsize, use_spatial_tiling=tiling,
                                 use_temporal_tiling=temporal)
    return AutoencoderKLCausal3D(config).eval()


def hunyuan_vae_tiled():
    return hunyuan_vae(tiling=True)


def hunyuan_vae_temporal():
    return hunyuan_vae(temporal=True, tsize=8)


def hunyuan_decode_long(module, device=None):
    # more latent frames than the latent temporal tile (sample_tsize // 4 = 2): decode goes through temporal_tiled_decode
    return module.decode(torch.randn(1, 4, 5, 8, 8, device=device))


def hunyuan_decode(module, device=None):
    return module.decode(torch.randn(1, 4, 1, 8, 8, device=device))


def hunyuan_decode_large(module, device=None):
    # latents larger than the latent tile (sample_size // 2 = 8): decode goes through spatial_tiled_decode
    return module.decode(torch.randn(1, 4, 1, 12, 12, device=device))


def dc_ae(training: bool = False):
    from opensora.models.dc_ae.models.dc_ae import DCAE, DCAEConfig, DecoderConfig, EncoderConfig

    # OmegaConf turns the configs' tuples into lists; the code compares with [] (a tuple default would be indexed)
    widths, depths = (8, 16), (1, 1)
    config = DCAEConfig(
        in_channels=3, latent_channels=4, spatial_compression_ratio=2, is_training=training,
        encoder=EncoderConfig(in_channels=3, latent_channels=4, width_list=widths, depth_list=depths, temporal_downsample=[]),
        decoder=DecoderConfig(in_channels=3, latent_channels=4, width_list=widths, depth_list=depths, temporal_upsample=[]),
    )
    model = DCAE(config).eval()
    model.decoder.disc_off_grad_ckpt = False  # as ae_model_zoo.DC_AE sets it after building
    return model


def dc_ae_training():
    return dc_ae(training=True)


def dc_ae_decode(module, device=None):
    return module.decode(torch.randn(1, 4, 8, 8, device=device))


def dc_ae_encode(module, device=None):
    return module.encode(torch.randn(1, 3, 16, 16, device=device))


def _import_dalle2():
    """Import dalle2_pytorch.dalle2_pytorch with torchvision stubbed for that import only (the prior's sampling code
    uses no torchvision; a torchvision stub seen by transformers breaks its imports, so transformers and diffusers are
    loaded first, as round e's imagen harness does). x_clip, coca_pytorch, rotary_embedding_torch, resize_right and
    kornia come from the stub finder (LRSTUBS)."""
    import sys
    import types

    import diffusers.hooks.group_offloading  # noqa: F401
    import transformers  # noqa: F401

    added = []
    for name in ("torchvision", "torchvision.transforms"):
        if name not in sys.modules:
            stub = types.ModuleType(name)
            stub.__path__ = []
            sys.modules[name] = stub
            added.append(name)
    sys.modules["torchvision"].transforms = sys.modules["torchvision.transforms"]
    try:
        import dalle2_pytorch.dalle2_pytorch as module
    finally:
        for name in added:
            sys.modules.pop(name, None)
    return module


def diffusion_prior():
    # the README's DiffusionPrior, tiny, without a CLIP (sample() embeds the text with CLIP first; the harness hands
    # the text embedding in, as DiffusionPrior.sample passes it to p_sample_loop)
    module = _import_dalle2()
    net = module.DiffusionPriorNetwork(dim=16, depth=1, dim_head=8, heads=2, rotary_emb=False)
    return module.DiffusionPrior(net=net, image_embed_dim=16, timesteps=4, cond_drop_prob=0.,
                                 condition_on_text_encodings=False).eval()


def prior_sample_loop(module, device=None):
    return module.p_sample_loop((2, 16), text_cond=dict(text_embed=torch.randn(2, 16, device=device)))


def __getattr__(name: str):
    # confirm targets imported the way _import_dalle2 does (the confirmer imports the target before the factory)
    if name in ("DiffusionPrior", "Decoder"):
        return getattr(_import_dalle2(), name)
    raise AttributeError(name)


def dalle2_decoder():
    # the README's one-unet Decoder, tiny, without CLIP (sample() takes the image embedding directly)
    module = _import_dalle2()
    unet = module.Unet(dim=16, image_embed_dim=16, cond_dim=16, channels=3, dim_mults=(1, 2), attn_dim_head=8,
                       attn_heads=2)
    return module.Decoder(unet=unet, image_size=16, timesteps=4, image_cond_drop_prob=0., text_cond_drop_prob=0.).eval()


def decoder_sample(module, device=None):
    return module.sample(image_embed=torch.randn(1, 16, device=device))


def karlo_sr256():
    # recall check (sr_64_256.py): karlo's super-resolution model, tiny; its forward() is a generator
    from types import SimpleNamespace as NS

    from ldm.modules.karlo.kakao.models.sr_64_256 import ImprovedSupRes64to256ProgressiveModel

    config = NS(
        diffusion=NS(steps=1000, learn_sigma=False, sigma_small=True, noise_schedule="squaredcos_cap_v2", use_kl=False,
                     predict_xstart=False, rescale_learned_sigmas=False),
        model=NS(hparams=NS(channels=32, depth=1, dropout=0.0, channels_multiple=(1, 2))),
    )
    return ImprovedSupRes64to256ProgressiveModel(config).eval()


def karlo_sr256_upsample(module, device=None):
    # as karlo's template does: iterate the samples the forward yields
    samples = list(module(torch.randn(1, 3, 16, 16, device=device)))
    return samples[-1]
