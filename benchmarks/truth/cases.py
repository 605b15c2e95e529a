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

import lazy_device

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
    backend: str = "auto"  # the confirmer's backend, or "lazy": lazy_device.run_call (see there)
    replay: bool = False  # the call re-enacts a caller's line (pipeline code) on the component
    steps: tuple[Any, ...] | None = None  # a scenario of (name, call) steps instead of one call
    custom: Callable[[dict], tuple[str, str]] | None = None  # a check that is not one method under the confirmer


def case(site_id: str, target: str, build: Callable[[], torch.nn.Module] | None,
         call: Callable[[torch.nn.Module, torch.device], Any] | None, **kwargs: Any) -> None:
    if site_id in CASES:
        raise ValueError(f"duplicate case {site_id}")
    CASES[site_id] = Case(target, build, call, **kwargs)


def cls(target: str) -> Any:
    module, name = target.split(":")
    return getattr(importlib.import_module(module), name)


TINY_TEXT = dict(hidden_size=32, intermediate_size=64, num_hidden_layers=2, num_attention_heads=2,
                 num_key_value_heads=2, head_dim=16, vocab_size=99, max_position_embeddings=64)


def tiny(config_target: str, _base: bool = True, **overrides: Any) -> Any:
    """A transformers config with small sizes (`overrides` win; `_base=False`: only the overrides)."""
    config_cls = cls(config_target)
    values = dict(TINY_TEXT) if _base else {}
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
     lambda m, d: (lazy_device.stop_after(m.conv1), m(torch.randn(1, 8, 16, device=d))), sinks=(312,),
     backend="lazy")


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

# -------------------------------------------- diffusers: root parameters / buffers read outside forward()

case("df-unclip-normalizer-scale-mean",
     "diffusers.pipelines.stable_diffusion.stable_unclip_image_normalizer:StableUnCLIPImageNormalizer",
     lambda: cls("diffusers.pipelines.stable_diffusion.stable_unclip_image_normalizer:StableUnCLIPImageNormalizer")(
         embedding_dim=8),
     lambda m, d: m.scale(torch.randn(1, 8, device=d)), method="scale")

case("df-unclip-pipeline-scale-after-manual-move",
     "diffusers.pipelines.stable_diffusion.stable_unclip_image_normalizer:StableUnCLIPImageNormalizer",
     lambda: cls("diffusers.pipelines.stable_diffusion.stable_unclip_image_normalizer:StableUnCLIPImageNormalizer")(
         embedding_dim=8),
     None, method="scale",
     # what StableUnCLIPPipeline.noise_image_embeddings does: move the component by hand, then call scale()
     steps=(("to", lambda m, d: m.to(d)), ("scale", lambda m, d: m.scale(torch.randn(1, 8, device=d)))))

case("df-prior-post-process-latents-moved",
     "diffusers.models.transformers.prior_transformer:PriorTransformer",
     lambda: cls("diffusers.models.transformers.prior_transformer:PriorTransformer")(
         num_attention_heads=2, attention_head_dim=4, num_layers=1, embedding_dim=8, num_embeddings=4,
         additional_embeddings=2),
     lambda m, d: m.post_process_latents(torch.randn(1, 8, device=d)), method="post_process_latents")

_MMAUDIO = dict(mel_bins=8, latent_channels=4, hidden_channels=8, channel_multipliers=(1, 2), layers_per_block=1,
                n_fft=16, hop_length=4)
for _site in ("df-mmaudio-inner-decode-buffer", "df-mmaudio-decode-unmatched-vae"):
    case(_site, "diffusers.models.autoencoders.autoencoder_mmaudio:MMAudioVAE",
         lambda: cls("diffusers.models.autoencoders.autoencoder_mmaudio:MMAudioVAE")(**_MMAUDIO),
         lambda m, d: m.decode(torch.randn(1, 4, 4, device=d)), method="decode",
         sinks=(434,) if _site.endswith("buffer") else ())

# ------------------------------------------------------------ diffusers: leaf weights read directly

case("df-fir-upsample-conv-weight-to-helper",
     "diffusers.models.upsampling:FirUpsample2D",
     lambda: cls("diffusers.models.upsampling:FirUpsample2D")(channels=4, out_channels=4, use_conv=True),
     lambda m, d: m(torch.randn(1, 4, 4, 4, device=d)))

case("df-hunyuan-attention-pool-proj-weights",
     "diffusers.models.embeddings:HunyuanDiTAttentionPool",
     lambda: cls("diffusers.models.embeddings:HunyuanDiTAttentionPool")(4, 8, 2, 8),
     lambda m, d: m(torch.randn(1, 4, 8, device=d)), sinks=(1442,))

case("df-shap-e-channels-proj-weight-view",
     "diffusers.pipelines.shap_e.renderer:ChannelsProj",
     lambda: cls("diffusers.pipelines.shap_e.renderer:ChannelsProj")(vectors=2, channels=4, d_latent=8),
     lambda m, d: m(torch.randn(1, 2, 8, device=d)), sinks=(726,))

# -------------------------------------------------------------------------------- weight_norm (OFL204)

case("df-oobleck-encoder-block-weight-norm",
     "diffusers.models.autoencoders.autoencoder_oobleck:OobleckEncoderBlock",
     lambda: cls("diffusers.models.autoencoders.autoencoder_oobleck:OobleckEncoderBlock")(4, 8, stride=2),
     lambda m, d: m(torch.randn(1, 4, 16, device=d)), sinks=(111,))

case("df-cosmos3-audio-residual-weight-norm",
     "diffusers.models.autoencoders.autoencoder_cosmos3_audio:Cosmos3AudioResidualUnit",
     lambda: cls("diffusers.models.autoencoders.autoencoder_cosmos3_audio:Cosmos3AudioResidualUnit")(4, 1),
     lambda m, d: m(torch.randn(1, 4, 16, device=d)), sinks=(266,))

