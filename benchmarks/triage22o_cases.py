"""Small builds and calls for the issue-22 "o" triage (docs/triage-issue22-o.md), run by benchmarks/triage22o_runtime.sh
through `offload-lint confirm --factory/--call`. Each builds the class the way its repository does, small, and makes the
call its callers make: vq-vae-2's extract_code.py calls `model.encode(img)` and sample.py `model.decode_code(top, bottom)`
with device tensors, train_pixelsnail.py/sample.py call PixelSNAIL's forward; waveglow's train.py calls
`model((mel, audio))` and inference.py/denoiser.py `waveglow.infer(mel)`; BigGAN's sample.py calls `G(z, G.shared(y))`
and G_D calls `D(x, y)`; a2c-ppo-acktr-gail's main.py/ppo.py call `actor_critic.act/get_value/evaluate_actions` with
device batches; rl_games' diagnostics call `advantage_mean_std.get_mean_std()` and copy the result to the host;
nanodet's heads call Integral (`distribution_project`) after the detector's forward. The repository root must be on
PYTHONPATH (the runtime script sets it per case)."""

from __future__ import annotations

import sys
import types

import torch
from torch import nn

from benchmarks.triage_harness import bare_packages


def _stub(name, **attrs):
    module = types.ModuleType(name)
    module.__dict__.update(attrs)
    sys.modules[name] = module
    return module


# --- vq-vae-2-pytorch: VQVAE (vqvae.py) and PixelSNAIL (pixelsnail.py) ---

def vqvae():
    from vqvae import VQVAE

    torch.manual_seed(0)
    return VQVAE(in_channel=3, channel=16, n_res_block=1, n_res_channel=8, embed_dim=8, n_embed=16)


def vqvae_encode_call(module, device=None):
    # extract_code.py: img = img.to(device); _, _, _, id_t, id_b = model.encode(img)
    module.eval()
    return module.encode(torch.randn(1, 3, 16, 16, device=device))


def vqvae_decode_code_call(module, device=None):
    # sample.py: top/bottom codes sampled by PixelSNAIL on the device; model_vqvae.decode_code(top_sample, bottom_sample)
    module.eval()
    top = torch.randint(0, 16, (1, 2, 2), device=device)
    bottom = torch.randint(0, 16, (1, 4, 4), device=device)
    return module.decode_code(top, bottom)


def VQVAE():  # noqa: N802 - the class for `offload-lint confirm MODULE:Class`
    from vqvae import VQVAE as cls
    return cls


def pixelsnail():
    from pixelsnail import PixelSNAIL

    torch.manual_seed(0)
    # train_pixelsnail.py's bottom prior shape, small: condition from the top codes
    return PixelSNAIL([4, 4], 8, 16, 5, 1, 1, 8, attention=True, dropout=0.0, n_cond_res_block=1,
                      cond_res_channel=8, n_out_res_block=1)


def pixelsnail_call(module, device=None):
    # train_pixelsnail.py: out, _ = model(bottom, condition=top), both on the device
    bottom = torch.randint(0, 8, (1, 4, 4), device=device)
    top = torch.randint(0, 8, (1, 2, 2), device=device)
    return module(bottom, condition=top)


def PixelSNAIL():  # noqa: N802
    from pixelsnail import PixelSNAIL as cls
    return cls


# --- waveglow: WaveGlow (glow.py) ---

def waveglow():
    from glow import WaveGlow

    torch.manual_seed(0)
    # config.json's shape, small: n_group 8, early outputs every 4 flows
    return WaveGlow(n_mel_channels=4, n_flows=4, n_group=8, n_early_every=2, n_early_size=2,
                    WN_config={"n_layers": 2, "n_channels": 8, "kernel_size": 3})


def waveglow_train_call(module, device=None):
    # train.py: mel, audio = batch (moved to cuda); outputs = model((mel, audio))
    module.train()
    mel = torch.randn(1, 4, 3, device=device)
    audio = torch.randn(1, 3 * 256, device=device)
    return module((mel, audio))


