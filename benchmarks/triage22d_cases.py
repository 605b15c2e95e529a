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


# --- sampled rows: x-transformers ---------------------------------------------------------------------------------


def hyper_transformer():
    """TransformerWrapper with hyper connections (num_residual_streams > 1), as tests/test_x_transformers.py builds it."""
    from x_transformers import Decoder, TransformerWrapper

    return TransformerWrapper(num_tokens=32, max_seq_len=8, attn_layers=Decoder(
        dim=16, depth=2, heads=2, attn_dim_head=8, num_residual_streams=4)).eval()


def tokens_forward(module, device=None):
    return module(torch.randint(0, 32, (1, 8), device=device))


def nar_wrapper():
    """NonAutoregressiveWrapper(TransformerWrapper(...), mask_id, steps, self_cond=True), as its tests build it."""
    from x_transformers import Encoder, TransformerWrapper
    from x_transformers.nonautoregressive_wrapper import NonAutoregressiveWrapper

    net = TransformerWrapper(num_tokens=33, max_seq_len=8, attn_layers=Encoder(dim=16, depth=1, heads=2,
                                                                             attn_dim_head=8))
    return NonAutoregressiveWrapper(net, mask_id=32, steps=2, self_cond=True).eval()


def nar_generate(module, device=None):
    """The README's sampling call: wrapper.generate() (no inputs: every tensor is made inside)."""
    return module.generate()


# --- sampled rows: denoising-diffusion-pytorch ---------------------------------------------------------------------


def monotonic_linear():
    """MonotonicLinear(1, hidden) as learned_noise_schedule builds it (noise_schedule='learned')."""
    _import_ddpm()
    from denoising_diffusion_pytorch.continuous_time_gaussian_diffusion import MonotonicLinear

    return MonotonicLinear(4, 4)


def features_4(module, device=None):
    return module(torch.randn(2, 4, device=device))


# --- sampled rows: audiocraft --------------------------------------------------------------------------------------


def lut_conditioner():
    """LUTConditioner with the 'noop' tokenizer (the 'whitespace' one needs spacy)."""
    from audiocraft.modules.conditioners import LUTConditioner

    return LUTConditioner(n_bins=16, dim=8, output_dim=8, tokenizer="noop").eval()


def lut_tokenize_then_forward(module, device=None):
    """ConditioningProvider's order: tokenize(batch of descriptions), then the conditioner on the tokenized."""
    return module(module.tokenize(["rock", None]))


def rope_transformer():
    """StreamingTransformer with positional_embedding='rope' (tests/modules/test_rope.py)."""
    from audiocraft.modules.transformer import StreamingTransformer

    return StreamingTransformer(d_model=16, num_heads=2, num_layers=1, dim_feedforward=32,
                                positional_embedding="rope", custom=True).eval()


def rope_attention():
    """StreamingMultiheadAttention(custom=True) with a RotaryEmbedding, as StreamingTransformer hands its rope to
    each layer's self-attention."""
    from audiocraft.modules import transformer
    from audiocraft.modules.rope import RotaryEmbedding
    from audiocraft.modules.transformer import StreamingMultiheadAttention

    transformer._is_profiled = lambda: False  # reads dora's profiler, a stub here
    transformer.ops = type("ops", (), {"unbind": staticmethod(torch.unbind)})  # xformers (a stub here): unbind only

    return StreamingMultiheadAttention(16, 2, custom=True, causal=True, rope=RotaryEmbedding(8)).eval()


def self_attention_16(module, device=None):
    x = torch.randn(1, 6, 16, device=device)
    return module(x, x, x)


def sequence_16(module, device=None):
    return module(torch.randn(1, 6, 16, device=device))


def _single_process_flashy():
    """flashy's distributed helpers read dora's world size (dora is a stub here): make them the one-process no-ops."""
    import contextlib

    import flashy

    flashy.distrib.broadcast_model = lambda *args, **kwargs: None
    flashy.distrib.eager_sync_model = lambda *args, **kwargs: contextlib.nullcontext()