case("df-longcat-vae-residual-wn-helper",
     "diffusers.models.autoencoders.autoencoder_longcat_audio_dit:VaeResidualUnit",
     lambda: cls("diffusers.models.autoencoders.autoencoder_longcat_audio_dit:VaeResidualUnit")(4, 4, 1),
     lambda m, d: m(torch.randn(1, 4, 16, device=d)), sinks=(121,))

case("tf-wav2vec2-pos-conv-parametrized-weight-norm",
     TF + "wav2vec2.modeling_wav2vec2:Wav2Vec2PositionalConvEmbedding",
     lambda: cls(TF + "wav2vec2.modeling_wav2vec2:Wav2Vec2PositionalConvEmbedding")(
         tiny(TF + "wav2vec2.configuration_wav2vec2:Wav2Vec2Config", num_conv_pos_embeddings=4,
              num_conv_pos_embedding_groups=2)),
     lambda m, d: m(torch.randn(1, 8, 32, device=d)), sinks=(367,))

case("tf-encodec-conv1d-parametrized-weight-norm",
     TF + "encodec.modeling_encodec:EncodecConv1d",
     lambda: cls(TF + "encodec.modeling_encodec:EncodecConv1d")(
         tiny(TF + "encodec.configuration_encodec:EncodecConfig"), 4, 4, 3),
     lambda m, d: m(torch.randn(1, 4, 16, device=d)), sinks=(171,))


# ------------------------------- transformers: public get_text_features() of top-level models (block level)

_TEXT_TOWER = dict(hidden_size=32, intermediate_size=64, num_hidden_layers=1, num_attention_heads=2, vocab_size=99,
                   max_position_embeddings=32)
_VISION_TOWER = dict(hidden_size=32, intermediate_size=64, num_hidden_layers=1, num_attention_heads=2, image_size=16,
                     patch_size=8)


def _dual(model_target: str, config_target: str, text: dict | None = None, vision: dict | None = None,
          **extra: Any) -> Callable[[], torch.nn.Module]:
    def build() -> torch.nn.Module:
        config = cls(config_target)(text_config={**_TEXT_TOWER, **(text or {})},
                                    vision_config={**_VISION_TOWER, **(vision or {})}, projection_dim=8, **extra)
        return cls(model_target)(config)
    return build


for _family, _model, _config, _text, _vision in [
    ("chinese_clip", "chinese_clip.modeling_chinese_clip:ChineseCLIPModel",
     "chinese_clip.configuration_chinese_clip:ChineseCLIPConfig", {}, {}),
    ("altclip", "altclip.modeling_altclip:AltCLIPModel", "altclip.configuration_altclip:AltCLIPConfig",
     dict(project_dim=8, pad_token_id=1), {}),
    ("owlvit", "owlvit.modeling_owlvit:OwlViTModel", "owlvit.configuration_owlvit:OwlViTConfig", {}, {}),
    ("groupvit", "groupvit.modeling_groupvit:GroupViTModel", "groupvit.configuration_groupvit:GroupViTConfig",
     {}, dict(depths=[1, 1], num_group_tokens=[4, 0], num_output_groups=[4, 2], num_hidden_layers=2)),
    ("x_clip", "x_clip.modeling_x_clip:XCLIPModel", "x_clip.configuration_x_clip:XCLIPConfig", {},
     dict(num_frames=1, mit_hidden_size=32, mit_intermediate_size=64, mit_num_hidden_layers=1,
          mit_num_attention_heads=2)),
]:
    case(f"tf-{_family}-get-text-features", TF + _model, _dual(TF + _model, TF + _config, _text, _vision),
         lambda m, d: m.get_text_features(input_ids=ids(d, length=5, vocab=90)), method="get_text_features")

# ------------------------------------------------------- more look-alikes: index tensors, own embeddings

for _family, _target in [
    ("pegasus", TF + "pegasus.modeling_pegasus:PegasusSinusoidalPositionalEmbedding"),
    ("marian", TF + "marian.modeling_marian:MarianSinusoidalPositionalEmbedding"),
    ("mvp", TF + "mvp.modeling_mvp:MvpLearnedPositionalEmbedding"),
]:
    case(f"tf-{_family}-positions-own-weight-device", _target, _positional(_target, 16, 8),
         lambda m, d: m(torch.Size([1, 5])) if "Sinusoidal" in type(m).__name__
         else m(torch.zeros(1, 5, dtype=torch.long, device=d)))

case("tf-longt5-compute-bias-device", TF + "longt5.modeling_longt5:LongT5Attention",
     _t5_like(TF + "longt5.modeling_longt5:LongT5Attention", TF + "longt5.configuration_longt5:LongT5Config"),
     lambda m, d: m.compute_bias(4, 4) + torch.zeros(1, device=d), method="compute_bias")

# ------------------------------- transformers: nn.Buffer buffers read outside forward(), decode() entry points

_ENCODEC = dict(hidden_size=8, num_filters=4, upsampling_ratios=[2, 2], codebook_size=16, num_lstm_layers=1,
                kernel_size=3, last_kernel_size=3, residual_kernel_size=3, target_bandwidths=[1.5],
                sampling_rate=800, chunk_length_s=None, overlap=None)


def _encodec_decode(m: torch.nn.Module, d: torch.device) -> Any:
    codes = torch.randint(0, 16, (1, 1, 2, 5), device=d)
    return m.decode(codes, [None])


for _site in ("tf-encodec-codebook-decode-buffer", "tf-encodec-decode-unmatched-quantizer"):
    case(_site, TF + "encodec.modeling_encodec:EncodecModel",
         build_from(TF + "encodec.modeling_encodec:EncodecModel", TF + "encodec.configuration_encodec:EncodecConfig",
                    **_ENCODEC),
         _encodec_decode, method="decode", sinks=(654,) if _site.endswith("buffer") else ())