def waveglow_infer_call(module, device=None):
    # inference.py: mel on cuda; audio = waveglow.infer(mel, sigma). infer draws its noise with torch.cuda.FloatTensor,
    # which a CPU build cannot make: a stand-in makes it on the call's device (what the CUDA class does on a GPU)
    dev = device or "cpu"
    saved = torch.cuda.FloatTensor
    torch.cuda.FloatTensor = lambda *size: torch.empty(*size, device=dev)
    for conv in module.convinv:  # a fresh load has no cached inverse (a run before offloading would leave one)
        conv.__dict__.pop("W_inverse", None)
    try:
        module.eval()
        return module.infer(torch.randn(1, 4, 8, device=device), sigma=0.6)
    finally:
        torch.cuda.FloatTensor = saved


def waveglow_loaded():
    # inference.py: waveglow = torch.load(path)['model']; waveglow = waveglow.remove_weightnorm(waveglow)
    model = waveglow()
    return model.remove_weightnorm(model)


def WaveGlow():  # noqa: N802
    from glow import WaveGlow as cls
    return cls


# --- BigGAN-PyTorch: Generator/Discriminator of BigGAN.py and BigGANdeep.py (sample.py, train.py's G_D) ---

def _biggan_kwargs():
    return dict(resolution=32, n_classes=4, skip_init=True, no_optim=True)


def biggan_g():
    import BigGAN

    torch.manual_seed(0)
    return BigGAN.Generator(G_ch=4, dim_z=8, G_attn="0", G_shared=True, shared_dim=8, hier=True, **_biggan_kwargs())


def biggan_d():
    import BigGAN

    torch.manual_seed(0)
    return BigGAN.Discriminator(D_ch=4, D_attn="0", **_biggan_kwargs())


def biggandeep_g():
    import BigGANdeep

    torch.manual_seed(0)
    return BigGANdeep.Generator(G_ch=4, G_depth=1, dim_z=8, G_attn="0", G_shared=True, shared_dim=8, hier=True,
                                **_biggan_kwargs())


def biggandeep_d():
    import BigGANdeep

    torch.manual_seed(0)
    return BigGANdeep.Discriminator(D_ch=4, D_depth=1, D_attn="0", **_biggan_kwargs())


def g_call(module, device=None):
    # sample.py / utils.sample: z_, y_ on the device; G(z_, G.shared(y_))
    module.eval()
    z = torch.randn(2, module.dim_z, device=device)
    y = torch.randint(0, 4, (2,), device=device)
    with torch.no_grad():
        return module(z, module.shared(y))


def d_call(module, device=None):
    # G_D.forward: D_out = self.D(D_input, D_class) with device batches
    x = torch.randn(2, 3, 32, 32, device=device)
    y = torch.randint(0, 4, (2,), device=device)
    return module(x, y)


def Generator():  # noqa: N802
    import BigGAN
    return BigGAN.Generator


def Discriminator():  # noqa: N802
    import BigGAN
    return BigGAN.Discriminator


def DeepGenerator():  # noqa: N802
    import BigGANdeep
    return BigGANdeep.Generator


def DeepDiscriminator():  # noqa: N802
    import BigGANdeep
    return BigGANdeep.Discriminator


# --- pytorch-a2c-ppo-acktr-gail: Policy (a2c_ppo_acktr/model.py); utils imports envs (gym, baselines): stand-in ---

def _a2c_imports():
    bare_packages("a2c_ppo_acktr")
    _stub("a2c_ppo_acktr.envs", VecNormalize=object)


class Discrete:  # main.py's envs.action_space for CartPole-like tasks (model.py tests the class name)
    def __init__(self, n):
        self.n = n


def a2c_policy():
    _a2c_imports()
    from a2c_ppo_acktr.model import Policy

    torch.manual_seed(0)
    return Policy((4,), Discrete(3), base_kwargs={"recurrent": False, "hidden_size": 8})


def a2c_act_call(module, device=None):
    # main.py: value, action, action_log_prob, recurrent_hidden_states = actor_critic.act(rollouts.obs[step], ...)
    obs = torch.randn(2, 4, device=device)
    return module.act(obs, torch.zeros(2, 1, device=device), torch.ones(2, 1, device=device))


