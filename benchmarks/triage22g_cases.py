"""Tiny builds and calls for the issue-22 "g" triage (docs/triage-issue22-g.md), run by benchmarks/triage22g_runtime.sh
through `offload-lint confirm --factory/--call`. Each builds the class the way its repository does, small, and makes the
call its callers make (LlamaGen's samplers decode with `vq_model.decode_code(...)`, its code extraction encodes with
`vq_model.encode(x)`; Janus' generation scripts call `gen_vision_model.decode_code(...)`; VAR's trainer calls
`vae_local.img_to_idxBl(...)` and its demo `var.autoregressive_infer_cfg(...)`; mar's evaluation decodes with
`vae.decode(z)`; Lumina's demos vocode with `BigVGAN(h)(spec)`). The repository root must be on PYTHONPATH (the runtime
script sets it per case)."""

from __future__ import annotations

from types import SimpleNamespace

import torch


# --- LlamaGen: the VQ tokenizer (rows with VQModel.encode/decode) and the GPT's KV cache (KVCache.update) -----------

def llamagen_vq():
    from tokenizer.tokenizer_image.vq_model import ModelArgs, VQModel

    torch.manual_seed(0)
    args = ModelArgs(codebook_size=16, codebook_embed_dim=4, encoder_ch_mult=[1, 2], decoder_ch_mult=[1, 2], z_channels=8)
    return VQModel(args).eval()


def llamagen_vq_encode(module, device=None):
    # extract_codes_c2i.py: `_, _, [_, _, indices] = vq_model.encode(x)`
    return module.encode(torch.randn(1, 3, 16, 16, device=device))


def llamagen_vq_decode_code(module, device=None):
    # sample_c2i.py: `samples = vq_model.decode_code(index_sample, qzshape)`
    codes = torch.randint(0, 16, (1, 64), device=device)
    return module.decode_code(codes, [1, 4, 8, 8])


def llamagen_gpt():
    from autoregressive.models.gpt import ModelArgs, Transformer

    torch.manual_seed(0)
    args = ModelArgs(dim=32, n_layer=2, n_head=2, vocab_size=16, block_size=16, num_classes=10, cls_token_num=1,
                     model_type="c2i", multiple_of=8, token_dropout_p=0.0, resid_dropout_p=0.0, ffn_dropout_p=0.0)
    return Transformer(args).eval()


def llamagen_gpt_generate(module, device=None):
    # sample_c2i.py: `index_sample = generate(gpt_model, c_indices, latent_size ** 2, cfg_scale=..., ...)`; generate()
    # builds the KV caches (setup_caches) under `torch.device(cond.device)` after the model was offloaded
    from autoregressive.models.generate import generate

    cond = torch.tensor([3], device=device)
    return generate(module, cond, 16, cfg_scale=2.0, temperature=1.0, top_k=0, top_p=1.0, sample_logits=True)


# --- Janus: the generation VQ model --------------------------------------------------------------------------------

def _janus_vq_module():
    # janus/__init__.py imports the processors (torchvision, not installed): load the VQ model's file alone
    import importlib.util
    import sys

    name = "janus_vq_model_file"
    if name not in sys.modules:
        path = next(p for p in sys.path if p.endswith("Janus")) + "/janus/models/vq_model.py"
        spec = importlib.util.spec_from_file_location(name, path)
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


def __getattr__(name: str):
    # confirm targets (MODULE:CLASS) for classes loaded from a file path
    if name == "JanusVQModel":
        return _janus_vq_module().VQModel
    if name == "InternVLCPooling":
        return type(internvl_c_pooling())
    if name == "InternVLHFPooling":
        return type(internvl_hf_pooling())
    raise AttributeError(name)


def janus_vq():
    vq = _janus_vq_module()
    ModelArgs, VQModel = vq.ModelArgs, vq.VQModel

    torch.manual_seed(0)
    args = ModelArgs(codebook_size=16, codebook_embed_dim=4, encoder_ch_mult=[1, 2], decoder_ch_mult=[1, 2], z_channels=8)
    return VQModel(args).eval()