_OWLV2 = dict(text={}, vision=dict(image_size=16, patch_size=8))
for _site in ("tf-owlv2-box-predictor-box-head", "tf-owlv2-box-predictor-box-bias-moved"):
    case(_site, TF + "owlv2.modeling_owlv2:Owlv2ForObjectDetection",
         _dual(TF + "owlv2.modeling_owlv2:Owlv2ForObjectDetection", TF + "owlv2.configuration_owlv2:Owlv2Config",
               **_OWLV2),
         lambda m, d: m.box_predictor(torch.randn(1, 4, 32, device=d), torch.randn(1, 2, 2, 32, device=d)),
         method="box_predictor", sinks=(1103, 1104) if _site.endswith("moved") else ())

# ----------------------------------------------- transformers: setup methods, own buffers inside forward()

for _family, _model, _config in [
    ("mbart", "mbart.modeling_mbart:MBartForConditionalGeneration", "mbart.configuration_mbart:MBartConfig"),
    ("blenderbot", "blenderbot.modeling_blenderbot:BlenderbotForConditionalGeneration",
     "blenderbot.configuration_blenderbot:BlenderbotConfig"),
]:
    case(f"tf-{_family}-resize-final-logits-bias", TF + _model,
         build_from(TF + _model, TF + _config, d_model=32, encoder_layers=1, decoder_layers=1,
                    encoder_attention_heads=2, decoder_attention_heads=2, encoder_ffn_dim=64, decoder_ffn_dim=64),
         lambda m, d: m._resize_final_logits_bias(120), method="_resize_final_logits_bias",
         sinks=(904,) if _family == "mbart" else (789,))

case("tf-gpt_neo-attn-causal-mask-buffer", TF + "gpt_neo.modeling_gpt_neo:GPTNeoModel",
     build_from(TF + "gpt_neo.modeling_gpt_neo:GPTNeoModel", TF + "gpt_neo.configuration_gpt_neo:GPTNeoConfig",
                num_layers=2, attention_types=[[["global", "local"], 1]], window_size=4, num_heads=2),
     lambda m, d: m(input_ids=ids(d)))

case("tf-mimi-padding-total-0dim-buffer", TF + "mimi.modeling_mimi:MimiConv1d",
     lambda: cls(TF + "mimi.modeling_mimi:MimiConv1d")(tiny(TF + "mimi.configuration_mimi:MimiConfig"), 4, 4, 3),
     lambda m, d: m(torch.randn(1, 4, 16, device=d)))

# ------------------------------------------ diffusers pipelines: callers outside the module (replayed)


_NORMALIZER = "diffusers.pipelines.stable_diffusion.stable_unclip_image_normalizer:StableUnCLIPImageNormalizer"

case("df-unclip-pipeline-manual-move", _NORMALIZER, None, None,
     custom=lambda site: lazy_device.check_manual_move(
         lambda: cls(_NORMALIZER)(embedding_dim=8),
         # StableUnCLIPPipeline.noise_image_embeddings: image_normalizer.to(device), then scale()
         lambda m, d: (m.to(d), m.scale(torch.randn(1, 8, device=d))), site["levels"]))

case("df-cosmos-text2world-safety-checker-manual-move",
     "diffusers.pipelines.cosmos.cosmos_guardrail:CosmosSafetyChecker", None, None,
     custom=lambda site: ("untriggered", "the component (CosmosSafetyChecker) needs the cosmos_guardrail package "
                          "and its checkpoints; not installable without a model hub download"))

# In transformers 5 CLIPTextModel holds final_layer_norm itself (no `.text_model`); the pipeline's attribute chain
# `text_encoder.text_model.final_layer_norm` resolves on CLIPTextModelWithProjection, which the replay uses.
_CLIP_TEXT = "transformers.models.clip.modeling_clip:CLIPTextModelWithProjection"
_CLIP_VISION = "transformers.models.clip.modeling_clip:CLIPVisionModelWithProjection"


def _clip_text() -> torch.nn.Module:
    return cls(_CLIP_TEXT)(tiny("transformers.models.clip.configuration_clip:CLIPTextConfig", num_hidden_layers=1,
                                projection_dim=8))


def _clip_vision() -> torch.nn.Module:
    return cls(_CLIP_VISION)(tiny("transformers.models.clip.configuration_clip:CLIPVisionConfig",
                                  num_hidden_layers=1, image_size=16, patch_size=8, projection_dim=8))


case("df-sd-encode-prompt-clip-skip-final-norm", _CLIP_TEXT, _clip_text,
     # StableDiffusionPipeline.encode_prompt with clip_skip: text_encoder.text_model.final_layer_norm(h)
     lambda m, d: m.text_model.final_layer_norm(torch.randn(1, 5, 32, device=d)), replay=True)

case("df-versatile-image-prompt-post-layernorm", _CLIP_VISION, _clip_vision,
     # VersatileDiffusionDualGuidedPipeline._encode_image_prompt: image_encoder.vision_model.post_layernorm(h)
     lambda m, d: m.vision_model.post_layernorm(torch.randn(1, 5, 32, device=d)), replay=True)

case("df-kandinsky-prior-post-process-latents-call", "diffusers.models.transformers.prior_transformer:PriorTransformer",
     lambda: cls("diffusers.models.transformers.prior_transformer:PriorTransformer")(
         num_attention_heads=2, attention_head_dim=4, num_layers=1, embedding_dim=8, num_embeddings=4,
         additional_embeddings=2),
     # KandinskyPriorPipeline.__call__: self.prior.post_process_latents(latents)
     lambda m, d: m.post_process_latents(torch.randn(1, 8, device=d)), method="post_process_latents", replay=True)

