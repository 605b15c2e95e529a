"""Tiny builds and calls for the issue-22 "i" triage (docs/triage-issue22-i.md), run by benchmarks/triage22i_runtime.sh
through `offload-lint confirm --factory/--call`. Each builds the class the way its repository does, small, and makes the
call its callers make (U-ViT's scripts call `autoencoder.encode(x)`/`autoencoder.decode(z)`; StyleTTS2's
`train_second.py` calls `model.text_aligner.get_feature(gt)` and `model.decoder(asr, F0, N, s)`, its trainers
`model.style_encoder(mel)`; Show-o's scripts call `vq_model.get_code(x)`/`vq_model.decode_code(ids)`; Show-o2's
`WanVAE` wrapper calls `self.model.sample(x, scale)` (-> `encode`) and `self.model.decode(z, scale)`). The repository
root must be on PYTHONPATH (the runtime script sets it per case)."""

from __future__ import annotations

import importlib.util
import sys
import types

import torch


# --- U-ViT: FrozenAutoencoderKL (encode / decode outside forward) -------------------------------------------------

def uvit_ae():
    import libs.autoencoder as ae

    torch.manual_seed(0)
    ddconfig = dict(double_z=True, z_channels=4, resolution=16, in_channels=3, out_ch=3, ch=32, ch_mult=[1, 2],
                    num_res_blocks=1, attn_resolutions=[], dropout=0.0)
    # the constructor loads a checkpoint: hand it nothing and accept (the weights stay as initialised)
    load, keep = torch.load, ae.FrozenAutoencoderKL.load_state_dict
    torch.load = lambda *a, **k: {}
    ae.FrozenAutoencoderKL.load_state_dict = lambda self, sd, *a, **k: ([], [])
    try:
        model = ae.FrozenAutoencoderKL(ddconfig, 4, "unused.pth")
    finally:
        torch.load, ae.FrozenAutoencoderKL.load_state_dict = load, keep
    return model


def uvit_encode(module, device=None):
    # train_ldm.py / sample_t2i_discrete.py: `autoencoder.encode(_batch)`
    return module.encode(torch.randn(1, 3, 16, 16, device=device))


def uvit_decode(module, device=None):
    # `autoencoder.decode(_batch)`
    return module.decode(torch.randn(1, 4, 8, 8, device=device))


# --- StyleTTS2: the ASR aligner's get_feature, the hifigan/istftnet decoders, the style encoder --------------------

def styletts_asr():
    from Utils.ASR.models import ASRCNN

    torch.manual_seed(0)
    return ASRCNN(input_dim=80, hidden_dim=32, n_token=10, n_layers=1, token_embedding_dim=32).eval()


def styletts_asr_get_feature(module, device=None):
    # train_second.py:386 `asr_real = model.text_aligner.get_feature(gt)` (gt: mel, B x 80 x T)
    return module.get_feature(torch.randn(1, 80, 32, device=device))


def _decoder_inputs(device, dim_in=512, style_dim=16, frames=8):
    asr = torch.randn(1, dim_in, frames, device=device)
    f0 = torch.rand(1, 2 * frames, device=device) * 200 + 50
    n = torch.randn(1, 2 * frames, device=device)
    s = torch.randn(1, style_dim, device=device)
    return asr, f0, n, s


def styletts_hifigan():
    from Modules.hifigan import Decoder

    torch.manual_seed(0)
    return Decoder(dim_in=512, style_dim=16, dim_out=80, resblock_kernel_sizes=[3], upsample_rates=[2, 2],
                   upsample_initial_channel=512, resblock_dilation_sizes=[[1, 3, 5]],
                   upsample_kernel_sizes=[4, 4]).eval()


def styletts_istftnet():
    from Modules.istftnet import Decoder

    torch.manual_seed(0)
    # Configs/config.yml's istftnet settings, fewer resblocks
    return Decoder(dim_in=512, style_dim=16, dim_out=80, resblock_kernel_sizes=[3], upsample_rates=[10, 6],
                   upsample_initial_channel=512, resblock_dilation_sizes=[[1, 3, 5]],
                   upsample_kernel_sizes=[20, 12], gen_istft_n_fft=20, gen_istft_hop_size=5).eval()


def styletts_decode(module, device=None):
    # train_second.py: `model.decoder(en, F0_real, N_real, s)`
    return module(*_decoder_inputs(device))


def styletts_style_encoder():
    from models import StyleEncoder

    torch.manual_seed(0)
    return StyleEncoder(dim_in=8, style_dim=8, max_conv_dim=16).eval()


def styletts_style_encode(module, device=None):
    # train_second.py: `s = model.style_encoder(gt.unsqueeze(1))`
    return module(torch.randn(1, 1, 80, 80, device=device))


# --- Show-o: MAGVITv2 (get_code / decode_code outside its empty forward) --------------------------------------------