def a2c_get_value_call(module, device=None):
    # main.py: next_value = actor_critic.get_value(rollouts.obs[-1], ...)
    obs = torch.randn(2, 4, device=device)
    return module.get_value(obs, torch.zeros(2, 1, device=device), torch.ones(2, 1, device=device))


def a2c_evaluate_call(module, device=None):
    # algo/ppo.py update(): actor_critic.evaluate_actions(obs_batch, recurrent_hidden_states_batch, masks_batch, actions_batch)
    obs = torch.randn(2, 4, device=device)
    actions = torch.randint(0, 3, (2, 1), device=device)
    return module.evaluate_actions(obs, torch.zeros(2, 1, device=device), torch.ones(2, 1, device=device), actions)


def Policy():  # noqa: N802
    _a2c_imports()
    from a2c_ppo_acktr.model import Policy as cls
    return cls


# --- rl_games: GeneralizedMovingStats (advantage normalizer held by the A2C agent, a plain object) ---

def rl_moving_stats():
    bare_packages("rl_games", "rl_games.algos_torch")
    from rl_games.algos_torch.moving_mean_std import GeneralizedMovingStats

    module = GeneralizedMovingStats((1,), decay=0.99)  # a2c_common.py:475, default impl 'mean_std'
    module.train()
    module(torch.randn(16, 1))  # a training update first, as the agent's advantage normalisation does
    return module


def rl_get_mean_std_call(module, device=None):
    # common/diagnostics.py: adv_mean, adv_std = agent.advantage_mean_std.get_mean_std(); stored .detach(), then
    # send_info writes v.cpu().numpy()
    mean, std = module.get_mean_std()
    return mean.detach().cpu().numpy(), (std * std).detach().cpu().numpy()


def GeneralizedMovingStats():  # noqa: N802
    bare_packages("rl_games", "rl_games.algos_torch")
    from rl_games.algos_torch.moving_mean_std import GeneralizedMovingStats as cls
    return cls


# --- spinningup: ppo core MLPActorCritic.step (ppo.py: ac.step(torch.as_tensor(o)), a CPU tensor) ---

def _spinup_imports():
    if "gym.spaces" in sys.modules:  # once: core.py keeps the Box class it imported first (isinstance tests)
        return sys.modules["gym.spaces"].Box

    class Box:
        def __init__(self, shape):
            self.shape = shape

    class Discrete:
        def __init__(self, n):
            self.n = n

    _stub("gym")
    _stub("gym.spaces", Box=Box, Discrete=Discrete)
    sys.modules["gym"].spaces = sys.modules["gym.spaces"]
    bare_packages("spinup", "spinup.algos", "spinup.algos.pytorch", "spinup.algos.pytorch.ppo")
    return Box


def spinup_ppo_ac():
    Box = _spinup_imports()
    from spinup.algos.pytorch.ppo.core import MLPActorCritic

    torch.manual_seed(0)
    return MLPActorCritic(Box((3,)), Box((2,)), hidden_sizes=(8, 8))


def spinup_step_call(module, device=None):
    # ppo.py: a, v, logp = ac.step(torch.as_tensor(o, dtype=torch.float32)): o is a numpy observation, the tensor is
    # made on the default device (spinningup's PyTorch code never names a device)
    import numpy as np

    return module.step(torch.as_tensor(np.random.randn(3), dtype=torch.float32))


def SpinupMLPActorCritic():  # noqa: N802
    _spinup_imports()
    from spinup.algos.pytorch.ppo.core import MLPActorCritic as cls
    return cls


# --- nanodet: Integral (gfl_head.py) as the heads use it, in a stand-in detector holding a head with the Integral ---