case("df-stable-cascade-vqgan-decode", "diffusers.pipelines.deprecated.wuerstchen.modeling_paella_vq_model:PaellaVQModel",
     lambda: cls("diffusers.pipelines.deprecated.wuerstchen.modeling_paella_vq_model:PaellaVQModel")(
         levels=2, bottleneck_blocks=1, embed_dim=16, latent_channels=4, num_vq_embeddings=16),
     # StableCascadeDecoderPipeline.__call__: self.vqgan.decode(latents)
     lambda m, d: m.decode(torch.randn(1, 4, 4, 4, device=d)), method="decode", replay=True)

# ----------------------------------------------------- diffusers: reach into a block, weights without forward

case("df-transformer2d-patched-block-norm-emb", "diffusers.models.transformers.transformer_2d:Transformer2DModel",
     lambda: cls("diffusers.models.transformers.transformer_2d:Transformer2DModel")(
         num_attention_heads=2, attention_head_dim=4, in_channels=4, num_layers=1, sample_size=8, patch_size=2,
         norm_type="ada_norm_zero", num_embeds_ada_norm=10, norm_num_groups=2),
     lambda m, d: m(torch.randn(1, 4, 8, 8, device=d), timestep=torch.tensor([1], device=d),
                    class_labels=torch.tensor([1], device=d)), method="forward")

case("df-unclip-normalizer-no-forward", _NORMALIZER, lambda: cls(_NORMALIZER)(embedding_dim=8),
     lambda m, d: m.scale(torch.randn(1, 8, device=d)), method="scale", sinks=(50,))

case("df-mmaudio-autoencoder-no-forward", "diffusers.models.autoencoders.autoencoder_mmaudio:MMAudioVAE",
     lambda: cls("diffusers.models.autoencoders.autoencoder_mmaudio:MMAudioVAE")(**_MMAUDIO),
     lambda m, d: m.decode(torch.randn(1, 4, 4, device=d)), method="decode", sinks=(317, 434))

case("df-fourier-embedder-call-override", "diffusers.pipelines.deprecated.versatile_diffusion.modeling_text_unet:FourierEmbedder",
     lambda: cls("diffusers.pipelines.deprecated.versatile_diffusion.modeling_text_unet:FourierEmbedder")(num_freqs=4),
     lambda m, d: m(torch.randn(1, 2, 4, device=d)), method="__call__", sinks=(187,))

# ------------------------------------------------------------------------ MultiheadAttention (OFL204)

case("df-controlnet-union-mha", "diffusers.models.controlnets.controlnet_union:ResidualAttentionBlock",
     lambda: cls("diffusers.models.controlnets.controlnet_union:ResidualAttentionBlock")(8, 2),
     lambda m, d: m(torch.randn(3, 1, 8, device=d)), sinks=(77,))

# ------------------------------ transformers: child-only classes, base classes without forward, .device reads

case("tf-jetmoe-moa-reduce-bias", TF + "jetmoe.modeling_jetmoe:JetMoeModel",
     build_from(TF + "jetmoe.modeling_jetmoe:JetMoeModel", TF + "jetmoe.configuration_jetmoe:JetMoeConfig",
                num_hidden_layers=1, kv_channels=16, num_local_experts=2, num_experts_per_tok=1),
     lambda m, d: m(input_ids=ids(d)))

case("tf-xlnet-create-mask-root-device", TF + "xlnet.modeling_xlnet:XLNetModel",
     lambda: cls(TF + "xlnet.modeling_xlnet:XLNetModel")(
         tiny(TF + "xlnet.configuration_xlnet:XLNetConfig", _base=False, vocab_size=99, d_model=32, n_layer=2,
              n_head=2, d_inner=64, attn_type="uni")),
     lambda m, d: m(input_ids=ids(d)), sinks=(897, 898, 899, 900, 901, 902, 903, 904, 905))

_SAM3_TEXT = dict(hidden_size=8, layer_scale_init_value=1e-5, repmixer_kernel_size=3)
for _site in ("tf-sam3_lite_text-layer-scale-base-method", "tf-sam3_lite_text-layer-scale-base-no-forward"):
    case(_site, TF + "sam3_lite_text.modeling_sam3_lite_text:Sam3LiteTextRepMixer",
         lambda: cls(TF + "sam3_lite_text.modeling_sam3_lite_text:Sam3LiteTextRepMixer")(
             tiny(TF + "sam3_lite_text.configuration_sam3_lite_text:Sam3LiteTextTextConfig", **_SAM3_TEXT)),
         lambda m, d: m(torch.randn(1, 8, 1, 6, device=d)), sinks=(160,))

case("tf-perceiver-get-input-embeddings-accessor", TF + "perceiver.modeling_perceiver:PerceiverModel",
     build_from(TF + "perceiver.modeling_perceiver:PerceiverModel",
                TF + "perceiver.configuration_perceiver:PerceiverConfig",
                num_latents=4, d_latents=16, d_model=16, num_blocks=1, num_self_attends_per_block=1,
                num_self_attention_heads=2, num_cross_attention_heads=2),
     lambda m, d: m.get_input_embeddings(), method="get_input_embeddings")

case("tf-mamba2-cuda-kernel-path-norm-weight", TF + "mamba2.modeling_mamba2:Mamba2Mixer", None, None,
     custom=lambda site: ("untriggered", "the line is on the fused-kernel path (cuda_kernels_forward: "
                          "mamba_split_conv1d_scan_combined), taken only with CUDA and the mamba_ssm kernels; "
                          "on CPU the model runs torch_forward"))

_LLAVA_NEXT = TF + "llava_next.modeling_llava_next:LlavaNextModel"


def _llava_next() -> torch.nn.Module:
    config = cls(TF + "llava_next.configuration_llava_next:LlavaNextConfig")(
        vision_config=dict(model_type="clip_vision_model", hidden_size=32, intermediate_size=64, num_hidden_layers=2,
             num_attention_heads=2, image_size=16, patch_size=8, projection_dim=8),
        text_config=dict(model_type="llama", **TINY_TEXT), image_grid_pinpoints=[[16, 16]],
        vision_feature_layer=-1)
    return cls(_LLAVA_NEXT)(config)


