"""Factories and calls for the issue-22 "c" triage rows the default confirmer cannot build or trigger.

Used as ``offload-lint confirm TARGET METHOD --factory benchmarks.triage22c_cases:NAME [--call ...]`` (see
``benchmarks/triage22c_runtime.sh``). Each factory builds the sampled class tiny, the way its library builds it;
each call makes the call a real caller makes (the caller's arguments and order), not a synthetic one. The corpora
must be importable: ``benchmarks/triage22c_runtime.sh`` puts them on PYTHONPATH with the stubs it names.
"""

from __future__ import annotations

import torch


# --- open_clip ------------------------------------------------------------------------------------------------

_VISION = dict(layers=2, width=32, head_width=16, patch_size=8, image_size=32)
_TEXT = dict(context_length=8, vocab_size=64, width=32, heads=2, layers=2)


def clip():
    """open_clip.CLIP as open_clip.create_model builds it (a ViT tower and a text tower), tiny."""
    from open_clip.model import CLIP

    return CLIP(embed_dim=16, vision_cfg=_VISION, text_cfg=_TEXT).eval()


def clip_bias():
    """CLIP with a logit bias (SigLIP-style configs: init_logit_bias)."""
    from open_clip.model import CLIP

    return CLIP(embed_dim=16, vision_cfg=_VISION, text_cfg=_TEXT, init_logit_bias=-10.0).eval()


def custom_text_clip():
    from open_clip.model import CustomTextCLIP

    return CustomTextCLIP(embed_dim=16, vision_cfg=_VISION, text_cfg=_TEXT, init_logit_bias=-10.0).eval()


def _image(device=None):
    return torch.randn(2, 3, 32, 32, device=device)


def _text(device=None):
    return torch.randint(1, 60, (2, 8), device=device)


def clip_encode_text(module, device=None):
    """open_clip's documented zero-shot use: model.encode_text(tokenizer(texts))."""
    return module.encode_text(_text(device))


def clip_encode_image(module, device=None):
    return module.encode_image(_image(device))


def clip_get_logits(module, device=None):
    """CLIP.get_logits(image, text): the task/eval path (open_clip/task/clip_task.py)."""
    return module.get_logits(_image(device), _text(device))


def clip_forward_intermediates(module, device=None):
    return module.forward_intermediates(image=_image(device), text=_text(device))


def vit_tower():
    from open_clip.transformer import VisionTransformer

    return VisionTransformer(image_size=32, patch_size=8, width=32, layers=2, heads=2, mlp_ratio=2.0,
                             output_dim=16).eval()


def text_tower():
    from open_clip.transformer import TextTransformer

    return TextTransformer(context_length=8, vocab_size=64, width=32, heads=2, layers=2, output_dim=16).eval()


def tower_forward_intermediates_image(module, device=None):
    return module.forward_intermediates(_image(device))


def tower_forward_intermediates_text(module, device=None):
    return module.forward_intermediates(_text(device))


def modified_resnet():
    from open_clip.modified_resnet import ModifiedResNet

    return ModifiedResNet(layers=(1, 1, 1, 1), output_dim=16, heads=2, image_size=64, width=16).eval()


def image_64_intermediates(module, device=None):
    return module.forward_intermediates(torch.randn(1, 3, 64, 64, device=device))


def clip_forward_intermediates_logits(module, device=None):
    """CLIP.forward_intermediates(image, text, output_logits=True): the documented feature API with logits."""
    return module.forward_intermediates(image=_image(device), text=_text(device), output_logits=True)


def clip_task():
    """open_clip's CLIPTask wrapping a tiny CLIP: what training builds (task/clip_task.py)."""
    from open_clip.task.clip_task import CLIPTask

    from open_clip.model import CLIP

    return CLIPTask(CLIP(embed_dim=16, vision_cfg=_VISION, text_cfg=_TEXT, output_dict=True), verbose=False)


def task_compile_then_forward(module, device=None):
    """The training loop: task.compile() (stores torch.compile(self.training_forward)) is optional; the step is
    task(batch) -> TrainingTask.forward -> training_forward. Here without compile (no inductor on CPU)."""
    module.train()
    return module({"image": _image(device), "text": _text(device)})