def _nanodet_integral():
    # gfl_head.py imports cv2 and nanodet.util (pycocotools, termcolor...): the class is copied from gfl_head.py:36-67
    # verbatim into this stand-in, so the run checks the same code without the imports
    import torch.nn.functional as F

    class Integral(nn.Module):
        def __init__(self, reg_max=16):
            super().__init__()
            self.reg_max = reg_max
            self.register_buffer("project", torch.linspace(0, self.reg_max, self.reg_max + 1))

        def forward(self, x):
            shape = x.size()
            x = F.softmax(x.reshape(*shape[:-1], 4, self.reg_max + 1), dim=-1)
            x = F.linear(x, self.project.type_as(x)).reshape(*shape[:-1], 4)
            return x

    return Integral


class HeadLike(nn.Module):
    """A head holding `distribution_project = Integral(reg_max)` and a regression conv, as GFLHead/NanoDetPlusHead."""

    def __init__(self):
        super().__init__()
        self.gfl_reg = nn.Conv2d(4, 4 * 8, 1)
        self.distribution_project = _nanodet_integral()(7)

    def forward(self, x):
        return self.gfl_reg(x).flatten(2).permute(0, 2, 1)

    def get_bboxes(self, reg_preds):
        # gfl_head.py:622 / nanodet_plus_head.py:495: dis_preds = self.distribution_project(reg_preds) * ...
        return self.distribution_project(reg_preds) * 2.0


class DetectorLike(nn.Module):
    """OneStageDetector: `head` a direct child; inference() calls self(img) then self.head.post_process(...)."""

    def __init__(self):
        super().__init__()
        self.backbone = nn.Conv2d(3, 4, 1)
        self.head = HeadLike()

    def forward(self, x):
        return self.head(self.backbone(x))


def nanodet_detector():
    torch.manual_seed(0)
    return DetectorLike()


def nanodet_inference_call(module, device=None):
    # OneStageDetector.inference: preds = self(meta["img"]); results = self.head.post_process(preds, meta)
    preds = module(torch.randn(1, 3, 4, 4, device=device))
    return module.head.get_bboxes(preds)


def DetectorLikeClass():  # noqa: N802
    return DetectorLike


# --- SlowFast: ReversibleBlock.backward_pass (training with MVIT.REV.ENABLE) and the contrastive memories ---

def _slowfast_imports():
    import json
    import logging as std_logging

    sys.modules.setdefault("simplejson", json)
    bare_packages("slowfast", "slowfast.models", "slowfast.utils")
    _stub("slowfast.utils.logging", get_logger=std_logging.getLogger)
    _stub("slowfast.utils.distributed", all_gather=lambda tensors: tensors, get_world_size=lambda: 1)
    _stub("slowfast.models.losses", get_loss_func=lambda name: (lambda **kw: None))
    _stub("slowfast.models.video_model_builder", MViT=object, ResNet=object, SlowFast=object, X3D=object)
    registry = types.SimpleNamespace(register=lambda: (lambda cls: cls))
    _stub("slowfast.models.build", MODEL_REGISTRY=registry)


def _mvit_cfg():
    mvit = types.SimpleNamespace(DROPOUT_RATE=0.0, QKV_BIAS=True, CLS_EMBED_ON=False, MODE="conv", POOL_FIRST=False,
                                 REL_POS_SPATIAL=False, REL_POS_TEMPORAL=False, REL_POS_ZERO_INIT=False,
                                 RESIDUAL_POOLING=False, SEPARATE_QKV=False)
    return types.SimpleNamespace(MVIT=mvit)


class RevStackLike(nn.Module):
    """MViT holding `rev_backbone` (a ReversibleMViT: `layers` ModuleList of ReversibleBlocks), run in training mode:
    ReversibleMViT.forward's reversible branch, `x = RevBackProp.apply(torch.cat([x, x], -1), layers, [])`."""

    def __init__(self):
        super().__init__()
        from slowfast.models.reversible_mvit import ReversibleBlock

        self.rev_backbone = nn.Module()
        self.rev_backbone.layers = nn.ModuleList([
            ReversibleBlock(dim=8, input_size=[1, 2, 2], dim_out=8, num_heads=2, mlp_ratio=2.0, qkv_bias=True,
                            drop_path=0.0, kernel_q=(1, 1, 1), kernel_kv=(1, 1, 1), stride_q=(1, 1, 1),
                            stride_kv=(1, 1, 1), cfg=_mvit_cfg(), layer_id=i) for i in range(2)])
        for layer in self.rev_backbone.layers:
            layer.F.thw = [1, 2, 2]
        self.head = nn.Linear(16, 2)

    def forward(self, x):
        from slowfast.models.reversible_mvit import RevBackProp

        x = torch.cat([x, x], dim=-1)
        x = RevBackProp.apply(x, self.rev_backbone.layers, [])
        return self.head(x.mean(1))


