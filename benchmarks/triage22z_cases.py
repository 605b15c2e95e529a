"""Small builds and calls for the issue-22 "z" triage (docs/triage-issue22-z.md), run by benchmarks/triage22z_runtime.sh
through `offload-lint confirm --factory/--call` with PYTHONPATH=/tmp/wt_z (the linter the round measures, 8892b8c).
Each builds the row's class small, with its repository's own constructor, and makes the call its callers make:

- Diffusion-Policies toy_experiments/diffusion.py Diffusion with ql_diffusion.py's MLP (class sources taken from the
  files: utils/logger imports tabulate, not installed; agents.helpers imported from the repository): loss (row 35),
  sample_t_last (row 39), sample_last_few (rows 47, 3), as QL_Diffusion.train calls them.
- Diffusion-Policies toy_experiments/bc_mle.py GaussianPolicy.log_prob (rows 29, 37: ql_mle's class is the same code),
  toy_experiments/bc_cvae.py VAE.sample (row 4, labelled false AB by the first helper: run_toy_bc.py:133 calls it).
- ReChorus src/models/reranker/SetRank.py MAB (row 22: nn.MultiheadAttention's out_proj at leaf).
- whisper-vits-svc vits_decoder/bigv.py AMPBlock (row 14: legacy weight_norm at leaf), imported as a package.
- RVC-WebUI infer/module/models.py SynthesizerTrnMs256NSFsid_nono.infer (row 23; row 5 is the NSF twin), imported
  from the repository (scipy is installed), a small config.

Nothing was installed into the Python environment.
"""

from __future__ import annotations

import os
import sys

import torch
import torch.nn as nn

from benchmarks.triage_harness import classes_from_source

C24 = os.environ.get("C24", "/tmp/corp24")
DP = os.path.join(C24, "Diffusion-Policies")


def _dp_path():
    if DP not in sys.path:
        sys.path.insert(0, DP)


# --- Diffusion-Policies Diffusion + MLP -----------------------------------------------------------------------------------

def DpDiffusion():  # noqa: N802
    _dp_path()
    prelude = ("import copy\nimport numpy as np\nimport torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n"
               "from agents.helpers import cosine_beta_schedule, linear_beta_schedule, vp_beta_schedule, extract, Losses\n"
               "Progress = Silent = None\n")
    return classes_from_source("t22z_dp_diffusion", os.path.join(DP, "toy_experiments", "diffusion.py"), {"Diffusion"},
                               prelude).Diffusion


def dp_diffusion():
    _dp_path()
    mlp = classes_from_source("t22z_dp_mlp", os.path.join(DP, "toy_experiments", "ql_diffusion.py"), {"MLP"},
                              "import torch\nimport torch.nn as nn\nfrom agents.helpers import SinusoidalPosEmb\n").MLP
    torch.manual_seed(0)
    model = mlp(state_dim=2, action_dim=2, device="cpu", hidden_dim=16)
    return DpDiffusion()(state_dim=2, action_dim=2, model=model, max_action=1.0, beta_schedule="vp", n_timesteps=6)


def dp_loss_call(module, device=None):
    return module.loss(torch.randn(4, 2, device=device), torch.randn(4, 2, device=device))


def dp_t_last_call(module, device=None):
    return module.sample_t_last(torch.randn(4, 2, device=device))


def dp_last_few_call(module, device=None):
    return module.sample_last_few(torch.randn(4, 2, device=device))


# --- Diffusion-Policies GaussianPolicy (bc_mle) and VAE (bc_cvae) ---------------------------------------------------------

_DP_PRE = ("import numpy as np\nimport torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n"
           "from torch.distributions import Distribution, Normal\nLOG_SIG_MAX = 2\nLOG_SIG_MIN = -20\n")


def DpGaussian():  # noqa: N802
    return classes_from_source("t22z_dp_mle", os.path.join(DP, "toy_experiments", "bc_mle.py"), {"GaussianPolicy"},
                               _DP_PRE).GaussianPolicy


def dp_gaussian():
    torch.manual_seed(0)
    return DpGaussian()(state_dim=2, action_dim=2, max_action=1.0, device="cpu", hidden_sizes=[16, 16])