# --- torch ------------------------------------------------------------------------------------------------------

def adaptive_softmax():
    return torch.nn.AdaptiveLogSoftmaxWithLoss(16, 20, cutoffs=[5, 10]).eval()


def adaptive_predict(module, device=None):
    """The documented inference API: predict(input) (no target)."""
    return module.predict(torch.randn(3, 16, device=device))


def encoder_layer_fast():
    """TransformerEncoderLayer as inference code builds it (batch_first, even heads), in eval mode."""
    return torch.nn.TransformerEncoderLayer(d_model=16, nhead=2, dim_feedforward=32, batch_first=True).eval()


def encoder_layer_no_grad(module, device=None):
    """Inference under no_grad takes the fused fast path (torch._transformer_encoder_layer_fwd)."""
    with torch.no_grad():
        return module(torch.randn(2, 5, 16, device=device))


def linear_bn1d():
    """A QAT LinearBn1d as prepare_qat builds it (a Linear subclass holding its BatchNorm1d), training."""
    from torch.ao.nn.intrinsic.qat import LinearBn1d
    from torch.ao.quantization import get_default_qat_qconfig

    return LinearBn1d(8, 8, qconfig=get_default_qat_qconfig("fbgemm")).train()


def linear_bn1d_forward(module, device=None):
    return module(torch.randn(4, 8, device=device))


# --- misc repos ---------------------------------------------------------------------------------------------------

def clip_attnpool():
    """openai/CLIP's AttentionPool2d as ModifiedResNet builds it (spacial_dim = input_resolution // 32)."""
    from clip.model import AttentionPool2d

    return AttentionPool2d(spacial_dim=4, embed_dim=32, num_heads=2, output_dim=16).eval()


def attnpool_forward(module, device=None):
    return module(torch.randn(2, 32, 4, 4, device=device))


def hyper_vit():
    from vit_pytorch.simple_vit_with_hyper_connections import SimpleViT

    return SimpleViT(image_size=32, patch_size=8, num_classes=4, dim=32, depth=1, heads=2, mlp_dim=32,
                     num_residual_streams=2, dim_head=16).eval()


def image_32_forward(module, device=None):
    return module(torch.randn(1, 3, 32, 32, device=device))


# --- lerobot ------------------------------------------------------------------------------------------------------

def _act_config():
    from lerobot.configs.types import FeatureType, PolicyFeature
    from lerobot.policies.act.configuration_act import ACTConfig

    return ACTConfig(
        input_features={"observation.state": PolicyFeature(type=FeatureType.STATE, shape=(4,)),
                        "observation.environment_state": PolicyFeature(type=FeatureType.ENV, shape=(4,))},
        output_features={"action": PolicyFeature(type=FeatureType.ACTION, shape=(3,))},
        chunk_size=4, n_action_steps=4, dim_model=16, n_heads=2, dim_feedforward=32, n_encoder_layers=1,
        n_decoder_layers=1, n_vae_encoder_layers=1, use_vae=False, device="cpu",
    )


def act_model():
    """lerobot's ACT model (the policy's self.model), state-only, tiny."""
    from lerobot.policies.act.modeling_act import ACT

    return ACT(_act_config()).eval()


def act_forward(module, device=None):
    """ACTPolicy.predict_action_chunk -> self.model(batch): the inference call."""
    return module({"observation.state": torch.randn(1, 4, device=device),
                   "observation.environment_state": torch.randn(1, 4, device=device)})


def vector_quantize_ortho():
    """lerobot's vendored VectorQuantize with the orthogonal codebook loss on and capped (constructor arguments):
    line 888 indexes the codebook with randperm(..., device=x.device)."""
    from lerobot.policies.vqbet.vqbet_utils import VectorQuantize

    return VectorQuantize(dim=8, codebook_size=16, orthogonal_reg_weight=0.1, orthogonal_reg_max_codes=4).train()


def vq_forward(module, device=None):
    return module(torch.randn(2, 5, 8, device=device))


