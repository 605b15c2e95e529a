"""Small builds and calls for the issue-22 "an" triage (docs/triage-issue22-an.md), run by
benchmarks/triage22an_runtime.sh through `offload-lint confirm --factory/--call` with PYTHONPATH=/tmp/wt_am (the linter
the round measures, bb2aec9) plus the MONAI corpus folder (MONAI is not installed here; /tmp/corp38/MONAI on the path).
Each builds the row's class small from the library's own files and makes the call its users make:

- SegResNetDS (2-D, init_filters 4, three levels).forward (row 36, block).
- SegResNetDS2 (the same, the VISTA3D encoder class).forward(x, with_point=True, with_label=True) (rows 30, 31, block).
- VISTA3D's point head PointMappingSAM (feature_size 16).forward(features, point coords, point labels), point-only
  prompts as VISTA3D.forward passes them (rows 19, 23, leaf).
- DiNTS' TopologySearch (2 blocks, 2 depths).get_ram_cost_usage, with the constructor's device argument set to the
  compute device as the DiNTS search and tests/networks/nets/test_dints_network.py do (row 2, both levels).

Only MONAI rows are run: speechbrain needs hyperpyyaml / torchaudio, LAVIS timm / omegaconf / torchvision, k-diffusion
einops, none installed here (nothing was installed).
"""

from __future__ import annotations

import os
import sys

import torch

C38 = os.environ.get("C38", "/tmp/corp38")
_MONAI = os.path.join(C38, "MONAI")
if _MONAI not in sys.path:
    sys.path.insert(0, _MONAI)

from monai.networks.nets import SegResNetDS, SegResNetDS2, TopologySearch  # noqa: E402
from monai.networks.nets.vista3d import PointMappingSAM  # noqa: E402

__all__ = ["SegResNetDS", "SegResNetDS2", "TopologySearch", "PointMappingSAM"]


def segresds():
    torch.manual_seed(0)
    return SegResNetDS(spatial_dims=2, init_filters=4, in_channels=1, out_channels=2, blocks_down=(1, 1, 1)).eval()


def segresds2():
    torch.manual_seed(0)
    return SegResNetDS2(spatial_dims=2, init_filters=4, in_channels=1, out_channels=2, blocks_down=(1, 1, 1)).eval()


def segres_call(module, device=None):
    with torch.no_grad():
        return module(torch.randn(1, 1, 16, 16, device=device))


def segres2_call(module, device=None):
    with torch.no_grad():
        return module(torch.randn(1, 1, 16, 16, device=device), with_point=True, with_label=True)


def point_head():
    torch.manual_seed(0)
    return PointMappingSAM(feature_size=16, max_prompt=2, n_classes=4, last_supported=2).eval()


def point_head_call(module, device=None):
    # VISTA3D.forward -> point_head(out, point_coords, point_labels, class_vector=None) for point-only prompts
    with torch.no_grad():
        out = torch.randn(1, 16, 8, 8, 8, device=device)
        coords = torch.tensor([[[2.0, 3.0, 4.0], [5.0, 1.0, 2.0]]], device=device)
        labels = torch.tensor([[1, 0]], device=device)
        return module(out, coords, labels)


def dints_space():
    torch.manual_seed(0)
    return TopologySearch(channel_mul=0.25, num_blocks=2, num_depths=2, spatial_dims=2, use_downsample=True)


def dints_ram_call(module, device=None):
    # the constructor's `device` argument is the compute device in the DiNTS search / tests (device="cuda")
    module.device = device if device is not None else "cpu"
    with torch.no_grad():
        return module.get_ram_cost_usage(in_size=(1, 1, 32, 32), full=False)


def dints_decode_call(module, device=None):
    # decode() -> get_prob_a(child=True): path_activation on self.device (the compute device) times log_alpha_a's row
    module.device = device if device is not None else "cpu"
    with torch.no_grad():
        return module.decode()


# --- speechbrain rows: the library imports with inert stand-ins for hyperpyyaml / torchaudio / sentencepiece / joblib
# (imported at speechbrain's package level, not used by the classes below) ---