def adversarial_loss():
    """AdversarialLoss around a tiny MultiScaleDiscriminator, as the compression solver builds it."""
    from audiocraft.adversarial.discriminators import MultiScaleDiscriminator
    from audiocraft.adversarial.losses import AdversarialLoss, get_adv_criterion, get_fake_criterion, get_real_criterion

    adversary = MultiScaleDiscriminator(in_channels=1, out_channels=1, scale_norms=["weight_norm"], filters=4,
                                        max_filters=8, downsample_scales=[2], inner_kernel_sizes=None, groups=None,
                                        strides=None, paddings=None)
    optimizer = torch.optim.SGD(adversary.parameters(), lr=0.0)
    _single_process_flashy()
    return AdversarialLoss(adversary, optimizer, loss=get_adv_criterion("hinge"),
                           loss_real=get_real_criterion("hinge"), loss_fake=get_fake_criterion("hinge"))


def adversarial_train_adv(module, device=None):
    """solvers/compression.py: adversary.train_adv(y_pred, y) with the generator's output and the real audio."""
    return module.train_adv(torch.randn(1, 1, 256, device=device), torch.randn(1, 1, 256, device=device))


def vector_quantization():
    """VectorQuantization as ResidualVectorQuantization builds it (codebook_dim left at its default: dim)."""
    from audiocraft.quantization.core_vq import VectorQuantization

    return VectorQuantization(dim=8, codebook_size=16).eval()


def vq_encode(module, device=None):
    return module.encode(torch.randn(1, 8, 5, device=device))


def vq_decode(module, device=None):
    return module.decode(torch.randint(0, 16, (1, 5), device=device))


# --- sampled rows: transformers ------------------------------------------------------------------------------------


def _lm(config_cls, model_cls, **extra):
    config = config_cls(vocab_size=32, hidden_size=16, intermediate_size=32, num_hidden_layers=2,
                        num_attention_heads=2, num_key_value_heads=2, **extra)
    return model_cls(config).eval()


def lfm2_lm():
    from transformers import Lfm2Config, Lfm2ForCausalLM

    return _lm(Lfm2Config, Lfm2ForCausalLM, layer_types=["conv", "full_attention"], conv_L_cache=3)


def lfm2_moe_lm():
    from transformers import Lfm2MoeConfig, Lfm2MoeForCausalLM

    return _lm(Lfm2MoeConfig, Lfm2MoeForCausalLM, layer_types=["conv", "full_attention"], conv_L_cache=3,
               num_experts=2, num_experts_per_tok=1, moe_intermediate_size=16, num_dense_layers=1)


def lm_generate(module, device=None):
    """generate() with the cache: the prompt, then single-token cached decode steps."""
    ids = torch.randint(0, 32, (1, 4), device=device)
    return module.generate(ids, attention_mask=torch.ones_like(ids), max_new_tokens=3, do_sample=False)


def clipseg_model():
    from transformers import CLIPSegConfig, CLIPSegModel

    text = dict(vocab_size=32, hidden_size=16, intermediate_size=32, num_hidden_layers=1, num_attention_heads=2,
                max_position_embeddings=8)
    vision = dict(hidden_size=16, intermediate_size=32, num_hidden_layers=1, num_attention_heads=2, image_size=32,
                  patch_size=8)
    return CLIPSegModel(CLIPSegConfig(text_config=text, vision_config=vision, projection_dim=8)).eval()


def clipseg_image_features_48(module, device=None):
    """get_image_features at a resolution other than the pretraining one, with interpolate_pos_encoding=True."""
    return module.get_image_features(pixel_values=torch.randn(1, 3, 48, 48, device=device),
                                     interpolate_pos_encoding=True)


# --- sampled rows: sam2 --------------------------------------------------------------------------------------------


def sam2_prompt_encoder():
    """PromptEncoder as SAM2Base._build_sam_heads builds it, tiny (embed 16, 4x4 image embedding)."""
    from sam2.modeling.sam.prompt_encoder import PromptEncoder

    return PromptEncoder(embed_dim=16, image_embedding_size=(4, 4), input_image_size=(16, 16),
                         mask_in_chans=4).eval()