def qat_conv():
    """A QAT Conv2d as prepare_qat builds it (torch.ao.nn.qat.Conv2d, a _ConvNd)."""
    from torch.ao.nn.qat import Conv2d
    from torch.ao.quantization import get_default_qat_qconfig

    return Conv2d(4, 4, 3, qconfig=get_default_qat_qconfig("fbgemm"))


def to_float_then_call(module, device=None):
    """What convert-to-float does (to_float()), then the float module it returns is called."""
    float_module = module.to_float()
    x = torch.randn(1, *((4, 6, 6) if isinstance(float_module, torch.nn.Conv2d) else (8,)), device=device)
    return float_module(x)


def fixed_qparams_fake_quant():
    """A FixedQParamsFakeQuantize (what QAT puts after a sigmoid): its activation_post_process is the
    FixedQParamsObserver whose calculate_qparams() returns its scale/zero_point buffers."""
    from torch.ao.quantization.fake_quantize import default_fixed_qparams_range_0to1_fake_quant

    return default_fixed_qparams_range_0to1_fake_quant()


def fake_quant_forward(module, device=None):
    return module(torch.rand(4, 8, device=device))


def tdmpc_policy():
    from lerobot.configs.types import FeatureType, PolicyFeature
    from lerobot.policies.tdmpc.configuration_tdmpc import TDMPCConfig
    from lerobot.policies.tdmpc.modeling_tdmpc import TDMPCPolicy

    config = TDMPCConfig(
        input_features={"observation.state": PolicyFeature(type=FeatureType.STATE, shape=(4,))},
        output_features={"action": PolicyFeature(type=FeatureType.ACTION, shape=(2,))},
        latent_dim=8, mlp_dim=16, q_ensemble_size=2, use_mpc=False, device="cpu",
    )
    return TDMPCPolicy(config).eval()


def tdmpc_select_action(module, device=None):
    """The rollout API: policy.select_action(observation) -> predict_action_chunk -> model.pi (use_mpc=False)."""
    module.reset()
    return module.select_action({"observation.state": torch.randn(1, 4, device=device)})


# --- recall spot check: hazards found by reading ------------------------------------------------------------------

def mpp():
    """vit-pytorch's masked patch prediction trainer around a tiny ViT (vit_pytorch/mpp.py)."""
    from vit_pytorch.mpp import MPP
    from vit_pytorch.vit import ViT

    vit = ViT(image_size=32, patch_size=8, num_classes=4, dim=32, depth=1, heads=2, mlp_dim=32, dim_head=16)
    return MPP(transformer=vit, patch_size=8, dim=32, mask_prob=0.15, random_patch_prob=0.5, replace_prob=0.5)


def timm_tower():
    """open_clip's TimmModel adapter (the image tower of a timm-based CLIP config) around timm's test_vit."""
    from open_clip.timm_model import TimmModel

    return TimmModel("test_vit", embed_dim=16, image_size=160, pool="", proj="linear").eval()


def image_160_intermediates(module, device=None):
    """CLIP.forward_intermediates(image=...) -> self.visual.forward_intermediates(image)."""
    return module.forward_intermediates(torch.randn(1, 3, 160, 160, device=device))


def whisper_model():
    """openai/whisper's Whisper with tiny ModelDimensions (what whisper.load_model builds, without a checkpoint)."""
    from whisper.model import ModelDimensions, Whisper

    dims = ModelDimensions(n_mels=8, n_audio_ctx=8, n_audio_state=16, n_audio_head=2, n_audio_layer=1, n_vocab=64,
                           n_text_ctx=8, n_text_state=16, n_text_head=2, n_text_layer=1)
    return Whisper(dims).eval()


def whisper_decode_path(module, device=None):
    """What transcribe()/DecodingTask do with model.device (row 59): the mel segment is placed with
    `.to(model.device)`, encoded (`embed_audio`), tokens are placed on the audio features' device, then logits."""
    mel = torch.randn(1, 8, 16).to(module.device)
    audio_features = module.embed_audio(mel)
    tokens = torch.tensor([[1, 2, 3]]).to(audio_features.device)
    return module.logits(tokens, audio_features)
