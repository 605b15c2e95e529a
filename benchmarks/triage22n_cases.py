"""Small builds and calls for the issue-22 "n" triage (docs/triage-issue22-n.md), run by benchmarks/triage22n_runtime.sh
through `offload-lint confirm --factory/--call`. Each builds the class the way its repository does, small, and makes the
call its callers make: WaveRNN's gen_wavernn.py calls `model.generate(mel, ...)` with a CPU mel (generate places it with
the first parameter's device), train_wavernn.py calls `model(x, m)` with device tensors; train_tacotron.py calls the
Tacotron in training mode with device tensors, gen_tacotron.py `model.generate(x)` with a token list; DETR's models
call their Transformer with the backbone's features, VideoMAE and Swin V2 call their attention blocks, DAC calls its
Decoder and VectorQuantize, cleanrl's SAC calls `actor.get_action(obs)`. The repository root must be on PYTHONPATH
(the runtime script sets it per case), with benchmarks/triage22n/stubs (timm stand-in)."""

from __future__ import annotations

import sys
import types

import torch

from benchmarks.triage_harness import bare_packages


def _stub(name, **attrs):
    module = types.ModuleType(name)
    module.__dict__.update(attrs)
    sys.modules[name] = module
    return module



# --- WaveRNN (fatchord): utils.dsp needs librosa and hparams, utils.display matplotlib: stand-ins for what generate uses

def _wavernn_imports():
    import numpy as np

    if not hasattr(np, "cumproduct"):  # numpy 2 dropped the alias WaveRNN's UpsampleNetwork calls
        np.cumproduct = np.cumprod
    bare_packages("utils")
    _stub("utils.dsp", save_wav=lambda *a, **k: None, decode_mu_law=lambda y, mu, from_labels=True: y,
          __all__=["save_wav", "decode_mu_law"])
    _stub("utils.display", progbar=lambda *a, **k: "", stream=lambda *a, **k: None, time=__import__("time"),
          __all__=["progbar", "stream", "time"])


def wavernn():
    _wavernn_imports()
    from models.fatchord_version import WaveRNN

    torch.manual_seed(0)
    # hparams.py shape (RAW mode, small dims): upsample factors must multiply to hop_length
    return WaveRNN(rnn_dims=16, fc_dims=16, bits=4, pad=2, upsample_factors=(2, 2), feat_dims=8, compute_dims=8,
                   res_out_dims=8, res_blocks=1, hop_length=4, sample_rate=16000, mode="RAW")


def wavernn_generate_call(module, device=None):
    # gen_wavernn.py: m = torch.tensor(mel).unsqueeze(0) (CPU); generate places it with next(self.parameters()).device
    mel = torch.randn(1, 8, 30)  # > 20 frames: generate fades the last 20 * hop_length samples
    return module.generate(mel, "/tmp/t22n_unused.wav", False, 8, 2, False)


def wavernn_forward_call(module, device=None):
    # train_wavernn.py: x, m, y moved to the device; y_hat = voc_model(x, m)
    module.train()
    mels = torch.randn(1, 8, 6 + 2 * 2, device=device)  # mels padded by pad on both sides (dataset collate)
    x = torch.randn(1, 6 * 4, device=device)
    return module(x, mels)


def WaveRNN():  # noqa: N802 - the class for `offload-lint confirm MODULE:Class`
    _wavernn_imports()
    from models.fatchord_version import WaveRNN as cls
    return cls


def tacotron():
    from models.tacotron import Tacotron

    torch.manual_seed(0)
    # hparams.py's widths where the code hard-codes them (PreNet 256->128, postnet projections [256, 80]); K, lstm small
    return Tacotron(embed_dims=256, num_chars=10, encoder_dims=128, decoder_dims=256, n_mels=80, fft_bins=80,
                    postnet_dims=128, encoder_K=2, lstm_dims=32, postnet_K=2, num_highways=1, dropout=0.5,
                    stop_threshold=-3.4)


def tacotron_train_call(module, device=None):
    # train_tacotron.py: x, m = x.to(device), m.to(device); m1_hat, m2_hat, attention = model(x, m) (training mode)
    x = torch.randint(0, 10, (1, 5), device=device)
    m = torch.randn(1, 80, 3, device=device)  # CBHG postnet projects to 80 mels (hard-coded)
    return module(x, m)


def tacotron_generate_call(module, device=None):
    # gen_tacotron.py: _, m, attention = tts_model.generate(x) with x a token list
    return module.generate([1, 2, 3, 4], steps=3)


# --- detr: the Transformer as DETR.forward calls it (src projected, mask, query_embed.weight, pos) ---

