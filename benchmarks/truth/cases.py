"""Runtime cases of the truth set: site id -> how to build the class tiny and the call that reaches the site.

`build()` runs inside the confirmer's backend mode (under FakeTensorMode on fake-cuda), `call(module, device)`
creates its inputs on `device` (the onload device). Configs are the smallest that construct; nothing is
downloaded.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Callable

import torch

CASES: dict[str, "Case"] = {}


@dataclass(frozen=True)
class Case:
    target: str  # "package.module:Class" (for the report)
    build: Callable[[], torch.nn.Module] | None
    call: Callable[[torch.nn.Module, torch.device], Any] | None
    method: str = "forward"
    sinks: tuple[int, ...] = ()  # lines of the site's file its value flows to (an op there counts for the site)
    block_modules: list[str] | None = None
    timeout: float = 60
    backend: str = "auto"
    custom: Callable[[], tuple[str, str]] | None = None  # a check that is not one method under the confirmer


def case(site_id: str, target: str, build, call, **kwargs: Any) -> None:
    if site_id in CASES:
        raise ValueError(f"duplicate case {site_id}")
    CASES[site_id] = Case(target, build, call, **kwargs)


def cls(target: str) -> Any:
    module, name = target.split(":")
    return getattr(importlib.import_module(module), name)


TINY_TEXT = dict(hidden_size=32, intermediate_size=64, num_hidden_layers=2, num_attention_heads=2,
                 num_key_value_heads=2, head_dim=16, vocab_size=99, max_position_embeddings=64)


def tiny(config_target: str, **overrides: Any) -> Any:
    """A transformers config with small sizes (`overrides` win; unknown names are ignored by the config)."""
    config_cls = cls(config_target)
    values = dict(TINY_TEXT)
    values.update(overrides)
    return config_cls(**values)


def build_from(model_target: str, config_target: str, **overrides: Any) -> Callable[[], torch.nn.Module]:
    def build() -> torch.nn.Module:
        return cls(model_target)(tiny(config_target, **overrides))
    return build


def ids(device: torch.device, batch: int = 1, length: int = 6, vocab: int = 99) -> torch.Tensor:
    return torch.randint(0, vocab, (batch, length), device=device)


TF = "transformers.models."

# ---------------------------------------------------------------- transformers: leaf weights read directly

case("tf-data2vec-tdnn-weight",
     TF + "data2vec.modeling_data2vec_audio:TDNNLayer",
     lambda: cls(TF + "data2vec.modeling_data2vec_audio:TDNNLayer")(
         tiny(TF + "data2vec.configuration_data2vec_audio:Data2VecAudioConfig",
              tdnn_dim=(16, 16), tdnn_kernel=(3, 3), tdnn_dilation=(1, 1)), 0),
     lambda m, d: m(torch.randn(1, 10, m.in_conv_dim, device=d)), sinks=(1090,))

case("tf-emu3-codebook-sum",
     TF + "emu3.modeling_emu3:Emu3VQVAEVectorQuantizer",
     lambda: cls(TF + "emu3.modeling_emu3:Emu3VQVAEVectorQuantizer")(
         tiny(TF + "emu3.configuration_emu3:Emu3VQVAEConfig", codebook_size=16, embed_dim=8)),
     lambda m, d: m(torch.randn(1, 1, 8, 2, 2, device=d)), sinks=(307,))

case("tf-voxtral-embed-positions-weight",
     TF + "voxtral.modeling_voxtral:VoxtralEncoder",
     build_from(TF + "voxtral.modeling_voxtral:VoxtralEncoder", TF + "voxtral.configuration_voxtral:VoxtralEncoderConfig",
                num_mel_bins=8, max_source_positions=8),
     lambda m, d: m(torch.randn(1, 8, 16, device=d)), sinks=(317,))

# ------------------------------------------- transformers: a .device read whose tensor feeds a hooked call

case("tf-voxtral-input-to-conv-device",
     TF + "voxtral.modeling_voxtral:VoxtralEncoder",
     build_from(TF + "voxtral.modeling_voxtral:VoxtralEncoder", TF + "voxtral.configuration_voxtral:VoxtralEncoderConfig",
                num_mel_bins=8, max_source_positions=8),
     lambda m, d: m(torch.randn(1, 8, 16, device=d)), sinks=(312,))


def _positional(target: str, *args: Any) -> Callable[[], torch.nn.Module]:
    return lambda: cls(target)(*args)


for _family, _target, _args in [
    ("bart", TF + "bart.modeling_bart:BartLearnedPositionalEmbedding", (16, 8)),
    ("led", TF + "led.modeling_led:LEDLearnedPositionalEmbedding", (16, 8)),
    ("informer", TF + "informer.modeling_informer:InformerSinusoidalPositionalEmbedding", (16, 8)),
]:
    case(f"tf-{_family}-positions-own-weight-device", _target, _positional(_target, *_args),
         lambda m, d: m(torch.zeros(1, 5, dtype=torch.long, device=d)) if "Bart" in type(m).__name__
     else m(torch.Size([1, 5])))


def _t5_like(model_target: str, config_target: str, **extra: Any) -> Callable[[], torch.nn.Module]:
    def build() -> torch.nn.Module:
        config = tiny(config_target, d_model=32, d_kv=16, num_heads=2, d_ff=64, num_layers=2,
                      relative_attention_num_buckets=8, relative_attention_max_distance=16, **extra)
        return cls(model_target)(config, has_relative_attention_bias=True)
    return build


for _family, _model, _config in [
    ("switch_transformers", "switch_transformers.modeling_switch_transformers:SwitchTransformersAttention",
     "switch_transformers.configuration_switch_transformers:SwitchTransformersConfig"),
    ("pix2struct", "pix2struct.modeling_pix2struct:Pix2StructTextAttention",
     "pix2struct.configuration_pix2struct:Pix2StructTextConfig"),
    ("udop", "udop.modeling_udop:UdopAttention", "udop.configuration_udop:UdopConfig"),
]:
    case(f"tf-{_family}-compute-bias-device", TF + _model, _t5_like(TF + _model, TF + _config),
         lambda m, d: m.compute_bias(4, 4) + torch.zeros(1, device=d),
         method="compute_bias")

case("tf-wavlm-compute-bias-device",
     TF + "wavlm.modeling_wavlm:WavLMAttention",
     lambda: cls(TF + "wavlm.modeling_wavlm:WavLMAttention")(32, 2, num_buckets=8, max_distance=16),
     lambda m, d: m.compute_bias(4, 4) + torch.zeros(1, device=d), method="compute_bias")

case("tf-minicpm_ocr-pos-ids-to-embedding",
     TF + "minicpm_ocr.modeling_minicpm_ocr:MiniCPMOcrVisionEmbeddings",
     lambda: cls(TF + "minicpm_ocr.modeling_minicpm_ocr:MiniCPMOcrVisionEmbeddings")(
         tiny(TF + "minicpm_ocr.configuration_minicpm_ocr:MiniCPMOcrVisionConfig", image_size=16, patch_size=4,
              num_channels=3)),
     lambda m, d: m(torch.randn(1, 3, 16, 16, device=d), position_ids=torch.arange(16, device=d)))

# ---------------------------------------------------- diffusers: VAE decode() called by pipelines (block level)

DF = "diffusers.models.autoencoders."


def _decode_call(latent: tuple[int, ...], **kwargs: Any) -> Callable[[torch.nn.Module, torch.device], Any]:
    return lambda m, d: m.decode(torch.randn(*latent, device=d), **kwargs)


_KL2D = dict(down_block_types=("DownEncoderBlock2D",) * 2, up_block_types=("UpDecoderBlock2D",) * 2,
             block_out_channels=(8, 16), layers_per_block=1, latent_channels=4, norm_num_groups=4)

for _site, _target, _kwargs, _latent, _extra in [
    ("df-autoencoder_tiny-decode-decoder", DF + "autoencoder_tiny:AutoencoderTiny",
     dict(encoder_block_out_channels=(8, 8), decoder_block_out_channels=(8, 8), num_encoder_blocks=(1, 1),
          num_decoder_blocks=(1, 1)), (1, 4, 4, 4), {}),
    ("df-temporal_decoder-decode-decoder", DF + "autoencoder_kl_temporal_decoder:AutoencoderKLTemporalDecoder",
     dict(block_out_channels=(32, 32), layers_per_block=1), (1, 4, 4, 4), dict(num_frames=1)),
    ("df-kl_flux2-decode-post-quant-conv", DF + "autoencoder_kl_flux2:AutoencoderKLFlux2", _KL2D,
     (1, 4, 4, 4), {}),
    ("df-kl-decode-post-quant-conv-block-module", DF + "autoencoder_kl:AutoencoderKL", _KL2D, (1, 4, 4, 4), {}),
    ("df-kl-decode-decoder-block-module", DF + "autoencoder_kl:AutoencoderKL", _KL2D, (1, 4, 4, 4), {}),
    ("df-kl_hunyuanimage-decode-decoder", DF + "autoencoder_kl_hunyuanimage:AutoencoderKLHunyuanImage",
     dict(in_channels=3, out_channels=3, sample_size=16, block_out_channels=(32, 32), layers_per_block=1,
          latent_channels=4, spatial_compression_ratio=2),
     (1, 4, 4, 4), {}),
    ("df-autoencoder_dc-decode-decoder", DF + "autoencoder_dc:AutoencoderDC",
     dict(latent_channels=4, attention_head_dim=4, encoder_block_types="ResBlock", decoder_block_types="ResBlock",
          encoder_block_out_channels=(8, 16), decoder_block_out_channels=(8, 16),
          encoder_layers_per_block=(1, 1), decoder_layers_per_block=(1, 1),
          encoder_qkv_multiscales=((), ()), decoder_qkv_multiscales=((), ()),
          decoder_norm_types="rms_norm", decoder_act_fns="silu"), (1, 4, 4, 4), {}),
]:
    case(_site, _target, (lambda t=_target, k=_kwargs: cls(t)(**k)), _decode_call(_latent, **_extra),
         method="decode", timeout=120)
