"""k-diffusion row of the issue-22 "an" triage (docs/triage-issue22-an.md), run by benchmarks/triage22an_runtime.sh.
k_diffusion's package __init__ needs einops / jsonmerge / clean-fid / torchsde (absent here), so k_diffusion/external.py
is loaded alone, by path, inside a stand-in package whose `sampling.append_zero` is the library's own two-line
function (sampling.py:13-14) and whose `utils` is not used by the code run. Row 35: DiscreteEpsDDPMDenoiser (a
DiscreteSchedule; inner model one conv), get_sigmas(4), as external users of the CompVis / OpenAI wrappers call it.
"""

from __future__ import annotations

import importlib.util
import os
import sys
import types

import torch

C38 = os.environ.get("C38", "/tmp/corp38")

_pkg = types.ModuleType("k_diffusion")
_pkg.__path__ = [os.path.join(C38, "k-diffusion/k_diffusion")]
_sampling = types.ModuleType("k_diffusion.sampling")
_sampling.append_zero = lambda x: torch.cat([x, x.new_zeros([1])])  # k_diffusion/sampling.py:13-14
_utils = types.ModuleType("k_diffusion.utils")
_pkg.sampling, _pkg.utils = _sampling, _utils
for _name, _module in (("k_diffusion", _pkg), ("k_diffusion.sampling", _sampling), ("k_diffusion.utils", _utils)):
    sys.modules.setdefault(_name, _module)
_spec = importlib.util.spec_from_file_location("k_diffusion.external",
                                               os.path.join(C38, "k-diffusion/k_diffusion/external.py"))
external = importlib.util.module_from_spec(_spec)
sys.modules["k_diffusion.external"] = external
_spec.loader.exec_module(external)
DiscreteEpsDDPMDenoiser = external.DiscreteEpsDDPMDenoiser


def eps_denoiser():
    torch.manual_seed(0)
    alphas_cumprod = torch.linspace(0.999, 0.05, 20)
    return DiscreteEpsDDPMDenoiser(torch.nn.Conv2d(3, 3, 1), alphas_cumprod, quantize=False).eval()


def get_sigmas_call(module, device=None):
    with torch.no_grad():
        return module.get_sigmas(4)