def detr_transformer():
    bare_packages("models")  # detr's models/__init__ imports detr.py (torchvision, absent)
    from models.transformer import Transformer

    torch.manual_seed(0)
    return Transformer(d_model=16, nhead=2, num_encoder_layers=1, num_decoder_layers=1, dim_feedforward=32,
                       dropout=0.0, return_intermediate_dec=True).eval()


def detr_transformer_call(module, device=None):
    # DETR.forward: self.transformer(self.input_proj(src), mask, self.query_embed.weight, pos[-1]); here the
    # query embedding is handed on the device (as if query_embed were onloaded): the rows' MHA break is separate
    src = torch.randn(1, 16, 2, 2, device=device)
    mask = torch.zeros(1, 2, 2, dtype=torch.bool, device=device)
    query = torch.randn(3, 16, device=device)
    pos = torch.randn(1, 16, 2, 2, device=device)
    with torch.no_grad():
        return module(src, mask, query, pos)


# --- VideoMAE and Swin V2 attention (F.linear with qkv.weight) ---

def videomae_attention():
    from modeling_finetune import Attention

    torch.manual_seed(0)
    return Attention(dim=16, num_heads=2, qkv_bias=True).eval()


def tokens_call(module, device=None):
    with torch.no_grad():
        return module(torch.randn(1, 4, 16, device=device))


def swinv2_window_attention():
    bare_packages("models")
    from models.swin_transformer_v2 import WindowAttention

    torch.manual_seed(0)
    return WindowAttention(dim=16, window_size=(2, 2), num_heads=2, qkv_bias=True).eval()


# --- descript-audio-codec: dac/__init__ imports audiotools (absent): packages registered bare ---

def _dac_imports():
    bare_packages("dac", "dac.nn")


def DecoderLike():  # noqa: N802 - dac.model.dac.DecoderBlock's layers (dac.model.dac imports audiotools, absent)
    _dac_imports()
    import torch.nn as nn
    from dac.nn.layers import Snake1d, WNConv1d, WNConvTranspose1d

    class DecoderLike(nn.Module):
        def __init__(self):
            super().__init__()
            self.block = nn.Sequential(Snake1d(8), WNConvTranspose1d(8, 4, kernel_size=4, stride=2, padding=1),
                                       Snake1d(4), WNConv1d(4, 1, kernel_size=7, padding=3))

        def forward(self, x):
            return self.block(x)

    return DecoderLike


def dac_decoder_block():
    torch.manual_seed(0)
    return DecoderLike()().eval()


def dac_vq():
    _dac_imports()
    from dac.nn.quantize import VectorQuantize

    torch.manual_seed(0)
    return VectorQuantize(input_dim=8, codebook_size=16, codebook_dim=4).eval()


def latents_call(module, device=None):
    with torch.no_grad():
        return module(torch.randn(1, 8, 5, device=device))


def VectorQuantize():  # noqa: N802
    _dac_imports()
    from dac.nn.quantize import VectorQuantize as cls
    return cls


def Attention():  # noqa: N802
    from modeling_finetune import Attention as cls
    return cls


def WindowAttention():  # noqa: N802
    bare_packages("models")
    from models.swin_transformer_v2 import WindowAttention as cls
    return cls


# --- cleanrl: sac_continuous_action.py's Actor (the script imports gymnasium, tyro, sb3's ReplayBuffer: stand-ins) ---

def _cleanrl_imports():
    for name in ("gymnasium", "tyro", "stable_baselines3", "stable_baselines3.common", "stable_baselines3.common.buffers"):
        _stub(name)
    sys.modules["stable_baselines3.common.buffers"].ReplayBuffer = object
    _stub("torch.utils.tensorboard", SummaryWriter=object)
    sys.modules["gymnasium"].spaces = types.SimpleNamespace(Box=object)


def cleanrl_sac_actor():
    _cleanrl_imports()
    import numpy as np
    from cleanrl.sac_continuous_action import Actor

    space = types.SimpleNamespace(shape=(3,), high=np.array([2.0, 2.0]), low=np.array([-2.0, -2.0]))
    env = types.SimpleNamespace(single_observation_space=space, single_action_space=types.SimpleNamespace(
        shape=(2,), high=np.array([2.0, 2.0]), low=np.array([-2.0, -2.0])))
    torch.manual_seed(0)
    return Actor(env)


def cleanrl_get_action_call(module, device=None):
    # the training loop: actions, _, _ = actor.get_action(torch.Tensor(obs).to(device))
    return module.get_action(torch.randn(4, 3, device=device))


def Actor():  # noqa: N802
    _cleanrl_imports()
    from cleanrl.sac_continuous_action import Actor as cls
    return cls


def Tacotron():  # noqa: N802
    from models.tacotron import Tacotron as cls
    return cls


def Transformer():  # noqa: N802
    bare_packages("models")
    from models.transformer import Transformer as cls
    return cls