def _llava_next_call(m: torch.nn.Module, d: torch.device) -> Any:
    return m.get_image_features(pixel_values=torch.randn(1, 2, 3, 16, 16, device=d),
                                image_sizes=torch.tensor([[16, 16]], device=d))


for _site in ("tf-llava_next-get-image-features-vision-tower", "tf-llava_next-image-newline-to-helper"):
    case(_site, _LLAVA_NEXT, _llava_next, _llava_next_call, method="get_image_features",
         sinks=(292, 293, 294, 295, 296, 303) if _site.endswith("helper") else ())

# ------------------------------ transformers: .device reads whose tensor meets an activation / a hooked call

_BARK = dict(block_size=16, input_vocab_size=99, output_vocab_size=99, num_layers=1, num_heads=2, hidden_size=32)
for _site in ("tf-bark-inputs-embeds-to-weight-device", "tf-bark-position-ids-to-embedding-device"):
    case(_site, TF + "bark.modeling_bark:BarkSemanticModel",
         lambda: cls(TF + "bark.modeling_bark:BarkSemanticModel")(
             tiny(TF + "bark.configuration_bark:BarkSemanticConfig", _base=False, **_BARK)),
         (lambda m, d: m(input_ids=ids(d))) if "inputs-embeds" in _site
         else (lambda m, d: (lazy_device.stop_after(m.position_embeds_layer), m(input_ids=ids(d)))),
         sinks=(469,) if "inputs-embeds" in _site else (460,), backend="lazy")

case("tf-esm-contact-head-attentions-to-regression-device", TF + "esm.modeling_esm:EsmContactPredictionHead",
     lambda: cls(TF + "esm.modeling_esm:EsmContactPredictionHead")(in_features=4),
     lambda m, d: m(torch.tensor([[0, 5, 6, 7, 2]], device=d), torch.rand(1, 2, 2, 5, 5, device=d)),
     sinks=(184, 185, 186))

case("tf-dbrx-experts-mlp-weights-into-hooked-call", TF + "dbrx.modeling_dbrx:DbrxExperts",
     lambda: cls(TF + "dbrx.modeling_dbrx:DbrxExperts")(
         tiny(TF + "dbrx.configuration_dbrx:DbrxFFNConfig", _base=False, hidden_size=8, ffn_hidden_size=16,
              moe_num_experts=2, moe_top_k=1)),
     lambda m, d: m(torch.randn(1, 3, 8, device=d), torch.tensor([[0], [1], [0]], device=d),
                    torch.ones(3, 1, device=d)), sinks=(303,))

# --------------------------------------------- public non-forward methods, host copies, forward-only helpers

_POCKET = dict(vocab_size=4004, hidden_size=32, num_hidden_layers=1, num_attention_heads=2, intermediate_size=64,
               latent_dim=8, flow_head_config=dict(hidden_size=16, num_hidden_layers=1, latent_dim=8, condition_dim=32,
                                                   frequency_embedding_size=16, loss_weighting_hidden_size=8,
                                                   loss_weighting_num_layers=1))


def _pocket() -> torch.nn.Module:
    return cls(TF + "pocket_tts.modeling_pocket_tts:PocketTTSForConditionalGeneration")(
        tiny(TF + "pocket_tts.configuration_pocket_tts:PocketTTSConfig", _base=False, **_POCKET))


case("tf-pocket_tts-denormalize-latents-buffer", TF + "pocket_tts.modeling_pocket_tts:PocketTTSForConditionalGeneration",
     _pocket, lambda m, d: m.denormalize_latents(torch.randn(1, 3, 8, device=d)), method="denormalize_latents")

case("tf-pocket_tts-latent-stats-item-host-copy",
     TF + "pocket_tts.modeling_pocket_tts:PocketTTSForConditionalGeneration", _pocket,
     lambda m, d: m.update_latent_stats(torch.randn(1, 3, 8, device=d), torch.ones(1, 3, device=d)),
     method="update_latent_stats")

case("df-unet2d-get-class-embed-forward-only", "diffusers.models.unets.unet_2d_condition:UNet2DConditionModel",
     lambda: cls("diffusers.models.unets.unet_2d_condition:UNet2DConditionModel")(
         sample_size=8, in_channels=4, out_channels=4, block_out_channels=(8, 16), layers_per_block=1,
         down_block_types=("DownBlock2D", "CrossAttnDownBlock2D"), up_block_types=("CrossAttnUpBlock2D", "UpBlock2D"),
         cross_attention_dim=8, attention_head_dim=2, norm_num_groups=4, num_class_embeds=4),
     lambda m, d: m(torch.randn(1, 4, 8, 8, device=d), torch.tensor([3], device=d), torch.randn(1, 2, 8, device=d),
                    class_labels=torch.tensor([1], device=d)))

case("df-dreamlite-vae-decode-tiny", DF + "autoencoder_tiny:AutoencoderTiny",
     lambda: cls(DF + "autoencoder_tiny:AutoencoderTiny")(
         encoder_block_out_channels=(8, 8), decoder_block_out_channels=(8, 8), num_encoder_blocks=(1, 1),
         num_decoder_blocks=(1, 1)),
     # DreamLitePipeline.__call__ (its vae slot is an AutoencoderTiny): self.vae.decode(latents, return_dict=False)
     lambda m, d: m.decode(torch.randn(1, 4, 4, 4, device=d), return_dict=False), method="decode", replay=True)


def _hifigan_resblock() -> torch.nn.Module:
    block = cls(TF + "seamless_m4t.modeling_seamless_m4t:HifiGanResidualBlock")(4, kernel_size=3, dilation=(1, 3))
    block.apply_weight_norm()  # what a user does before training, before offloading
    return block


case("tf-seamless_m4t-resblock-apply-weight-norm-parametrized",
     TF + "seamless_m4t.modeling_seamless_m4t:HifiGanResidualBlock", _hifigan_resblock,
     lambda m, d: m(torch.randn(1, 4, 16, device=d)), sinks=(2005, 2007))