def janus_vq_decode_code(module, device=None):
    # generation_inference.py: `mmgpt.gen_vision_model.decode_code(tokens.to(dtype=torch.int), shape=[n, 8, h, w])`
    codes = torch.randint(0, 16, (1, 64), device=device, dtype=torch.int)
    return module.decode_code(codes, shape=[1, 4, 8, 8])


# --- VAR: the multi-scale VQVAE (img_to_idxBl) and VAR's sampler -----------------------------------------------------

def var_vqvae():
    from models.vqvae import VQVAE

    torch.manual_seed(0)
    return VQVAE(vocab_size=16, z_channels=4, ch=32, v_patch_nums=(1, 2, 4), test_mode=True)


def var_img_to_idx(module, device=None):
    # trainer.py: `gt_idx_Bl = self.vae_local.img_to_idxBl(inp_B3HW)`
    return module.img_to_idxBl(torch.randn(1, 3, 64, 64, device=device))


def var_model():
    from models.var import VAR
    from models.vqvae import VQVAE

    torch.manual_seed(0)
    vae = VQVAE(vocab_size=16, z_channels=4, ch=32, v_patch_nums=(1, 2, 4), test_mode=True)
    var = VAR(vae_local=vae, num_classes=10, depth=2, embed_dim=32, num_heads=2, patch_nums=(1, 2, 4),
              flash_if_available=False, fused_if_available=False, drop_path_rate=0.0)
    var.init_weights(init_adaln=0.5, init_adaln_gamma=1e-5, init_head=0.02, init_std=-1)
    return var.eval()


def var_infer(module, device=None):
    # the demo: `var.autoregressive_infer_cfg(B=B, label_B=label_B, cfg=cfg, top_k=900, top_p=0.95, g_seed=seed)`;
    # the VQVAE is held in a tuple (not a child), so it is not offloaded with VAR: put it on the compute device
    module.vae_proxy[0].to(device)
    label_B = torch.tensor([1, 2], device=device)
    return module.autoregressive_infer_cfg(B=2, label_B=label_B, cfg=1.5, top_k=8, top_p=0.95, g_seed=None)


def var_selfattn():
    from models.basic_var import SelfAttention

    torch.manual_seed(0)
    return SelfAttention(block_idx=0, embed_dim=32, num_heads=2, flash_if_available=False).eval()


def var_selfattn_call(module, device=None):
    return module(torch.randn(1, 4, 32, device=device), attn_bias=None)


# --- mar: its KL autoencoder (decode) ---------------------------------------------------------------------------------

def mar_vae():
    from models.vae import AutoencoderKL

    torch.manual_seed(0)
    return AutoencoderKL(embed_dim=4, ch_mult=(1, 2)).eval()


def mar_vae_decode(module, device=None):
    # engine_mar.py: `sampled_images = vae.decode(sampled_tokens / 0.2325)`
    return module.decode(torch.randn(1, 4, 8, 8, device=device))


# --- Lumina's BigVGAN vocoder (OFL204: legacy weight_norm) -----------------------------------------------------------

def bigvgan():
    from models.vocoder.bigvgan.models import BigVGAN

    torch.manual_seed(0)
    h = SimpleNamespace(resblock="1", num_mels=8, upsample_rates=[2, 2], upsample_kernel_sizes=[4, 4],
                        upsample_initial_channel=16, resblock_kernel_sizes=[3], resblock_dilation_sizes=[[1, 3, 5]],
                        activation="snakebeta", snake_logscale=True)
    return BigVGAN(h).eval()


def bigvgan_vocode(module, device=None):
    # VocoderBigVGAN.vocode: `self.generator(spec)` (weight_norm never removed in the tree)
    return module(torch.randn(1, 8, 10, device=device))


# --- InternVL's attention pooling (OFL103: CrossAttention passes q/k/v weights to F.linear) ---------------------------

def _bare_packages(root: str, *names: str) -> None:
    # clip_benchmark/__init__ and clip_benchmark/models/__init__ import every benchmark's model loader (open_clip,
    # japanese_clip, ...), the model packages' __init__ torchvision (not installed): register the packages without
    # running their __init__
    import sys
    import types

    for name in names:
        if name not in sys.modules:
            package = types.ModuleType(name)
            package.__path__ = [root + "/" + name.replace(".", "/")]
            sys.modules[name] = package


