"""Small builds and calls for the issue-22 "ar" triage (docs/triage-issue22-ar.md), run by
benchmarks/triage22ar_runtime.sh through `offload-lint confirm --factory/--call` (tracking backend, CPU) with
PYTHONPATH=/tmp/wt_ar (the linter the round measures). normflows and zuko are imported from the corpus copies
(/tmp/corp42/normflows, /tmp/corp42/zuko: the measured commits; they need only torch / numpy); perceiver-pytorch from
/tmp/corp42/perceiver-pytorch with its one pure-Python dependency einops installed into /tmp/t22ar/site (pip --target
--no-deps; nothing installed into the environment). For the recall checks two layer files of neuraloperator are imported
from /tmp/corp42/neuraloperator through bare namespace packages (its __init__ needs matplotlib / h5py / wandb), with
tensorly, tensorly-torch and opt_einsum in the same private folder. sbi, botorch, deepxde and the rest of neuraloperator
need packages absent here (gpytorch / linear_operator, pyknos / nflows / arviz, matplotlib, h5py, wandb): their rows
are labelled from reading.

- normflows: NormalizingFlow.forward_kld / sample with DiagGaussian, GaussianPCA, InvertibleAffine, Reverse and the
  circular coupled spline; MultiscaleFlow.forward_and_log_det / sample / forward_kld (GlowBase); Target sampling.
- zuko: BayesianModel.reparameterize(local_trick=True).
- perceiver-pytorch: Perceiver (perceiver_pytorch, experimental, gated) forward.
- recall: neuraloperator's legacy SpectralConv / 1d / 2d / 3d forward (and, as an aside, the current SpectralConv).
"""

from __future__ import annotations

import numpy as np
import torch

import normflows as nf
from normflows.core import MultiscaleFlow, NormalizingFlow
from normflows.distributions.base import DiagGaussian, GaussianPCA, GlowBase
from normflows.distributions.target import RingMixture, TwoMoons
from normflows.flows import AffineConstFlow, InvertibleAffine
from normflows.flows.base import Reverse
from normflows.flows.neural_spline.wrapper import CircularCoupledRationalQuadraticSpline
from zuko.bayesian import BayesianModel
from zuko.nn import MLP


def _seed():
    torch.manual_seed(0)
    np.random.seed(0)


# --- normflows NormalizingFlow: forward_kld(x) on device data (rows 6, 37, 22, 23, 19, 2) ---
def nf_diag():
    _seed()
    return NormalizingFlow(q0=DiagGaussian(2), flows=[AffineConstFlow((2,))])


def nf_pca():
    _seed()
    return NormalizingFlow(q0=GaussianPCA(2, latent_dim=2), flows=[AffineConstFlow((2,))])


def nf_invaff():
    _seed()
    return NormalizingFlow(q0=DiagGaussian(2, trainable=False), flows=[InvertibleAffine(2)])


def nf_reverse():
    _seed()
    return NormalizingFlow(q0=DiagGaussian(2, trainable=False), flows=[Reverse(AffineConstFlow((2,)))])


def nf_circ():
    _seed()
    flow = CircularCoupledRationalQuadraticSpline(2, 1, 8, [1], tail_bound=torch.tensor([5.0, np.pi]))
    return NormalizingFlow(q0=DiagGaussian(2, trainable=False), flows=[flow])


def kld_call(module, device=None):
    x = torch.rand(5, 2, device=device) * 2 - 1
    return module.forward_kld(x)


def sample_call(module, device=None):
    z, log_q = module.sample(5)
    return z, log_q


# --- normflows MultiscaleFlow (rows 46, 55; 21 with GlowBase) ---
def msf():
    _seed()
    return MultiscaleFlow(q0=[DiagGaussian((4,))], flows=[[AffineConstFlow((4,)), AffineConstFlow((4,))]],
                          merges=[], class_cond=False)


def msf_fwd_call(module, device=None):
    return module.forward_and_log_det([torch.randn(3, 4, device=device)])


def msf_sample_call(module, device=None):
    return module.sample(3)


def msf_glowbase():
    _seed()
    # no flow layers: AffineConstFlow's 0-dim log_det cannot take MultiscaleFlow.log_prob's in-place batch sum
    return MultiscaleFlow(q0=[GlowBase((4,), num_classes=3)], flows=[[]], merges=[], class_cond=True)


def msf_glow_kld_call(module, device=None):
    x = torch.randn(3, 4, device=device)
    y = torch.tensor([0, 1, 2], device=device)
    return module.forward_kld(x, y)


# --- normflows targets (rows 29, 33, 34, 53): the notebooks' `target.sample(n).to(device)` ---
def two_moons():
    _seed()
    return TwoMoons()


def ring_mixture():
    _seed()
    return RingMixture()


def target_sample_call(module, device=None):
    return module.sample(16).to(device)