# ------------------------- PreTrainedModel.device when the first parameter belongs to a leaf (offloaded there)

def _idefics3_like(model_target: str, config_target: str) -> Callable[[], torch.nn.Module]:
    def build() -> torch.nn.Module:
        config = cls(config_target)(
            vision_config=dict(hidden_size=32, intermediate_size=64, num_hidden_layers=1, num_attention_heads=2,
                               image_size=16, patch_size=8),
            text_config=dict(model_type="llama", **TINY_TEXT), scale_factor=1)
        return cls(model_target)(config)
    return build


case("tf-idefics3-inputs-embeds-to-self-device", TF + "idefics3.modeling_idefics3:Idefics3Model",
     _idefics3_like(TF + "idefics3.modeling_idefics3:Idefics3Model",
                    TF + "idefics3.configuration_idefics3:Idefics3Config"),
     lambda m, d: m(input_ids=ids(d)), sinks=(669,), backend="lazy")

case("tf-dia-decoder-ids-on-self-device", TF + "dia.modeling_dia:DiaModel",
     build_from(TF + "dia.modeling_dia:DiaModel", TF + "dia.configuration_dia:DiaConfig",
                encoder_config=dict(hidden_size=32, intermediate_size=64, num_hidden_layers=1, num_attention_heads=2,
                                    num_key_value_heads=2, head_dim=16, vocab_size=99),
                decoder_config=dict(hidden_size=32, intermediate_size=64, num_hidden_layers=1, num_attention_heads=2,
                                    num_key_value_heads=1, head_dim=16, cross_num_attention_heads=2,
                                    cross_head_dim=16, cross_num_key_value_heads=1, cross_hidden_size=32,
                                    vocab_size=1028, num_channels=2), delay_pattern=[0, 1]),
     lambda m, d: m(input_ids=ids(d)), sinks=(728,), backend="lazy")

# -------------------------------------------- a leaf layer subclass reading its own weight in its own forward

case("tf-bit-weight-standardized-conv-own-weight", TF + "bit.modeling_bit:WeightStandardizedConv2d",
     lambda: cls(TF + "bit.modeling_bit:WeightStandardizedConv2d")(4, 8, 3, padding=1),
     lambda m, d: m(torch.randn(1, 4, 8, 8, device=d)), sinks=(124,))

case("tf-falcon-linear-own-weight", TF + "falcon.modeling_falcon:FalconLinear",
     lambda: cls(TF + "falcon.modeling_falcon:FalconLinear")(8, 4),
     lambda m, d: m(torch.randn(2, 8, device=d)))

case("tf-idefics-decoupled-linear-own-weight", TF + "idefics.modeling_idefics:IdeficsDecoupledLinear",
     lambda: cls(TF + "idefics.modeling_idefics:IdeficsDecoupledLinear")(8, 4, out_additional_features=2),
     lambda m, d: m(torch.randn(2, 8, device=d)))

# ------------------------------------------------------------------- more diffusers VAE decode() paths

case("df-kl_wan-decode-post-quant-conv-block-module", DF + "autoencoder_kl_wan:AutoencoderKLWan",
     lambda: cls(DF + "autoencoder_kl_wan:AutoencoderKLWan")(
         base_dim=8, z_dim=4, dim_mult=[1, 2], num_res_blocks=1, temperal_downsample=[False],
         latents_mean=[0.0] * 4, latents_std=[1.0] * 4),
     lambda m, d: m.decode(torch.randn(1, 4, 1, 4, 4, device=d)), method="decode", timeout=120)

case("df-asym_kl-decode-post-quant-conv", DF + "autoencoder_asym_kl:AsymmetricAutoencoderKL",
     lambda: cls(DF + "autoencoder_asym_kl:AsymmetricAutoencoderKL")(
         down_block_out_channels=(8,), up_block_out_channels=(8,), norm_num_groups=4, latent_channels=4),
     lambda m, d: m.decode(torch.randn(1, 4, 4, 4, device=d)), method="decode")

# ----------------------------------- pipelines calling get_text_features() of a CLAP component (replayed)

def _clap() -> torch.nn.Module:
    config = cls(TF + "clap.configuration_clap:ClapConfig")(
        text_config=dict(vocab_size=99, hidden_size=32, num_hidden_layers=1, num_attention_heads=2,
                         intermediate_size=64, max_position_embeddings=40),
        audio_config=dict(hidden_size=32, depths=[1, 1], num_attention_heads=[2, 2], patch_embeds_hidden_size=8,
                          spec_size=32, window_size=4, num_mel_bins=16, projection_hidden_size=32),
        projection_dim=8)
    return cls(TF + "clap.modeling_clap:ClapModel")(config)


for _site in ("df-audioldm2-text-encoder-local-get-text-features", "df-musicldm-get-text-features"):
    # AudioLDM2Pipeline: text_encoder = self.text_encoder; text_encoder.get_text_features(ids, attention_mask=...)
    # MusicLDMPipeline: self.text_encoder.get_text_features(ids, attention_mask=...)
    case(_site, TF + "clap.modeling_clap:ClapModel", _clap,
         lambda m, d: m.get_text_features(ids(d, length=5, vocab=90), attention_mask=torch.ones(1, 5, device=d)),
         method="get_text_features", replay=True)


def _unet_with_mid_attention() -> torch.nn.Module:
    return cls("diffusers.models.unets.unet_2d_condition:UNet2DConditionModel")(
        sample_size=8, in_channels=4, out_channels=4, block_out_channels=(8, 16), layers_per_block=1,
        down_block_types=("DownBlock2D", "CrossAttnDownBlock2D"), up_block_types=("CrossAttnUpBlock2D", "UpBlock2D"),
        cross_attention_dim=8, attention_head_dim=2, norm_num_groups=4)


