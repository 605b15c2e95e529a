"""Tiny builds and calls for the issue-22 "l" triage (docs/triage-issue22-l.md), run by benchmarks/triage22l_runtime.sh
through `offload-lint confirm --factory/--call`. Each builds the class the way its repository does, small, and makes the
call its callers make (vall-e's infer.py calls `model.inference(...)` under no_grad after `model.eval()`; SadTalker's
OcclusionAwareSPADEGenerator calls `self.decoder(out)`; IP-Adapter's IPAdapterPlus calls
`self.image_proj_model(clip_image_embeds)`; AniPortrait's audio2vid.py calls `a2m_model.infer(...)`). The repository
root must be on PYTHONPATH (the runtime script sets it per case), with the stand-ins of benchmarks/triage22l/stubs
(icefall.utils.make_pad_mask as icefall defines it; torchmetrics, matplotlib for imports only)."""

from __future__ import annotations

import torch

from benchmarks.triage_harness import bare_packages



def _valle_imports():
    import sys
    import types

    bare_packages("valle", "valle.models", "valle.data")
    if "valle.data.input_strategies" not in sys.modules:
        # lhotse-based; the models only test isinstance(y, PromptedFeatures) in training forward
        stub = types.ModuleType("valle.data.input_strategies")

        class PromptedFeatures:  # noqa: D401 - stand-in
            pass

        stub.PromptedFeatures = PromptedFeatures
        sys.modules["valle.data.input_strategies"] = stub


# --- vall-e: VALLE / VALLF / Transformer `inference` as valle/bin/infer.py calls it (get_model's three model names).
# Block: the roots' direct children (embeddings, positions, decoders, predict layers) are in the unmatched group;
# leaf: the MultiheadAttention copy hands out_proj.weight to F.multi_head_attention_forward / the fast path ------------

def _valle_build(cls_name):
    _valle_imports()
    from valle.models.valle import VALLE, VALLF

    torch.manual_seed(0)
    cls = {"VALLE": VALLE, "VALLF": VALLF}[cls_name]
    # get_model's arguments (decoder_dim, nhead, num_decoder_layers, norm_first True, add_prenet False, prefix_mode 0,
    # share_embedding True, scale_factor 1.0, prepend_bos False, num_quantizers 8), small
    return cls(32, 4, 1, norm_first=True, add_prenet=False, prefix_mode=0, share_embedding=True,
               nar_scale_factor=1.0, prepend_bos=False, num_quantizers=8).eval()


def valle_valle():
    return _valle_build("VALLE")


def valle_vallf():
    return _valle_build("VALLF")


def valle_transformer():
    _valle_imports()
    from valle.models.transformer import Transformer

    torch.manual_seed(0)
    return Transformer(32, 4, 1, norm_first=True, add_prenet=False, scaling_xformers=False).eval()


def valle_inference(module, device=None):
    # infer.py: text tokens and lengths moved to the device, audio prompt codes (1, T, 8) on the device
    torch.manual_seed(0)
    x = torch.randint(1, 50, (1, 6), device=device)
    x_lens = torch.tensor([6], device=device)
    y = torch.randint(0, 1000, (1, 4, 8), device=device)
    with torch.no_grad():
        return module.inference(x, x_lens, y, enroll_x_lens=torch.tensor([3], device=device), top_k=-100,
                                temperature=1.0)


def valle_transformer_inference(module, device=None):
    torch.manual_seed(0)
    x = torch.randint(1, 50, (1, 2), device=device)
    x_lens = torch.tensor([2], device=device)
    with torch.no_grad():
        return module.inference(x, x_lens)


# --- SadTalker: the facerender SPADEDecoder (generator.py; norm_G 'spadespectralinstance' fixed in its __init__), its
# SPADEResnetBlocks' convs wrapped in the legacy torch.nn.utils.spectral_norm; up_0/up_1 change channels (conv_s) ------

def sadtalker_spade():
    bare_packages("src", "src.facerender", "src.facerender.modules")
    from src.facerender.modules.generator import SPADEDecoder

    torch.manual_seed(0)
    return SPADEDecoder().eval()  # no size arguments: ic 256, oc 64 as built


def sadtalker_spade_call(module, device=None):
    # OcclusionAwareSPADEGenerator.forward: `out = self.decoder(out)` on a (N, 256, 64, 64) feature (4x4 here)
    with torch.no_grad():
        return module(torch.randn(1, 256, 4, 4, device=device))


# --- IP-Adapter: Resampler (IPAdapterPlus's image_proj_model), self.layers a ModuleList of [attn, ff] pairs ---------

def ipadapter_resampler():
    bare_packages("ip_adapter")
    from ip_adapter.resampler import Resampler

    torch.manual_seed(0)
    # IPAdapterPlus.init_proj: dim=cross_attention_dim, depth=4, dim_head=64, heads=12, num_queries=num_tokens,
    # embedding_dim=image_encoder hidden size, output_dim=cross_attention_dim, ff_mult=4 (small here)
    return Resampler(dim=32, depth=2, dim_head=8, heads=4, num_queries=4, embedding_dim=16, output_dim=32,
                     ff_mult=2).eval()


def ipadapter_resampler_call(module, device=None):
    # IPAdapterPlus.get_image_embeds: `image_prompt_embeds = self.image_proj_model(clip_image_embeds)`
    with torch.no_grad():
        return module(torch.randn(1, 5, 16, device=device))


