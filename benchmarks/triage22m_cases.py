"""Small builds and calls for the issue-22 "m" triage (docs/triage-issue22-m.md), run by benchmarks/triage22m_runtime.sh
through `offload-lint confirm --factory/--call`. Each builds the class the way its repository does, small, and makes the
call its callers make (diffusion_policy's workspaces call `policy.compute_loss(batch)` with the batch on the device and
its env runners `policy.predict_action(obs_dict)`; motion-diffusion-model's evaluators call the STGCN classifier;
SPIRAL's encoders call TransformerEncoder; DiffSinger's FastSpeech2 calls its EncSALayer; Real-ESRGAN's training calls
net_d = UNetDiscriminatorSN). The repository root must be on PYTHONPATH (the runtime script sets it per case), with
the stand-ins of benchmarks/triage22m/stubs (zarr, imported by diffusion_policy's normalizer for a type check only)."""

from __future__ import annotations

import sys
import types

import torch


def _bare_packages(*names):
    """Register packages bare (their __init__ imports what the checked classes do not need)."""
    import os

    for name in names:
        if name in sys.modules:
            continue
        rel = name.replace(".", os.sep)
        root = next(p for p in sys.path if p and os.path.isdir(os.path.join(p, rel)))
        package = types.ModuleType(name)
        package.__path__ = [os.path.join(root, rel)]
        sys.modules[name] = package


# --- diffusion_policy: lowdim policies (the policy is built by hydra in a workspace, a plain object: its own root) ---

def _fitted_normalizer(obs_dim, action_dim):
    from diffusion_policy.model.common.normalizer import LinearNormalizer

    normalizer = LinearNormalizer()
    g = torch.Generator().manual_seed(0)
    normalizer.fit({"obs": torch.randn(64, 2, obs_dim, generator=g), "action": torch.randn(64, 2, action_dim, generator=g)},
                   last_n_dims=1, mode="limits")
    return normalizer


def dp_unet_lowdim():
    # train_diffusion_unet_lowdim_workspace.yaml: obs_as_global_cond True, cond_predict_scale True (small dims)
    from diffusers.schedulers.scheduling_ddpm import DDPMScheduler
    from diffusion_policy.model.diffusion.conditional_unet1d import ConditionalUnet1D
    from diffusion_policy.policy.diffusion_unet_lowdim_policy import DiffusionUnetLowdimPolicy

    torch.manual_seed(0)
    Do, Da, To, T = 5, 2, 2, 8
    model = ConditionalUnet1D(input_dim=Da, local_cond_dim=None, global_cond_dim=Do * To, diffusion_step_embed_dim=16,
                              down_dims=[16, 32], kernel_size=3, n_groups=4, cond_predict_scale=True)
    policy = DiffusionUnetLowdimPolicy(model=model, noise_scheduler=DDPMScheduler(num_train_timesteps=10),
                                       horizon=T, obs_dim=Do, action_dim=Da, n_action_steps=4, n_obs_steps=To,
                                       num_inference_steps=3, obs_as_global_cond=True)
    policy.set_normalizer(_fitted_normalizer(Do, Da))
    return policy.eval()


def dp_transformer_lowdim():
    # train_diffusion_transformer_lowdim_workspace.yaml: obs_as_cond True, causal_attn, time_as_cond (small dims)
    from diffusers.schedulers.scheduling_ddpm import DDPMScheduler
    from diffusion_policy.model.diffusion.transformer_for_diffusion import TransformerForDiffusion
    from diffusion_policy.policy.diffusion_transformer_lowdim_policy import DiffusionTransformerLowdimPolicy

    torch.manual_seed(0)
    Do, Da, To, T = 5, 2, 2, 8
    model = TransformerForDiffusion(input_dim=Da, output_dim=Da, horizon=T, n_obs_steps=To, cond_dim=Do, n_layer=1,
                                    n_head=2, n_emb=16, p_drop_emb=0.0, p_drop_attn=0.0, causal_attn=True,
                                    time_as_cond=True, obs_as_cond=True, n_cond_layers=0)
    policy = DiffusionTransformerLowdimPolicy(model=model, noise_scheduler=DDPMScheduler(num_train_timesteps=10),
                                              horizon=T, obs_dim=Do, action_dim=Da, n_action_steps=4, n_obs_steps=To,
                                              num_inference_steps=3, obs_as_cond=True)
    policy.set_normalizer(_fitted_normalizer(Do, Da))
    return policy.eval()


def dp_predict_action(module, device=None):
    # env runners: obs (B, To, Do) moved to the device, under no_grad
    with torch.no_grad():
        return module.predict_action({"obs": torch.randn(1, 2, 5, device=device)})


def dp_compute_loss(module, device=None):
    # workspaces: batch = dict_apply(batch, lambda x: x.to(device)); raw_loss = self.model.compute_loss(batch)
    module.train()
    g = torch.Generator().manual_seed(1)
    batch = {"obs": torch.randn(2, 8, 5, generator=g).to(device), "action": torch.randn(2, 8, 2, generator=g).to(device)}
    return module.compute_loss(batch)


# --- motion-diffusion-model: the STGCN action classifier of eval/ (edge_importance_weighting=True as both evaluators) --