def _sag_set_processor_then_denoise(m: torch.nn.Module, d: torch.device) -> Any:
    from diffusers.models.attention_processor import AttnProcessor

    # StableDiffusionSAGPipeline.__call__: unet.mid_block.attentions[0].transformer_blocks[0].attn1.processor = ...
    m.mid_block.attentions[0].transformer_blocks[0].attn1.processor = AttnProcessor()
    return m(torch.randn(1, 4, 8, 8, device=d), torch.tensor([3], device=d), torch.randn(1, 2, 8, device=d))


case("df-sag-set-mid-block-attention-processor", "diffusers.models.unets.unet_2d_condition:UNet2DConditionModel",
     _unet_with_mid_attention, _sag_set_processor_then_denoise, replay=True)

# ---------------------------------------------------------- a weight returned to the caller (followed there)

case("tf-deberta_v2-rel-embedding-returned", TF + "deberta_v2.modeling_deberta_v2:DebertaV2Model",
     build_from(TF + "deberta_v2.modeling_deberta_v2:DebertaV2Model",
                TF + "deberta_v2.configuration_deberta_v2:DebertaV2Config",
                relative_attention=True, position_buckets=8, max_relative_positions=16, pos_att_type=["p2c", "c2p"],
                norm_rel_ebd="none", type_vocab_size=0),
     lambda m, d: m(input_ids=ids(d)), sinks=(239, 292, 294, 300, 304, 643))


# A dtype cast keeps the device: ``self.classifier.weight.type(torch.float32)`` is still the offloaded weight.
case("tf-longcat-router-weight-type-cast",
     TF + "longcat_flash.modeling_longcat_flash:LongcatFlashTopkRouter",
     lambda: cls(TF + "longcat_flash.modeling_longcat_flash:LongcatFlashTopkRouter")(
         tiny(TF + "longcat_flash.configuration_longcat_flash:LongcatFlashConfig", n_routed_experts=4,
              zero_expert_num=0, moe_topk=2)),
     lambda m, d: m(torch.randn(1, 3, m.hidden_dim, device=d)), sinks=(144,))

# The same layers seen from the helper that wraps them: the one line to change for its five calls.
case("df-longcat-wn-conv1d-helper",
     "diffusers.models.autoencoders.autoencoder_longcat_audio_dit:VaeResidualUnit",
     lambda: cls("diffusers.models.autoencoders.autoencoder_longcat_audio_dit:VaeResidualUnit")(4, 4, 1),
     lambda m, d: m(torch.randn(1, 4, 16, device=d)), sinks=(121,))

# Position embeddings interpolated per image and gathered with list.append, then added to the patch embeddings.
case("tf-hunyuan-vl-pos-embed-appended",
     TF + "hunyuan_vl.modeling_hunyuan_vl:HunYuanVLVisionPatchEmbed",
     lambda: cls(TF + "hunyuan_vl.modeling_hunyuan_vl:HunYuanVLVisionPatchEmbed")(
         tiny(TF + "hunyuan_vl.configuration_hunyuan_vl:HunYuanVLVisionConfig", _base=False, hidden_size=16,
              patch_size=2, max_image_size=8, num_channels=3)),
     lambda m, d: m(torch.randn(4, 3 * 2 * 2, device=d), [[1, 2, 2]]), sinks=(258,), backend="lazy")

# ------------------------------------------------ issue 22 §3: accessor values and devices seen from a pipeline

_QWEN3 = TF + "qwen3.modeling_qwen3:Qwen3Model"


def _qwen3() -> torch.nn.Module:
    return cls(_QWEN3)(tiny(TF + "qwen3.configuration_qwen3:Qwen3Config"))


# AceStepPipeline.encode_prompt: embed_layer = self.text_encoder.get_input_embeddings(); embed_layer(lyric_ids)
case("df-acestep-lyrics-input-embeddings-accessor", _QWEN3, _qwen3,
     lambda m, d: m.get_input_embeddings()(ids(d)), replay=True)

# TextualInversionLoaderMixin: text_encoder.get_input_embeddings().weight.shape[-1], a size (nothing computes)
case("df-textual-inversion-input-embeddings-width", _QWEN3, _qwen3,
     lambda m, d: torch.zeros(1, m.get_input_embeddings().weight.shape[-1], device=d) + 1, replay=True)


def _missing_text_model(site: dict) -> tuple[str, str]:
    """LEditsPPPipelineStableDiffusion.encode_prompt's clip-skip line on the class its __init__ names: transformers
    5's CLIPTextModel holds final_layer_norm itself, so `text_encoder.text_model` raises before any weight is read,
    offloaded or not (checked without offloading, then under group offloading at block level)."""
    from diffusers.hooks import apply_group_offloading

    import transformers

    notes = []
    for offloaded in (False, True):
        model = cls(TF + "clip.modeling_clip:CLIPTextModel")(
            tiny(TF + "clip.configuration_clip:CLIPTextConfig", num_hidden_layers=1, projection_dim=8))
        if offloaded:
            apply_group_offloading(model, onload_device=torch.device("cpu"), offload_type="block_level",
                                   num_blocks_per_group=1)
        try:
            model.text_model.final_layer_norm(torch.randn(1, 5, 32))
        except AttributeError as error:
            notes.append(f"{'block' if offloaded else 'no offloading'}: AttributeError: {error}")
            continue
        return "refuted", f"{'block' if offloaded else 'no offloading'}: the path resolved"
    return "confirmed", " | ".join(notes) + f" (transformers {transformers.__version__})"


case("df-ledits-clip-skip-missing-text-model", TF + "clip.modeling_clip:CLIPTextModel", None, None,
     custom=_missing_text_model)