def _showo_models():
    # models/__init__.py imports the Phi LLM, CLIP tower and samplers, misc.py omegaconf/jaxtyping/typeguard (not
    # installed, unused by the VQ classes): register the package bare and misc empty
    root = next(p for p in sys.path if p.endswith("Show-o"))
    if "models" not in sys.modules:
        package = types.ModuleType("models")
        package.__path__ = [root + "/models"]
        sys.modules["models"] = package
        misc = types.ModuleType("models.misc")
        import typing

        misc.__dict__.update({k: getattr(typing, k) for k in typing.__all__})  # misc.py re-exports typing's names
        sys.modules["models.misc"] = misc
        # models/modeling_utils.py is a copy of diffusers' ModelMixin importing names diffusers 0.42 no longer has:
        # hand the VQ classes diffusers' own ModelMixin/ConfigMixin/register_to_config instead
        from diffusers import ModelMixin
        from diffusers.configuration_utils import ConfigMixin, register_to_config

        utils = types.ModuleType("models.modeling_utils")
        utils.ModelMixin, utils.ConfigMixin, utils.register_to_config = ModelMixin, ConfigMixin, register_to_config
        sys.modules["models.modeling_utils"] = utils
    import models.modeling_magvitv2 as magvit

    return magvit


def __getattr__(name):
    if name == "ShowoMAGVITv2":
        return _showo_models().MAGVITv2
    if name == "WanVAE_":
        return _wan_module().WanVAE_
    raise AttributeError(name)


def showo_magvit():
    magvit = _showo_models()
    torch.manual_seed(0)
    model = magvit.MAGVITv2()
    # the published config is large: swap in small encoder/decoder of the same classes (the quantizer is kept)
    model.encoder = magvit.VQGANEncoder(ch=32, ch_mult=[1, 2], num_res_blocks=[1, 1], attn_resolutions=[],
                                        resolution=16)
    model.decoder = magvit.VQGANDecoder(ch=32, ch_mult=[1, 2], num_res_blocks=[1, 1], attn_resolutions=[],
                                        resolution=16)
    return model.eval()


def showo_get_code(module, device=None):
    # training/train.py: `image_tokens = vq_model.get_code(pixel_values)`
    return module.get_code(torch.randn(1, 3, 16, 16, device=device))


def showo_decode_code(module, device=None):
    # training/train.py, inference_t2i.py: `images = vq_model.decode_code(gen_token_ids)`
    ids = torch.randint(0, 8192, (1, 64), device=device)
    return module.decode_code(ids)


# --- Show-o2: the Wan2.1 VAE copy (WanVAE_.encode / decode outside its forward) -------------------------------------

def _wan_module():
    name = "showo2_wan21_vae_file"
    if name not in sys.modules:
        root = next(p for p in sys.path if p.endswith("Show-o"))
        spec = importlib.util.spec_from_file_location(name, root + "/show-o2/models/wan21_vae.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


def showo2_wan():
    torch.manual_seed(0)
    return _wan_module().WanVAE_(dim=16, z_dim=4, dim_mult=[1, 2], num_res_blocks=1, attn_scales=[],
                                 temperal_downsample=[False]).eval()


def _wan_scale(device):
    # WanVAE.__init__: mean/std on the wrapper's device, scale = [mean, 1 / std]
    return [torch.zeros(4, device=device), torch.ones(4, device=device)]


def showo2_wan_encode(module, device=None):
    # WanVAE.sample -> self.model.sample(videos, self.scale) -> encode
    return module.sample(torch.randn(1, 3, 1, 16, 16, device=device), _wan_scale(device))


def showo2_wan_decode(module, device=None):
    # WanVAE.batch_decode: self.model.decode(zs, self.scale)
    return module.decode(torch.randn(1, 4, 1, 8, 8, device=device), _wan_scale(device))


# --- StyleTTS2: RelativePositionBias (a device read whose indices only enter the Embedding's own call) --------------

def styletts_relpos():
    from Modules.diffusion.modules import RelativePositionBias

    torch.manual_seed(0)
    return RelativePositionBias(num_buckets=8, max_distance=16, num_heads=2).eval()


def styletts_relpos_call(module, device=None):
    # StyleAttention/Attention: `self.rel_pos(num_queries, num_keys)` (only when use_rel_pos=True, which no config sets)
    return module(6, 6)


# --- StyleTTS2: WavLMLoss (the SLM discriminator's methods outside the loss module's forward) ----------------------

def styletts_wavlm_loss():
    import transformers

    import losses
    from Modules.discriminators import WavLMDiscriminator

    torch.manual_seed(0)
    # `AutoModel.from_pretrained('microsoft/wavlm-base-plus')` (the hub): a tiny WavLM of the same class instead
    cfg = transformers.WavLMConfig(hidden_size=32, num_hidden_layers=2, num_attention_heads=2, intermediate_size=64,
                                   conv_dim=(16, 16), conv_stride=(5, 2), conv_kernel=(10, 3),
                                   num_conv_pos_embeddings=16, num_conv_pos_embedding_groups=2, num_buckets=32)
    keep = losses.AutoModel.from_pretrained
    losses.AutoModel.from_pretrained = lambda *a, **k: transformers.WavLMModel(cfg)
    try:
        wd = WavLMDiscriminator(slm_hidden=32, slm_layers=3, initial_channel=8)  # model.wd, as build_model makes it
        return losses.WavLMLoss("microsoft/wavlm-base-plus", wd, 24000, 16000).eval()
    finally:
        losses.AutoModel.from_pretrained = keep


def styletts_wavlm_discriminator_forward(module, device=None):
    # Modules/slmadv.py:152 `self.wl.discriminator_forward(real_GP.detach().squeeze())`
    return module.discriminator_forward(torch.randn(2, 1600, device=device))


def styletts_wavlm_discriminator(module, device=None):
    # Modules/slmadv.py:157 `self.wl.discriminator(wav.detach().squeeze(), y_pred.detach().squeeze())`
    return module.discriminator(torch.randn(2, 1600, device=device), torch.randn(2, 1600, device=device))