def dp_log_prob_call(module, device=None):
    return module.log_prob(torch.randn(4, 2, device=device), torch.rand(4, 2, device=device) * 0.5)


def DpVAE():  # noqa: N802
    return classes_from_source("t22z_dp_cvae", os.path.join(DP, "toy_experiments", "bc_cvae.py"), {"VAE"},
                               _DP_PRE).VAE


def dp_vae():
    torch.manual_seed(0)
    return DpVAE()(state_dim=2, action_dim=2, latent_dim=4, max_action=1.0, device="cpu", hidden_dim=16)


def dp_vae_sample_call(module, device=None):
    module.device = device or "cpu"  # the toy scripts build the VAE with the run's device
    return module.sample(torch.zeros(4, 2, device=device))


# --- ReChorus SetRank MAB ---------------------------------------------------------------------------------------------------

def RcMAB():  # noqa: N802
    return classes_from_source("t22z_rc_setrank", os.path.join(C24, "ReChorus", "src", "models", "reranker", "SetRank.py"),
                               {"MAB"}, "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n").MAB


def rc_mab():
    torch.manual_seed(0)
    return RcMAB()(d_model=16, nhead=2, d_feedforward=16, dropout=0.0).eval()


def rc_mab_call(module, device=None):
    x = torch.randn(3, 1, 16, device=device)
    with torch.no_grad():
        return module(x, x, x)


# --- whisper-vits-svc AMPBlock --------------------------------------------------------------------------------------------

def WvsAMP():  # noqa: N802
    root = os.path.join(C24, "whisper-vits-svc")
    if root not in sys.path:
        sys.path.insert(0, root)
    from vits_decoder.bigv import AMPBlock
    return AMPBlock


def wvs_amp():
    torch.manual_seed(0)
    return WvsAMP()(8, 3, (1, 3, 5)).eval()


def wvs_amp_call(module, device=None):
    with torch.no_grad():
        return module(torch.randn(1, 8, 32, device=device))


# --- RVC-WebUI SynthesizerTrnMs256NSFsid_nono.infer ---------------------------------------------------------------------------

def RvcNono():  # noqa: N802
    root = os.path.join(C24, "RVC-WebUI")
    if root not in sys.path:
        sys.path.insert(0, root)
    from infer.module.models import SynthesizerTrnMs256NSFsid_nono
    return SynthesizerTrnMs256NSFsid_nono


def rvc_nono():
    torch.manual_seed(0)
    return RvcNono()(17, 8, 8, 8, 16, 2, 1, 3, 0.0, "1", [3], [[1, 3, 5]], [2, 2], 8, [4, 4], 2, 4, sr="40k").eval()


def rvc_nono_call(module, device=None):
    with torch.no_grad():
        return module.infer(torch.randn(1, 10, 256, device=device), torch.tensor([10], device=device),
                            torch.tensor([0], device=device))


# --- NATSpeech glow_modules InvConvNear (store_inverse, then the reverse forward) and CouplingBlock ------------------------

def _ns_path():
    root = os.path.join(C24, "NATSpeech")
    if root not in sys.path:
        sys.path.insert(0, root)


def NsInvConv():  # noqa: N802
    _ns_path()
    from modules.commons.normalizing_flow.glow_modules import InvConvNear
    return InvConvNear


def ns_invconv():
    torch.manual_seed(0)
    return NsInvConv()(channels=4, n_split=4, lu=True).eval()


def ns_store_inverse_call(module, device=None):
    """What tasks/tts/ps.py test_start does (store_inverse_all on the offloaded model), then the reverse pass."""
    with torch.no_grad():
        module.store_inverse()
        return module(torch.randn(1, 4, 6, device=device), torch.ones(1, 1, 6, device=device), reverse=True)


def NsCoupling():  # noqa: N802
    _ns_path()
    from modules.commons.normalizing_flow.glow_modules import CouplingBlock
    return CouplingBlock


def ns_coupling():
    torch.manual_seed(0)
    return NsCoupling()(in_channels=4, hidden_channels=8, kernel_size=3, dilation_rate=1, n_layers=2).eval()


def ns_coupling_call(module, device=None):
    with torch.no_grad():
        return module(torch.randn(1, 4, 6, device=device), torch.ones(1, 1, 6, device=device))
