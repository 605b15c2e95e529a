"""Factories and calls for the issue-22 "e" triage (docs/triage-issue22-e.md): sampled rows the default confirmer
cannot build or trigger.

Used as ``offload-lint confirm TARGET METHOD --factory benchmarks.triage22e_cases:NAME --call ...`` (see
``benchmarks/triage22e_runtime.sh``, which puts the corpora on PYTHONPATH). Each factory builds the class tiny, the
way its library builds it; each call makes the call a real caller makes.
"""

from __future__ import annotations

import torch


# --- HunyuanDiT: the text-embedding pooler and the kohya MT5Embedder --------------------------------------------


def attention_pool():
    """hydit.modules.poolers.AttentionPool as HunYuanDiT builds its text pooler (spacial_dim = text length)."""
    from hydit.modules.poolers import AttentionPool

    return AttentionPool(4, 8, num_heads=2, output_dim=8).eval()


def pool_text_states(module, device=None):
    """HunYuanDiT.forward: extra_vec = self.pooler(encoder_hidden_states_t5) on (N, L, C) text states."""
    return module(torch.randn(2, 4, 8, device=device))


class _FakeTokenizer:
    """Stands for the mT5 sentencepiece tokenizer (not installed here): fixed-length ids and mask, as
    ``padding="max_length", return_tensors="pt"`` gives them."""

    def __call__(self, texts, max_length=8, **kwargs):
        batch = 1 if isinstance(texts, str) else len(texts)
        ids = torch.randint(1, 30, (batch, max_length))
        mask = torch.ones(batch, max_length, dtype=torch.long)
        mask[:, max_length // 2:] = 0
        return {"input_ids": ids, "attention_mask": mask}


def mt5_embedder():
    """library.hunyuan_models.MT5Embedder with a tiny MT5EncoderModel in place of from_pretrained's, and the
    ``device`` buffer its __init__ registers (the checkpoint loading is the only part skipped)."""
    from transformers import MT5Config, MT5EncoderModel

    from library.hunyuan_models import MT5Embedder

    embedder = MT5Embedder.__new__(MT5Embedder)
    torch.nn.Module.__init__(embedder)
    embedder.torch_dtype = torch.float32
    embedder.max_length = 8
    embedder.tokenizer = _FakeTokenizer()
    embedder.model = MT5EncoderModel(MT5Config(vocab_size=32, d_model=8, d_kv=4, d_ff=16, num_layers=1,
                                                num_heads=2, relative_attention_num_buckets=4)).eval()
    embedder.register_buffer("device", torch.tensor(0.0), persistent=False)
    return embedder


def mt5_get_cond(module, device=None):
    """hunyuan_utils.get_cond: mt5_embedder.get_text_embeddings(prompt), then the mask moved to the device."""
    states, mask = module.get_text_embeddings("a prompt")
    return states, mask.long().to(device)


# --- chameleon: the VQGAN image tokenizer -----------------------------------------------------------------------


def vq_quantizer():
    from chameleon.inference.vqgan import VectorQuantizer2

    return VectorQuantizer2(16, 8, beta=0.25).eval()


def quantize_latents(module, device=None):
    """VQModel.encode: quant, emb_loss, info = self.quantize(h) on (B, C, H, W) latents."""
    return module(torch.randn(1, 8, 2, 2, device=device))


def chameleon_vqgan():
    """chameleon.inference.vqgan.VQModel, small ddconfig of the checkpoint's shape (ch=32: its GroupNorm has 32 groups; no attention resolutions)."""
    from chameleon.inference.vqgan import VQModel

    ddconfig = dict(double_z=False, z_channels=8, resolution=8, in_channels=3, out_ch=3, ch=32, ch_mult=[1, 1],
                    num_res_blocks=1, attn_resolutions=[], dropout=0.0)
    return VQModel(ddconfig, n_embed=16, embed_dim=8).eval()


def pil_from_img_toks(module, device=None):
    """ImageTokenizer.pil_from_img_toks with the model's generated image tokens (on the compute device): the
    codebook entry, then decode (the method's two lines 120 and 123)."""
    tokens = torch.randint(0, 16, (4,), device=device)
    emb_dim = module.quantize.embedding.weight.shape[-1]
    entry = module.quantize.get_codebook_entry(tokens, (1, 2, 2, emb_dim))
    return module.decode(entry)


# --- stable-audio-tools ---------------------------------------------------------------------------------------


def dithered_fsq():
    """DitheredFSQ as DitheredFSQBottleneck builds its quantizer."""
    from stable_audio_tools.models.fsq import DitheredFSQ

    return DitheredFSQ(levels=[4, 4]).eval()


def fsq_indices_to_codes(module, device=None):
    """DitheredFSQBottleneck.decode_tokens: latents = self.quantizer.indices_to_codes(tokens), tokens from the LM."""
    return module.indices_to_codes(torch.randint(0, 16, (1, 6, 1), device=device))


def pqmf():
    from stable_audio_tools.models.pqmf import PQMF

    return PQMF(100, 4).eval()


def pqmf_inverse(module, device=None):
    """PQMFPretransform.decode: self.pqmf.inverse(x) on (B, C, bands, T) latents."""
    return module.inverse(torch.randn(1, 1, 4, 16, device=device))


def number_embedder():
    from stable_audio_tools.models.adp import NumberEmbedder

    return NumberEmbedder(features=8, dim=8).eval()


def number_embed_list(module, device=None):
    """The forward's list branch (a caller passing plain floats): the only path that reads the device."""
    return module([0.25, 0.5])


def number_embed_tensor(module, device=None):
    """NumberConditioner's call: the normalized floats as a tensor already on the device."""
    return module(torch.tensor([0.25, 0.5], device=device))


# --- LLaVA: the CLIP vision tower and LlavaLlamaForCausalLM -------------------------------------------------------


def _tiny_clip_tower():
    """llava's CLIPVisionTower around a tiny CLIPVisionModel (load_model's from_pretrained is the part skipped)."""
    from transformers import CLIPVisionConfig, CLIPVisionModel

    from llava.model.multimodal_encoder.clip_encoder import CLIPVisionTower

    tower = CLIPVisionTower.__new__(CLIPVisionTower)
    torch.nn.Module.__init__(tower)
    tower.is_loaded = True
    tower.vision_tower_name = "tiny-clip"
    tower.select_layer = -2
    tower.select_feature = "patch"
    tower.vision_tower = CLIPVisionModel(CLIPVisionConfig(hidden_size=8, intermediate_size=16, num_hidden_layers=2,
                                                          num_attention_heads=2, image_size=8, patch_size=4))
    tower.vision_tower.requires_grad_(False)
    return tower.eval()


def clip_tower():
    return _tiny_clip_tower()


def tower_images(module, device=None):
    """LlavaMetaForCausalLM.encode_images: self.get_model().get_vision_tower()(images)."""
    return module(torch.randn(1, 3, 8, 8, device=device))


def llava_llama():
    """LlavaLlamaForCausalLM from a tiny LlamaConfig, with the vision tower and a linear projector attached as
    LlavaMetaModel.initialize_vision_modules attaches them (mm_projector_type 'linear')."""
    from llava.model.language_model.llava_llama import LlavaConfig, LlavaLlamaForCausalLM

    config = LlavaConfig(vocab_size=32, hidden_size=8, intermediate_size=16, num_hidden_layers=1,
                         num_attention_heads=2, num_key_value_heads=2, max_position_embeddings=64)
    model = LlavaLlamaForCausalLM(config)
    inner = model.get_model()
    inner.vision_tower = _tiny_clip_tower()
    inner.mm_projector = torch.nn.Linear(8, 8)
    model.config.mm_vision_select_layer = -2
    return model.eval()


def llava_forward_with_image(module, device=None):
    """A LLaVA training/eval forward: one image token among text ids, the image on the device."""
    ids = torch.tensor([[1, 5, -200, 7, 9]], device=device)
    return module(input_ids=ids, images=torch.randn(1, 3, 8, 8, device=device))


def llava_generate_text(module, device=None):
    """llava_llama.generate without images (a text turn): inputs_embeds = self.get_model().embed_tokens(inputs)."""
    return module.generate(torch.tensor([[1, 5, 7]], device=device), max_new_tokens=2, do_sample=False)


# --- imagen-pytorch: Imagen and ElucidatedImagen sampling ---------------------------------------------------------


def _import_imagen():
    """Import imagen_pytorch's modules with torchvision and kornia stubbed for that import only (the sampling code
    uses neither; a torchvision stub seen by transformers breaks its imports, so transformers and diffusers are
    loaded first). The package __init__ (trainer, data) is skipped through a directory of symlinks (IMGSHIM)."""
    import sys
    import types

    import diffusers.hooks.group_offloading  # noqa: F401
    import transformers  # noqa: F401

    added = []
    for name in ("torchvision", "torchvision.transforms", "kornia", "kornia.augmentation"):
        if name not in sys.modules:
            stub = types.ModuleType(name)
            stub.__path__ = []
            sys.modules[name] = stub
            added.append(name)
    sys.modules["torchvision"].transforms = sys.modules["torchvision.transforms"]
    sys.modules["kornia"].augmentation = sys.modules["kornia.augmentation"]
    try:
        # Unet's default `text_embed_dim = get_encoded_dim(DEFAULT_T5_NAME)` is evaluated at import and would fetch
        # the T5 config from the hub: give the module's cache a tiny config first (unconditional models use no T5).
        import imagen_pytorch.t5 as t5
        from transformers import T5Config

        t5.T5_CONFIGS.setdefault(t5.DEFAULT_T5_NAME, dict(config=T5Config(d_model=8)))
        import imagen_pytorch.elucidated_imagen  # noqa: F401
        import imagen_pytorch.imagen_pytorch  # noqa: F401
    finally:
        for name in added:
            del sys.modules[name]


def _tiny_unet(lowres_cond: bool = False):
    from imagen_pytorch.imagen_pytorch import Unet

    return Unet(dim=8, dim_mults=(1, 2), channels=3, num_resnet_blocks=1, layer_attns=False, layer_cross_attns=False,
                attn_heads=2, attn_dim_head=8, cond_on_text=False, memory_efficient=False, lowres_cond=lowres_cond)


def imagen():
    """Imagen(unets=(Unet(...),), image_sizes=(8,)) unconditional, as the README's unconditional example builds it."""
    _import_imagen()
    from imagen_pytorch.imagen_pytorch import Imagen

    return Imagen(unets=(_tiny_unet(),), image_sizes=(8,), timesteps=2, condition_on_text=False,
                  text_embed_dim=8).eval()


def imagen_cascade():
    """A two-stage cascade (base unet, then a super-resolution unet with lowres_cond), the README's layout."""
    _import_imagen()
    from imagen_pytorch.imagen_pytorch import Imagen

    return Imagen(unets=(_tiny_unet(), _tiny_unet(lowres_cond=True)), image_sizes=(8, 16), timesteps=2,
                  condition_on_text=False, text_embed_dim=8).eval()


def elucidated_cascade():
    _import_imagen()
    from imagen_pytorch.elucidated_imagen import ElucidatedImagen

    return ElucidatedImagen(unets=(_tiny_unet(), _tiny_unet(lowres_cond=True)), image_sizes=(8, 16),
                            num_sample_steps=2, condition_on_text=False, text_embed_dim=8).eval()


def elucidated_imagen():
    _import_imagen()
    from imagen_pytorch.elucidated_imagen import ElucidatedImagen

    return ElucidatedImagen(unets=(_tiny_unet(),), image_sizes=(8,), num_sample_steps=2, condition_on_text=False,
                            text_embed_dim=8).eval()


def imagen_sample(module, device=None):
    """The README's sampling call for an unconditional Imagen: imagen.sample(batch_size=...)."""
    return module.sample(batch_size=1, use_tqdm=False)


class _Inert:
    """Accepts any construction arguments; stands for a torchvision transform nothing checked calls."""

    def __init__(self, *args, **kwargs) -> None:
        pass


def _import_img_clip_emb():
    """Import hydit.utils.img_clip_emb with torchvision.transforms stubbed for that import only (its image transforms
    are unused by the modules checked; transformers is loaded first, see :func:`_import_imagen`)."""
    import sys
    import types

    import diffusers.hooks.group_offloading  # noqa: F401
    import transformers  # noqa: F401

    added = []
    for name in ("torchvision", "torchvision.transforms"):
        if name not in sys.modules:
            stub = types.ModuleType(name)
            stub.__path__ = []
            for attr in ("Compose", "ToTensor", "Normalize", "Resize"):
                setattr(stub, attr, _Inert)  # the module builds `image_preprocess` at import
            stub.InterpolationMode = types.SimpleNamespace(BICUBIC="bicubic", BILINEAR="bilinear")
            sys.modules[name] = stub
            added.append(name)
    try:
        import hydit.utils.img_clip_emb as module
    finally:
        for name in added:
            del sys.modules[name]
    return module


def attention_pool_2d():
    """CLIP's AttentionPool2d as ModifiedResNet builds it (spacial_dim = input_resolution // 32)."""
    return _import_img_clip_emb().AttentionPool2d(2, 8, 2, 8).eval()


def pool_feature_map(module, device=None):
    """ModifiedResNet.forward: x = self.attnpool(x) on the last stage's (N, C, H, W) features."""
    return module(torch.randn(1, 8, 2, 2, device=device))


def residual_attention_block():
    return _import_img_clip_emb().ResidualAttentionBlock(8, 2).eval()


def block_tokens(module, device=None):
    """Transformer.forward: the CLIP ViT's resblocks on (L, N, D) tokens."""
    return module(torch.randn(3, 1, 8, device=device))


def _targets(name: str):
    """``benchmarks.triage22e_cases:Imagen`` / ``:ElucidatedImagen`` / ``:AttentionPool2d`` / ``:ResidualAttentionBlock``
    as confirm targets: those modules cannot be imported by name before the stubs of :func:`_import_imagen` /
    :func:`_import_img_clip_emb` are in place."""
    if name in ("AttentionPool2d", "ResidualAttentionBlock"):
        return getattr(_import_img_clip_emb(), name)
    if name == "Imagen":
        _import_imagen()
        from imagen_pytorch.imagen_pytorch import Imagen

        return Imagen
    if name == "ElucidatedImagen":
        _import_imagen()
        from imagen_pytorch.elucidated_imagen import ElucidatedImagen

        return ElucidatedImagen
    raise AttributeError(name)


# --- LTX-Video: the causal video VAE ------------------------------------------------------------------------------


def ltx_vae():
    """CausalVideoAutoencoder.from_config with a small config (one res block; 32 base channels for its GroupNorm)."""
    from ltx_video.models.autoencoders.causal_video_autoencoder import CausalVideoAutoencoder

    return CausalVideoAutoencoder.from_config(dict(_class_name="CausalVideoAutoencoder", dims=3, latent_channels=4,
                                                   blocks=[["res_x", 1]], encoder_base_channels=32,
                                                   decoder_base_channels=32, patch_size=1)).eval()


def ltx_vae_decode(module, device=None):
    """pipeline_ltx_video's vae_decode: vae.decode(latents, target_shape=...) (z-tiling off, the default)."""
    latents = torch.randn(1, 4, 2, 4, 4, device=device)
    return module.decode(latents, return_dict=False, target_shape=(1, 3, 2, 4, 4))


def ltx_vae_decode_hw_tiled(module, device=None):
    """The same after the public switch vae.enable_hw_tiling() (tiles smaller than the latents)."""
    module.enable_hw_tiling()
    module.tile_sample_min_size = 4
    module.tile_latent_min_size = 2
    latents = torch.randn(1, 4, 2, 4, 4, device=device)
    return module.decode(latents, return_dict=False, target_shape=(1, 3, 2, 4, 4))


def ltx_vae_encode_hw_tiled(module, device=None):
    """vae.encode(video) after vae.enable_hw_tiling() (the image-to-video conditioning encodes frames this way)."""
    module.enable_hw_tiling()
    module.tile_sample_min_size = 4
    module.tile_latent_min_size = 4
    return module.encode(torch.randn(1, 3, 1, 8, 8, device=device))


# --- kohya sd-scripts (HunyuanDiT's vendored copy): LoRA modules -------------------------------------------------


def _import_kohya_lora():
    """Import networks.lora. The vendored directory holds only the files HunyuanDiT changed; the two upstream modules
    it imports and does not ship (`library.utils`, `library.sdxl_original_unet`) are stood in for (neither is used by
    the LoRA modules checked)."""
    import sys
    import types

    for name, attrs in (("library.utils", {"setup_logging": lambda *a, **k: None}),
                        ("library.sdxl_original_unet", {"SdxlUNet2DConditionModel": type("SdxlUNet2DConditionModel",
                                                                                         (torch.nn.Module,), {})})):
        if name not in sys.modules:
            module = types.ModuleType(name)
            module.__dict__.update(attrs)
            sys.modules[name] = module
    import networks.lora as lora

    return lora


def org_linear_root():
    """A model holding the Linear a LoRA is applied to (the U-Net/DiT side); offloaded before the LoRA is applied."""
    return torch.nn.Sequential(torch.nn.Linear(8, 8)).eval()


def lora_apply_then_forward(module, device=None):
    """LoRANetwork.apply_to after the model was offloaded: each LoRAModule.apply_to() saves the (hooked) forward of
    its Linear and replaces it; then the model runs."""
    lora = _import_kohya_lora().LoRAModule("lora_unet_0", module[0], lora_dim=2, alpha=1).to(device)
    lora.apply_to()
    return module(torch.randn(1, 8, device=device))


def lora_inf_module():
    lora = _import_kohya_lora().LoRAInfModule("lora_unet_0", torch.nn.Linear(8, 8), lora_dim=2, alpha=1)
    lora.apply_to()  # LoRANetwork.apply_to: the original module is no longer a child of the LoRA module
    return lora.eval()


def lora_pre_calculation(module, device=None):
    """LoRANetwork.pre_calculation for one module: the original weight (on the compute device) plus get_weight()."""
    org_weight = torch.randn(8, 8, device=device)
    lora_weight = module.get_weight().to(org_weight.device, dtype=org_weight.dtype)
    return org_weight + lora_weight


def __getattr__(name: str):
    """Confirm targets that need their stubs first (see :func:`_targets`), and the kohya LoRA classes."""
    if name in ("LoRAModule", "LoRAInfModule"):
        return getattr(_import_kohya_lora(), name)
    return _targets(name)


# --- stable-audio-tools: the Oobleck encoder and the perceptual-weighting FIR filter -----------------------------


def oobleck_encoder():
    """OobleckEncoder (the default stable-audio VAE's encoder), small: its convs are WNConv1d (legacy weight_norm)."""
    from stable_audio_tools.models.autoencoders import OobleckEncoder

    return OobleckEncoder(in_channels=1, channels=8, latent_dim=4, c_mults=[1, 2], strides=[2, 2]).eval()


def encode_audio(module, device=None):
    """AudioAutoencoder.encode: self.encoder(audio) on (B, C, T) audio."""
    return module(torch.randn(1, 1, 64, device=device))


def fir_filter():
    """FIRFilter as MultiResolutionSTFTLoss builds it with perceptual_weighting (the training configs set it)."""
    from stable_audio_tools.training.losses.auraloss import FIRFilter

    return FIRFilter(filter_type="aw", fs=44100).eval()


def fir_filter_pair(module, device=None):
    """STFTLoss.forward: input, target = self.prefilter(input, target) on (B, 1, T) audio."""
    return module(torch.randn(1, 1, 256, device=device), torch.randn(1, 1, 256, device=device))