def slowfast_rev():
    _slowfast_imports()
    torch.manual_seed(0)
    return RevStackLike().train()


def slowfast_rev_train_call(module, device=None):
    # tools/train_net.py: preds = model(inputs); loss.backward() (RevBackProp.backward calls each block's backward_pass)
    with torch.enable_grad():  # the confirmer may call under no_grad; training runs with grad
        x = torch.randn(2, 4, 8, device=device, requires_grad=True)
        out = module(x)
        out.sum().backward()
    return out


def RevStackLikeClass():  # noqa: N802
    return RevStackLike


class ContrastiveLike(nn.Module):
    """ContrastiveModel with CONTRASTIVE.TYPE "mem" (defaults.py; no shipped config) and KNN_ON (default True): a
    backbone, `memory` (Memory1D, MEM_TYPE "1d" default) and `knn_mem` (Memory). forward in training reads
    `self.memory.get(clip_ind, time_ind)` and updates both memories; in eval it returns ContrastiveModel.eval_knn(q)."""

    def __init__(self):
        super().__init__()
        from slowfast.models.contrastive import Memory, Memory1D

        cfg = types.SimpleNamespace(NUM_GPUS=1)
        self.backbone = nn.Linear(6, 8)
        self.memory = Memory1D(10, 1, 8, cfg)
        self.knn_mem = Memory(10, 1, 8, cfg)
        self.knn_on = True

    def forward(self, x, index):
        from slowfast.models.contrastive import ContrastiveModel

        q = torch.nn.functional.normalize(self.backbone(x), dim=1)
        if not self.training:
            return ContrastiveModel.eval_knn(self, q, knn_k=3)
        clip_ind = torch.randint(0, 10, size=(x.shape[0], 4), device=x.device)
        k = self.memory.get(clip_ind, torch.zeros_like(clip_ind), False)
        prod = torch.einsum("nc,nkc->nk", q, k)
        self.memory.update(q, momentum=0.5, ind=index, time=torch.zeros_like(index), interp=False)
        ContrastiveModel.knn_mem_update(self, q, index)
        return prod


def slowfast_contrastive():
    _slowfast_imports()
    torch.manual_seed(0)
    return ContrastiveLike()


def slowfast_contrastive_train_call(module, device=None):
    module.train()
    return module(torch.randn(2, 6, device=device), torch.tensor([1, 3], device=device))


def slowfast_contrastive_eval_call(module, device=None):
    module.eval()
    return module(torch.randn(2, 6, device=device), torch.tensor([1, 3], device=device))


def ContrastiveLikeClass():  # noqa: N802
    return ContrastiveLike


# --- nanodet: TransformerBlock (module/transformer.py), the TAN neck of config/legacy_v0.x_configs/Transformer/nanodet-t.yml ---

def nanodet_transformer_block():
    bare_packages("nanodet", "nanodet.model", "nanodet.model.module")
    from nanodet.model.module.transformer import TransformerBlock

    torch.manual_seed(0)
    return TransformerBlock(8, 8, num_heads=2, num_encoders=1, mlp_ratio=2)


def nanodet_transformer_call(module, device=None):
    # tan.py: self.transformer(x, pos_embed): x (b, c, h, w), pos_embed (h*w, 1, c)
    return module(torch.randn(1, 8, 2, 2, device=device), torch.randn(4, 1, 8, device=device))


def TransformerBlock():  # noqa: N802
    bare_packages("nanodet", "nanodet.model", "nanodet.model.module")
    from nanodet.model.module.transformer import TransformerBlock as cls
    return cls