def sam2_prompt_then_decoder(module, device=None):
    """SAM2Base._forward_sam_heads: sparse/dense = sam_prompt_encoder(points=..., masks=None), then
    sam_mask_decoder(image_embeddings, image_pe, sparse, dense, ...). The mask decoder (not the target) is built on
    the compute device, as it is while its own hook has onloaded it."""
    from sam2.modeling.sam.mask_decoder import MaskDecoder
    from sam2.modeling.sam.transformer import TwoWayTransformer

    torch.manual_seed(0)
    decoder = MaskDecoder(transformer_dim=16, transformer=TwoWayTransformer(depth=2, embedding_dim=16, num_heads=2,
                                                                            mlp_dim=32),
                          num_multimask_outputs=3, iou_head_depth=1, iou_head_hidden_dim=16,
                          pred_obj_scores=True, use_multimask_token_for_obj_ptr=True).to(device).eval()
    coords = torch.rand(1, 1, 2, device=device) * 16
    labels = torch.ones(1, 1, dtype=torch.int32, device=device)
    sparse, dense = module(points=(coords, labels), boxes=None, masks=None)
    image = torch.randn(1, 16, 4, 4, device=device)
    return decoder(image_embeddings=image, image_pe=module.get_dense_pe(), sparse_prompt_embeddings=sparse,
                   dense_prompt_embeddings=dense, multimask_output=False, repeat_image=False)


# --- sampled rows: Wan2.1 (imports need WANSITE's sitecustomize: torch.cuda.current_device at import time) --------


def wan_vae():
    """WanVAE_ as _video_vae builds it, tiny (dim 8, z_dim 4, two stages)."""
    from wan.modules.vae import WanVAE_

    return WanVAE_(dim=8, z_dim=4, dim_mult=[1, 2], num_res_blocks=1, attn_scales=[],
                   temperal_downsample=[False]).eval()


def wan_vae_encode(module, device=None):
    """WanVAE.encode: self.model.encode(video.unsqueeze(0), self.scale) with the scale (mean, 1/std) on the device."""
    scale = [torch.zeros(4, device=device), torch.ones(4, device=device)]
    return module.encode(torch.randn(1, 3, 1, 16, 16, device=device), scale)


def free_transformer():
    from x_transformers.free_transformer import FreeTransformer

    return FreeTransformer(num_tokens=32, dim=16, dec_head_depth=1, dec_tail_depth=1, max_seq_len=8,
                           attn_dim_head=8, heads=2, latent_bits=3).eval()


def free_generate_cpu_prompt(module, device=None):
    """generate(prompts, seq_len, latents=<code index, not a tensor>): the latents are placed with self.device.
    The prompt is placed the same way (prompts.to(model.device)), as a user of this API does."""
    prompts = torch.randint(0, 32, (1, 3)).to(module.device)
    return module.generate(prompts, 5, latents=3, use_kv_cache=False)


def free_generate_device_prompt(module, device=None):
    """The same with the prompt on the compute device."""
    return module.generate(torch.randint(0, 32, (1, 3), device=device), 5, latents=3, use_kv_cache=False)


def audioflamingo3_encoder():
    from transformers import AudioFlamingo3EncoderConfig
    from transformers.models.audioflamingo3.modeling_audioflamingo3 import AudioFlamingo3Encoder

    config = AudioFlamingo3EncoderConfig(num_mel_bins=8, encoder_layers=1, encoder_attention_heads=2,
                                         encoder_ffn_dim=32, d_model=16, max_source_positions=8)
    return AudioFlamingo3Encoder(config).eval()


def audio_features_16(module, device=None):
    """The model's get_audio_features: the encoder on (batch, mel, frames) with the frames' mask."""
    return module(torch.randn(1, 8, 16, device=device), input_features_mask=torch.ones(1, 16, dtype=torch.long,
                                                                                         device=device))


def qwen3_5_moe_lm():
    from transformers import Qwen3_5MoeTextConfig
    from transformers.models.qwen3_5_moe.modeling_qwen3_5_moe import Qwen3_5MoeForCausalLM

    config = Qwen3_5MoeTextConfig(vocab_size=32, hidden_size=16, num_hidden_layers=2, num_attention_heads=2,
                                  num_key_value_heads=1, head_dim=8, linear_conv_kernel_dim=2, linear_key_head_dim=8,
                                  linear_value_head_dim=8, linear_num_key_heads=2, linear_num_value_heads=2,
                                  moe_intermediate_size=16, shared_expert_intermediate_size=16, num_experts=2,
                                  num_experts_per_tok=1, layer_types=["linear_attention", "full_attention"])
    return Qwen3_5MoeForCausalLM(config).eval()