def internvl_c_pooling():
    import sys

    _bare_packages(next(p for p in sys.path if p.endswith("clip_benchmark")), "clip_benchmark", "clip_benchmark.models",
                   "clip_benchmark.models.internvl_c_pytorch")
    from clip_benchmark.models.internvl_c_pytorch.internvl_c import AttentionPoolingBlock

    torch.manual_seed(0)
    return AttentionPoolingBlock(dim=32, num_heads=2, qkv_bias=True, qk_scale=None, drop=0.0, attn_drop=0.0,
                                 out_dim=16).eval()


def internvl_hf_pooling():
    import sys

    _bare_packages(next(p for p in sys.path if p.endswith("clip_benchmark")), "clip_benchmark", "clip_benchmark.models",
                   "clip_benchmark.models.internvl_huggingface")
    from clip_benchmark.models.internvl_huggingface.modeling_internvl import AttentionPoolingBlock

    torch.manual_seed(0)
    return AttentionPoolingBlock(dim=32, num_heads=2, qkv_bias=True, qk_scale=None, drop=0.0, attn_drop=0.0,
                                 out_dim=16).eval()


def pooling_call(module, device=None):
    # InternVL_C.encode_image: `image_embeds = self.clip_projector(image_embeds)`
    return module(torch.randn(1, 5, 32, device=device))


# --- mar: MAR's sampler (sample_tokens), with the timm stand-in of benchmarks/triage22g/stubs --------------------------

def mar_model():
    from models.mar import MAR

    torch.manual_seed(0)
    return MAR(img_size=32, vae_stride=16, patch_size=1, encoder_embed_dim=32, encoder_depth=1, encoder_num_heads=2,
               decoder_embed_dim=32, decoder_depth=1, decoder_num_heads=2, vae_embed_dim=4, class_num=10,
               buffer_size=4, diffloss_d=1, diffloss_w=32, num_sampling_steps="4").eval()


def mar_sample(module, device=None):
    # engine_mar.py's evaluate: `model_without_ddp.sample_tokens(bsz=..., num_iter=..., cfg=..., labels=labels_gen, ...)`;
    # mask_by_order(), sample_orders() and sample_tokens() place tensors with .cuda(): CPU-only torch has none, so for
    # this call .cuda() goes to the backend's compute device (what it would be on a GPU machine)
    labels = torch.tensor([1, 2], device=device)
    original = torch.Tensor.cuda
    torch.Tensor.cuda = lambda self, *args, **kwargs: self.to(device if device is not None else "cpu")
    try:
        return module.sample_tokens(bsz=2, num_iter=2, cfg=2.0, labels=labels, temperature=1.0)
    finally:
        torch.Tensor.cuda = original


# --- Emu3's vision tokenizer (no forward; autoencode.py calls encode and decode) ----------------------------------------

def emu3_vq():
    from emu3.tokenizer.configuration_emu3visionvq import Emu3VisionVQConfig
    from emu3.tokenizer.modeling_emu3visionvq import Emu3VisionVQModel

    torch.manual_seed(0)
    config = Emu3VisionVQConfig(codebook_size=16, embed_dim=4, z_channels=4, ch=32, ch_mult=[1, 2], num_res_blocks=1,
                                attn_resolutions=[], temporal_downsample_factor=4)
    return Emu3VisionVQModel(config).eval()


def emu3_vq_roundtrip(module, device=None):
    # autoencode.py: `codes = model.encode(image)`, `recon = model.decode(codes)`
    codes = module.encode(torch.randn(1, 3, 16, 16, device=device))
    return module.decode(codes)


# --- BigVGAN with the second resblock type (the "C" rows: AMPBlock2 is built only for resblock != "1") -----------------

def bigvgan_resblock2():
    from models.vocoder.bigvgan.models import BigVGAN

    torch.manual_seed(0)
    h = SimpleNamespace(resblock="2", num_mels=8, upsample_rates=[2, 2], upsample_kernel_sizes=[4, 4],
                        upsample_initial_channel=16, resblock_kernel_sizes=[3], resblock_dilation_sizes=[[1, 3]],
                        activation="snakebeta", snake_logscale=True)
    return BigVGAN(h).eval()