def _speechbrain():
    import types  # noqa: PLC0415

    class _Inert(types.ModuleType):
        def __getattr__(self, attr):
            if attr.startswith("__"):
                raise AttributeError(attr)
            return lambda *a, **k: None

    for name in ("hyperpyyaml", "torchaudio", "torchaudio.functional", "torchaudio.transforms",
                 "torchaudio.compliance", "torchaudio.compliance.kaldi", "sentencepiece", "joblib"):
        if name not in sys.modules:
            module = _Inert(name)
            module.__path__ = []
            sys.modules[name] = module
    path = os.path.join(C38, "speechbrain")
    if path not in sys.path:
        sys.path.insert(0, path)


def _sb_class(module_name, class_name):
    _speechbrain()
    import importlib  # noqa: PLC0415
    return getattr(importlib.import_module(module_name), class_name)


def discriminator_s():
    torch.manual_seed(0)
    return _sb_class("speechbrain.lobes.models.HifiGAN", "DiscriminatorS")().eval()


def discriminator_call(module, device=None):
    with torch.no_grad():
        return module(torch.randn(1, 1, 128, device=device))


def conv_transpose_wn():
    torch.manual_seed(0)
    cls = _sb_class("speechbrain.nnet.CNN", "ConvTranspose1d")
    return cls(out_channels=4, kernel_size=4, in_channels=4, stride=2, padding=1, skip_transpose=True,
               weight_norm=True).eval()


def conv_transpose_call(module, device=None):
    with torch.no_grad():
        return module(torch.randn(1, 4, 16, device=device))


def vq_embedding():
    torch.manual_seed(0)
    return _sb_class("speechbrain.lobes.models.PIQ", "VQEmbedding")(8, 4, numclasses=2).eval()


def vq_call(module, device=None):
    # VectorQuantizedPSI_Audio.forward -> self.codebook.straight_through(hcat, labels) (PIQ.py:501)
    with torch.no_grad():
        return module.straight_through(torch.randn(2, 4, 3, 3, device=device),
                                       torch.tensor([0, 1], device=device))


class _TinyDenoiser(torch.nn.Module):
    """The UNet of recipes/AudioMNIST/diffusion, replaced by one conv (it only has to be a hooked child)."""

    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv1d(1, 1, 1)

    def forward(self, x, timesteps=None, **kwargs):
        return self.conv(x)


def denoising_diffusion():
    torch.manual_seed(0)
    cls = _sb_class("speechbrain.nnet.diffusion", "DenoisingDiffusion")
    return cls(model=_TinyDenoiser(), timesteps=4, beta_start=1e-4, beta_end=0.02).eval()


def diffusion_sample_call(module, device=None):
    # AudioMNIST train.py:801 `self.modules.diffusion_sample.sample(...)`: the start noise is placed by sample() itself
    with torch.no_grad():
        return module.sample((2, 1, 8))


def diffwave_diffusion():
    torch.manual_seed(0)
    _speechbrain()
    from speechbrain.lobes.models.DiffWave import DiffWave, DiffWaveDiffusion  # noqa: PLC0415
    model = DiffWave(input_channels=8, residual_layers=2, residual_channels=4, dilation_cycle_length=2,
                     total_steps=4, unconditional=True)
    return DiffWaveDiffusion(model, timesteps=4, beta_start=1e-4, beta_end=0.05).eval()


def diffwave_call(module, device=None):
    # the vocoder interface calls diffusion.inference (inference/vocoders.py:171); unconditional: device given
    with torch.no_grad():
        return module.inference(unconditional=True, scale=16, device=device if device is not None else "cpu")


# confirm's target MODULE:CLASS names these (the factories above build them small)
_speechbrain()
from speechbrain.lobes.models.DiffWave import DiffWaveDiffusion  # noqa: E402
from speechbrain.lobes.models.HifiGAN import DiscriminatorS  # noqa: E402
from speechbrain.lobes.models.PIQ import VQEmbedding  # noqa: E402
from speechbrain.nnet.CNN import ConvTranspose1d  # noqa: E402
from speechbrain.nnet.diffusion import DenoisingDiffusion  # noqa: E402

__all__ += ["DiffWaveDiffusion", "DiscriminatorS", "VQEmbedding", "ConvTranspose1d", "DenoisingDiffusion"]