def mdm_stgcn():
    from eval.unconstrained.models.stgcn import STGCN

    torch.manual_seed(0)
    # eval/unconstrained/evaluate.py: in_channels 3, smpl_noglobal spatial graph; that layout reads SMPL's kintree
    # pickle (not in the tree), so the 25-joint ntu-rgb+d layout stands in (the graph only sets the buffer A's values)
    return STGCN(in_channels=3, num_class=4, graph_args={"layout": "ntu-rgb+d", "strategy": "spatial"},
                 edge_importance_weighting=True, device="cpu").eval()


def mdm_stgcn_call(module, device=None):
    with torch.no_grad():
        return module({"x": torch.randn(1, 25, 3, 8, device=device)})  # batch["x"]: (B, joints, 3, frames)


# --- SPIRAL (Speech-Backbones): the wav2vec TransformerEncoder of ST2Vec/spec2vec (weight_norm pos_conv; fairseq MHA) --

def _spiral_imports():
    _bare_packages("nemo", "nemo.collections", "nemo.collections.asr", "nemo.collections.asr.parts",
                   "nemo.collections.asr.models", "nemo.collections.asr.models.wav2vec")


def spiral_transformer_encoder():
    # wav2vec_config's dataclasses have mutable defaults that Python 3.11 refuses, so the config is a namespace with the
    # fields TransformerEncoder reads (spiral_base_pretrain_ls960.py's values, small; layer_norm_first False)
    _spiral_imports()
    sys.modules.setdefault("nemo.collections.asr.models.wav2vec.wav2vec_config",
                           types.SimpleNamespace(Wav2VecConvExtractorMode=types.SimpleNamespace(default="default", layer_norm="layer_norm"), Wav2VecTransformerConfig=None))
    from nemo.collections.asr.parts.wav2vec import TransformerEncoder

    torch.manual_seed(0)
    ns = types.SimpleNamespace
    cfg = ns(dropout=0.0, conv=ns(conv_pos=4, conv_pos_groups=2, layer_drop=0.0),
             encoder=ns(embedding_dim=16, ffn_embedding_dim=32, num_attention_heads=2, encoder_layers=1,
                        encoder_layerdrop=0.0, attention_dropout=0.0, activation_dropout=0.0,
                        activation_fn=ns(value="gelu"), layer_norm_first=False))
    return TransformerEncoder(cfg).eval()


def spiral_transformer_encoder_call(module, device=None):
    with torch.no_grad():
        return module(torch.randn(1, 6, 16, device=device))  # (B, T, C)


# --- DiffSinger: FastSpeech2's encoder layer EncSALayer (its MultiheadAttention hands out_proj to F.mha_forward) -----

def diffsinger_encsa():
    from modules.commons.common_layers import EncSALayer

    torch.manual_seed(0)
    return EncSALayer(16, 2, dropout=0.0, attention_dropout=0.0, relu_dropout=0.0, kernel_size=3).eval()


def diffsinger_encsa_call(module, device=None):
    with torch.no_grad():
        return module(torch.randn(5, 1, 16, device=device), encoder_padding_mask=torch.zeros(1, 5, dtype=torch.bool,
                                                                                                device=device))


# --- Real-ESRGAN: UNetDiscriminatorSN (training's net_d; legacy spectral_norm convs) ---------------------------------

def _basicsr_stub():
    if "basicsr.utils.registry" in sys.modules:
        return
    for name in ("basicsr", "basicsr.utils"):
        sys.modules[name] = types.ModuleType(name)
    reg = types.ModuleType("basicsr.utils.registry")

    class _Registry:
        def register(self, *a, **k):
            return lambda obj: obj

    reg.ARCH_REGISTRY = _Registry()
    sys.modules["basicsr.utils.registry"] = reg


def realesrgan_unet_d():
    _basicsr_stub()
    _bare_packages("realesrgan", "realesrgan.archs")
    from realesrgan.archs.discriminator_arch import UNetDiscriminatorSN

    torch.manual_seed(0)
    return UNetDiscriminatorSN(num_in_ch=3, num_feat=8, skip_connection=True)


def realesrgan_unet_d_call(module, device=None):
    return module(torch.randn(1, 3, 16, 16, device=device))


def __getattr__(name):
    # class names for `offload-lint confirm MODULE:Class` whose packages are registered bare here
    if name == "DiffusionUnetLowdimPolicy":
        from diffusion_policy.policy.diffusion_unet_lowdim_policy import DiffusionUnetLowdimPolicy
        return DiffusionUnetLowdimPolicy
    if name == "DiffusionTransformerLowdimPolicy":
        from diffusion_policy.policy.diffusion_transformer_lowdim_policy import DiffusionTransformerLowdimPolicy
        return DiffusionTransformerLowdimPolicy
    if name == "STGCN":
        from eval.unconstrained.models.stgcn import STGCN
        return STGCN
    if name == "SpiralTransformerEncoder":
        _spiral_imports()
        sys.modules.setdefault("nemo.collections.asr.models.wav2vec.wav2vec_config",
                               types.SimpleNamespace(Wav2VecConvExtractorMode=types.SimpleNamespace(default="default", layer_norm="layer_norm"), Wav2VecTransformerConfig=None))
        from nemo.collections.asr.parts.wav2vec import TransformerEncoder
        return TransformerEncoder
    if name == "EncSALayer":
        from modules.commons.common_layers import EncSALayer
        return EncSALayer
    if name == "UNetDiscriminatorSN":
        _basicsr_stub()
        _bare_packages("realesrgan", "realesrgan.archs")
        from realesrgan.archs.discriminator_arch import UNetDiscriminatorSN
        return UNetDiscriminatorSN
    raise AttributeError(name)