# --- AniPortrait: Audio2MeshModel.infer (scripts/audio2vid.py:162), its wav2vec2 encoder and in_fn/out_fn Linears ---

def aniportrait_a2m():
    import tempfile

    from transformers import Wav2Vec2Config

    bare_packages("src", "src.audio_models")
    from src.audio_models.model import Audio2MeshModel

    path = tempfile.mkdtemp(prefix="a2m_w2v_")
    Wav2Vec2Config(hidden_size=16, num_hidden_layers=1, num_attention_heads=2, intermediate_size=32,
                   conv_dim=(8, 8), conv_stride=(5, 2), conv_kernel=(10, 3), num_conv_pos_embeddings=4,
                   num_conv_pos_embedding_groups=2).save_pretrained(path)
    torch.manual_seed(0)
    # configs/inference/audio_infer_config's a2m_model keys; from_pretrained False (no checkpoint here)
    model = Audio2MeshModel({"out_dim": 12, "latent_dim": 16, "model_path": path, "only_last_fetures": True,
                             "from_pretrained": False}).eval()
    # AniPortrait's forward sets config.output_attentions = True, which transformers 5 refuses under sdpa (the
    # transformers of its time had eager attention only): eager, as then
    model.audio_encoder.config._attn_implementation = "eager"
    return model


def aniportrait_a2m_call(module, device=None):
    # audio2vid.py: `pred = a2m_model.infer(sample['audio_feature'], sample['seq_len'])`, the feature on the device
    with torch.no_grad():
        return module.infer(torch.randn(1, 400, device=device), 5)


# --- MambaVision: MambaVisionMixer.forward as Block builds it (d_state 8, d_conv 3, expand 1); F.conv1d on
# conv1d_x/conv1d_z's weights (never called), dt_proj.bias read after dt_proj's own call; selective_scan_fn is the
# stand-in's reference recurrence (mamba_ssm's CUDA kernel is absent) ------------------------------------------------

def mambavision_mixer():
    bare_packages("mambavision", "mambavision.models")
    from mambavision.models.mamba_vision import MambaVisionMixer

    torch.manual_seed(0)
    return MambaVisionMixer(d_model=16, d_state=8, d_conv=3, expand=1).eval()


def mambavision_mixer_call(module, device=None):
    # Block.forward: `x = x + self.drop_path(self.gamma_1 * self.mixer(self.norm1(x)))`, x of shape (B, L, C)
    with torch.no_grad():
        return module(torch.randn(1, 6, 16, device=device))


# --- SadTalker: Audio2Pose.test (Audio2Coeff.generate's `self.audio2pose_model.test(batch)`), which runs
# `self.audio_encoder(...)` and `self.netG.test(batch)` -> CVAE's `self.decoder(batch)` outside Audio2Pose.forward ----

def _ns(value):
    import types

    if isinstance(value, dict):
        return types.SimpleNamespace(**{k: _ns(v) for k, v in value.items()})
    return value


def sadtalker_audio2pose():
    import os

    import yaml

    bare_packages("src", "src.audio2pose_models")
    from src.audio2pose_models.audio2pose import Audio2Pose

    root = next(p for p in __import__("sys").path if p and os.path.isfile(os.path.join(p, "src/config/auido2pose.yaml")))
    cfg = _ns(yaml.safe_load(open(os.path.join(root, "src/config/auido2pose.yaml"))))  # the yacs config, as a namespace
    torch.manual_seed(0)
    # test_audio2coeff.py:37: `Audio2Pose(cfg_pose, None, device=device)`
    return Audio2Pose(cfg, None, device="cpu").eval()


def sadtalker_audio2pose_call(module, device=None):
    # generate_batch.py / Audio2Coeff.generate: ref coeffs (bs, T, 70), class id, indiv_mels (bs, T, 1, 80, 16)
    frames = module.seq_len + 1
    x = {"ref": torch.randn(1, frames, 70, device=device), "class": torch.zeros(1, dtype=torch.long, device=device),
         "indiv_mels": torch.randn(1, frames, 1, 80, 16, device=device), "num_frames": frames}
    with torch.no_grad():
        return module.test(x)


def __getattr__(name):
    # class names for `offload-lint confirm MODULE:Class` whose packages are registered bare here
    if name in ("VALLE", "VALLF"):
        _valle_imports()
        import valle.models.valle as m

        return getattr(m, name)
    if name == "ValleTransformer":
        _valle_imports()
        from valle.models.transformer import Transformer

        return Transformer
    if name == "SadTalkerSPADEDecoder":
        bare_packages("src", "src.facerender", "src.facerender.modules")
        from src.facerender.modules.generator import SPADEDecoder

        return SPADEDecoder
    if name == "IPAdapterResampler":
        bare_packages("ip_adapter")
        from ip_adapter.resampler import Resampler

        return Resampler
    if name == "AniPortraitAudio2Mesh":
        bare_packages("src", "src.audio_models")
        from src.audio_models.model import Audio2MeshModel

        return Audio2MeshModel
    if name == "MambaVisionMixer":
        bare_packages("mambavision", "mambavision.models")
        from mambavision.models.mamba_vision import MambaVisionMixer

        return MambaVisionMixer
    if name == "SadTalkerAudio2Pose":
        bare_packages("src", "src.audio2pose_models")
        from src.audio2pose_models.audio2pose import Audio2Pose

        return Audio2Pose
    raise AttributeError(name)