# --- zuko BayesianModel, local reparameterization trick (rows 38, 54) ---
def bayes_mlp():
    _seed()
    return BayesianModel(MLP(3, 2, hidden_features=[8]), init_logvar=-9.0)


def bayes_local_call(module, device=None):
    x = torch.randn(4, 3, device=device)
    with module.reparameterize(local_trick=True) as net:
        return net(x)


# --- perceiver-pytorch (rows 7, 49; 27; 17 on the api reading) ---
def _perceiver_kwargs():
    return dict(input_channels=3, input_axis=2, num_freq_bands=2, max_freq=4.0, depth=2, num_latents=4,
                latent_dim=16, cross_heads=1, latent_heads=2, cross_dim_head=8, latent_dim_head=8, num_classes=5)


def perceiver():
    from perceiver_pytorch import Perceiver

    _seed()
    return Perceiver(**_perceiver_kwargs()).eval()


def perceiver_experimental():
    from perceiver_pytorch.experimental import Perceiver

    _seed()
    kw = _perceiver_kwargs()
    return Perceiver(**{k: v for k, v in kw.items() if k in (
        "input_channels", "input_axis", "num_freq_bands", "max_freq", "depth", "num_latents", "latent_dim",
        "cross_heads", "latent_heads", "cross_dim_head", "latent_dim_head", "num_classes")},
        fourier_encode_data=False,  # with the default True, data_proj's width counts input_channels twice: no run
    ).eval()


def perceiver_gated():
    from perceiver_pytorch.gated import Perceiver

    _seed()
    kw = _perceiver_kwargs()
    return Perceiver(**{k: v for k, v in kw.items() if k in (
        "input_channels", "input_axis", "num_freq_bands", "max_freq", "depth", "num_latents", "latent_dim",
        "cross_heads", "latent_heads", "cross_dim_head", "latent_dim_head", "num_classes")}).eval()


def perceiver_call(module, device=None):
    with torch.no_grad():
        return module(torch.randn(1, 4, 4, 3, device=device))


# zuko BayesianModel around a flow (the tutorial's second use; block level cannot be applied around a bare MLP base:
# diffusers slices the direct Sequential child and zuko's MLP subclass cannot be rebuilt from an OrderedDict)
def bayes_maf():
    import zuko

    _seed()
    return BayesianModel(zuko.flows.MAF(features=3, context=2, transforms=1, hidden_features=[8]), init_logvar=-9.0)


def bayes_maf_local_call(module, device=None):
    x = torch.randn(4, 3, device=device)
    c = torch.randn(4, 2, device=device)
    with module.reparameterize(local_trick=True) as flow:
        return flow(c).log_prob(x)


# --- recall: neuraloperator's legacy SpectralConv (blind hazards 1-8). neuralop/__init__ imports its whole stack
# (matplotlib, h5py, wandb: absent here), so the two packages on the way are registered as bare namespace modules and only
# layers/legacy_spectral_convolution.py and its four sibling imports run (corpus copy); tensorly / tensorly-torch /
# opt_einsum from /tmp/t22ar/site (pip --target --no-deps). ---
def _legacy():
    import sys
    import types

    root = "/tmp/corp42/neuraloperator/neuralop"
    for name, path in (("neuralop", root), ("neuralop.layers", root + "/layers")):
        if name not in sys.modules:
            module = types.ModuleType(name)
            module.__path__ = [path]
            sys.modules[name] = module
    import neuralop.layers.legacy_spectral_convolution as legacy

    return legacy


LEGACY = _legacy()
LegacySpectralConv = LEGACY.SpectralConv
LegacySpectralConv1d, LegacySpectralConv2d, LegacySpectralConv3d = (
    LEGACY.SpectralConv1d, LEGACY.SpectralConv2d, LEGACY.SpectralConv3d)


def legacy_conv():
    _seed()
    return LegacySpectralConv(3, 3, n_modes=(4, 4))


def legacy_conv1d():
    _seed()
    return LegacySpectralConv1d(3, 3, n_modes=(4,))


def legacy_conv2d():
    _seed()
    return LegacySpectralConv2d(3, 3, n_modes=(4, 4))


def legacy_conv3d():
    _seed()
    return LegacySpectralConv3d(2, 2, n_modes=(4, 4, 4))


def conv1d_call(module, device=None):
    return module(torch.randn(1, 3, 8, device=device))


def conv2d_call(module, device=None):
    return module(torch.randn(1, 3, 8, 8, device=device))


def conv3d_call(module, device=None):
    return module(torch.randn(1, 2, 8, 8, 8, device=device))


# aside of the recall list (outside the six files): the current SpectralConv that FNO's blocks use holds its weight as a
# tltorch FactorizedTensor child too (spectral_convolution.py:362)
import neuralop.layers.spectral_convolution as _spectral  # noqa: E402  (after the namespace shim above)

CurrentSpectralConv = _spectral.SpectralConv


def current_conv():
    _seed()
    return CurrentSpectralConv(3, 3, n_modes=(4, 4))