def sam2_video_predictor():
    """SAM2VideoPredictor as build_sam2_video_predictor builds it from sam2.1_hiera_t.yaml, every size shrunk
    (image 64, Hiera embed 8 with one block a stage, d_model 32, memory dim 16, one memory-attention layer)."""
    from sam2.modeling.backbones.hieradet import Hiera
    from sam2.modeling.backbones.image_encoder import FpnNeck, ImageEncoder
    from sam2.modeling.memory_attention import MemoryAttention, MemoryAttentionLayer
    from sam2.modeling.memory_encoder import CXBlock, Fuser, MaskDownSampler, MemoryEncoder
    from sam2.modeling.position_encoding import PositionEmbeddingSine
    from sam2.modeling.sam.transformer import RoPEAttention
    from sam2.sam2_video_predictor import SAM2VideoPredictor

    torch.manual_seed(0)
    d, mem = 32, 16
    trunk = Hiera(embed_dim=8, num_heads=1, stages=(1, 1, 1, 1), global_att_blocks=(), window_spec=(2, 2, 2, 2),
                  window_pos_embed_bkg_spatial_size=(2, 2))
    neck = FpnNeck(position_encoding=PositionEmbeddingSine(num_pos_feats=d, normalize=True), d_model=d,
                   backbone_channel_list=[64, 32, 16, 8], fpn_top_down_levels=[2, 3], fpn_interp_model="nearest")
    image_encoder = ImageEncoder(trunk=trunk, neck=neck, scalp=1)
    rope = dict(rope_theta=10000.0, feat_sizes=[4, 4], embedding_dim=d, num_heads=1, downsample_rate=1, dropout=0.0)
    layer = MemoryAttentionLayer(activation="relu", dim_feedforward=64, dropout=0.0, pos_enc_at_attn=False,
                                 self_attention=RoPEAttention(**rope), d_model=d, pos_enc_at_cross_attn_keys=True,
                                 pos_enc_at_cross_attn_queries=False,
                                 cross_attention=RoPEAttention(**rope, rope_k_repeat=True, kv_in_dim=mem))
    memory_attention = MemoryAttention(d_model=d, pos_enc_at_input=True, layer=layer, num_layers=1)
    memory_encoder = MemoryEncoder(out_dim=mem, position_encoding=PositionEmbeddingSine(num_pos_feats=mem,
                                                                                        normalize=True),
                                   mask_downsampler=MaskDownSampler(embed_dim=d, kernel_size=3, stride=2, padding=1),
                                   fuser=Fuser(CXBlock(dim=d, kernel_size=7, padding=3, layer_scale_init_value=1e-6,
                                                       use_dwconv=True), num_layers=1), in_dim=d)
    return SAM2VideoPredictor(
        image_encoder=image_encoder, memory_attention=memory_attention, memory_encoder=memory_encoder,
        num_maskmem=7, image_size=64, sigmoid_scale_for_mem_enc=20.0, sigmoid_bias_for_mem_enc=-10.0,
        use_mask_input_as_output_without_sam=True, directly_add_no_mem_embed=True, no_obj_embed_spatial=True,
        use_high_res_features_in_sam=True, multimask_output_in_sam=True, iou_prediction_use_sigmoid=True,
        use_obj_ptrs_in_encoder=True, add_tpos_enc_to_obj_ptrs=True, proj_tpos_enc_in_obj_ptrs=True,
        use_signed_tpos_enc_to_obj_ptrs=True, only_obj_ptrs_in_the_past_for_eval=True, pred_obj_scores=True,
        pred_obj_scores_mlp=True, fixed_no_obj_ptr=True, multimask_output_for_tracking=True,
        use_multimask_token_for_obj_ptr=True, multimask_min_pt_num=0, multimask_max_pt_num=1,
        use_mlp_for_obj_ptr_proj=True, compile_image_encoder=False).eval()


def sam2_track_video(module, device=None):
    """The README's video use: init_state(<JPEG folder>), add_new_points_or_box on frame 0, propagate_in_video."""
    import tempfile

    import numpy as np
    from PIL import Image

    folder = tempfile.mkdtemp(prefix="t22d_frames_")
    for index in range(3):
        Image.fromarray((np.random.rand(64, 64, 3) * 255).astype("uint8")).save(f"{folder}/{index:05d}.jpg")
    with torch.inference_mode():
        state = module.init_state(video_path=folder)
        module.add_new_points_or_box(state, frame_idx=0, obj_id=1, points=np.array([[32, 32]], dtype=np.float32),
                                     labels=np.array([1], np.int32))
        return [masks for _, _, masks in module.propagate_in_video(state)]