def _execution_device_places(site: dict) -> tuple[str, str]:
    """DiffusionPipeline._execution_device under group offloading of a transformers text encoder (lazy device as
    the onload device): it answers the hooks' onload device, so latents placed with it meet the encoder's output
    on one device; the control, the encoder's own `.device` (PreTrainedModel.device, its first parameter's), is
    where a pipeline property returning `self.text_encoder.device` would place them."""
    import lazy_device
    from diffusers import DiffusionPipeline

    class _Pipeline(DiffusionPipeline):
        def __init__(self, text_encoder):
            super().__init__()
            self.register_modules(text_encoder=text_encoder)

    seen: dict[str, str] = {}

    def call(m: torch.nn.Module, d: torch.device, own: bool) -> Any:
        pipe = _Pipeline(m)
        place = m.device if own else pipe._execution_device
        seen["own" if own else "execution"] = str(place)
        hidden = m(ids(d)).last_hidden_state
        return hidden + torch.zeros(hidden.shape[-1], device=place)

    notes, verdict = [], "refuted"
    for level in site["levels"]:
        completed, error = lazy_device.run_call(_qwen3, lambda m, d: call(m, d, False), level)
        control, control_error = lazy_device.run_call(_qwen3, lambda m, d: call(m, d, True), level)
        notes.append(f"{level}: _execution_device={seen.get('execution')} "
                     + ("completed" if completed else f"stopped: {type(error).__name__}: {str(error)[:60]}")
                     + f"; control text_encoder.device={seen.get('own')} "
                     + ("completed" if control else f"stopped: {type(control_error).__name__}: {str(control_error)[:60]}"))
        if not completed:
            verdict = "confirmed" if lazy_device.is_device_mismatch(error) else "untriggered"
    return verdict, " | ".join(notes) + " [lazy device]"


case("df-pipeline-execution-device-asks-hooks", "diffusers.pipelines.pipeline_utils:DiffusionPipeline", None, None,
     custom=_execution_device_places)


# ------------------------------------------------ issue 22 §3: a child built by AutoModel.from_config(...)

def _colqwen2() -> torch.nn.Module:
    config = cls(TF + "colqwen2.configuration_colqwen2:ColQwen2Config")(vlm_config=dict(
        model_type="qwen2_vl",
        text_config=dict(hidden_size=32, intermediate_size=64, num_hidden_layers=2, num_attention_heads=2,
                         num_key_value_heads=2, vocab_size=99, max_position_embeddings=64,
                         rope_scaling={"type": "mrope", "mrope_section": [2, 3, 3]}),
        vision_config=dict(depth=1, embed_dim=16, hidden_size=32, num_heads=2, in_channels=3, patch_size=2,
                           spatial_merge_size=1, temporal_patch_size=1)), embedding_dim=8)
    return cls(TF + "colqwen2.modeling_colqwen2:ColQwen2ForRetrieval")(config)


# ColQwen2ForRetrieval.forward: self.vlm (AutoModel.from_config) .get_input_embeddings()(input_ids), inside the
# root's own forward: the vlm rides in the root's unmatched group (block), the embedding has its hook (leaf).
case("tf-colqwen2-automodel-child-accessor-in-forward", TF + "colqwen2.modeling_colqwen2:ColQwen2ForRetrieval",
     _colqwen2, lambda m, d: m(input_ids=ids(d), attention_mask=torch.ones(1, 6, device=d)))


# ---------------------------------------------------------------- a decoder built as an argument of PerceiverModel
def _perceiver_learned() -> torch.nn.Module:
    config = cls(TF + "perceiver.configuration_perceiver:PerceiverConfig")(
        num_latents=4, d_latents=16, d_model=8, num_blocks=1, num_self_attends_per_block=1, num_self_attention_heads=1,
        num_cross_attention_heads=1, image_size=4, num_labels=3)
    return cls(TF + "perceiver.modeling_perceiver:PerceiverForImageClassificationLearned")(config).eval()


case("tf-perceiver-classification-decoder-query",
     TF + "perceiver.modeling_perceiver:PerceiverForImageClassificationLearned", _perceiver_learned,
     lambda m, d: m(inputs=torch.randn(1, 3, 4, 4, device=d)))


# -------------------------------------- a part of a model built in __init__ (round e's recall miss, transformers)
def _xcodec() -> torch.nn.Module:
    acoustic = cls(TF + "dac.configuration_dac:DacConfig")(
        encoder_hidden_size=8, downsampling_ratios=[2, 2], decoder_hidden_size=16, n_codebooks=2, codebook_size=16,
        codebook_dim=4, upsampling_ratios=[2, 2], hidden_size=16)
    semantic = cls(TF + "hubert.configuration_hubert:HubertConfig")(
        hidden_size=16, num_hidden_layers=1, num_attention_heads=2, intermediate_size=32, conv_dim=(8, 8),
        conv_stride=(2, 2), conv_kernel=(3, 3), num_conv_pos_embeddings=4, num_conv_pos_embedding_groups=2)
    config = cls(TF + "xcodec.configuration_xcodec:XcodecConfig")(
        acoustic_model_config=acoustic.to_dict(), semantic_model_config=semantic.to_dict(), target_bandwidths=[64.0],
        codebook_size=16, sample_rate=800)
    return cls(TF + "xcodec.modeling_xcodec:XcodecModel")(config).eval()


# XcodecModel.__init__: acoustic_model = AutoModel.from_config(...); self.acoustic_encoder = acoustic_model.encoder:
# encode()/decode() call those parts outside forward(), in the root's unmatched group (block).
case("tf-xcodec-acoustic-encoder-part", TF + "xcodec.modeling_xcodec:XcodecModel", _xcodec,
     lambda m, d: m.encode(torch.randn(1, 1, 320, device=d), bandwidth=64.0), method="encode", sinks=(528,),
     timeout=120)
case("tf-xcodec-acoustic-decoder-part", TF + "xcodec.modeling_xcodec:XcodecModel", _xcodec,
     lambda m, d: m.decode(torch.randint(0, 16, (1, 80, 80), device=d)), method="decode", timeout=120)
