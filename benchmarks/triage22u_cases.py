"""Small builds and calls for the issue-22 "u" triage (docs/triage-issue22-u.md), run by benchmarks/triage22u_runtime.sh
through `offload-lint confirm --factory/--call` with PYTHONPATH=/tmp/wt_u (the linter the round measures, 9e451bf).
Each builds the row's class small, with its repository's own constructor, and makes the call its callers make:

- Attention-Gated-Networks: sononet_grid_attention (the root its configs build, `aggregation_mode` mean / ft /
  deep_sup), whose forward runs GridAttentionBlock2D_TORR.forward -> self.operation_function (= _concatenation) and
  self.aggregate (= aggreagation_concat / aggregation_ft / aggregation_ds); the attention layers
  GridAttentionBlock2D (modes concatenation, concatenation_debug, concatenation_residual) and NONLocalBlock2D (modes
  embedded_gaussian, dot_product, gaussian, concatenation, concat_proper, concat_proper_down) built as their own roots
  (a stronger premise than their real one, children of the U-Nets), forward (x, g) / (x).
  sononet is built as configs/config_sononet_grid_att_8*.json build it (nonlocal_mode concatenation_mean_flow).
- Person_reID_baseline_pytorch: USAM (built by ft_net(usam=True), train.py/test.py --usam), called as the model calls
  it; USAM overrides __call__ and defines no forward.

Nothing was installed into the Python environment.
"""

from __future__ import annotations

import os
import sys

import torch
import torch.nn as nn

C19 = os.environ.get("C19", "/tmp/corp19")


def _path(*parts):
    path = os.path.join(C19, *parts)
    if path not in sys.path:
        sys.path.insert(0, path)


# --- Attention-Gated-Networks ----------------------------------------------------------------------------------------

def _agn():
    _path("Attention-Gated-Networks")


def AgnSononet():  # noqa: N802
    _agn()
    from models.networks.sononet_grid_attention import sononet_grid_attention
    return sononet_grid_attention


def _sononet(mode):
    # configs/config_sononet_grid_att_8*.json: feature_scale 8, nonlocal_mode concatenation_mean_flow, aggregation_mode
    # mean / deep_sup / ft (the default 'concat' fails at construction: `self.aggreagation_concat` typo).
    torch.manual_seed(0)
    return AgnSononet()(feature_scale=8, n_classes=3, in_channels=1, nonlocal_mode="concatenation_mean_flow",
                        aggregation_mode=mode).eval()


def sononet_mean():
    return _sononet("mean")


def sononet_ft():
    return _sononet("ft")


def sononet_ds():
    return _sononet("deep_sup")


def sononet_call(module, device=None):
    torch.manual_seed(1)
    with torch.no_grad():
        return module(torch.randn(2, 1, 64, 64, device=device))


def AgnGrid():  # noqa: N802
    _agn()
    from models.layers.grid_attention_layer import GridAttentionBlock2D
    return GridAttentionBlock2D


def _grid(mode):
    torch.manual_seed(0)
    return AgnGrid()(in_channels=8, gating_channels=16, inter_channels=8, mode=mode, sub_sample_factor=(2, 2)).eval()


def grid_concatenation():
    return _grid("concatenation")


def grid_concatenation_debug():
    return _grid("concatenation_debug")


def grid_concatenation_residual():
    return _grid("concatenation_residual")


def grid_call(module, device=None):
    torch.manual_seed(1)
    with torch.no_grad():
        return module(torch.randn(2, 8, 16, 16, device=device), torch.randn(2, 16, 8, 8, device=device))


def AgnNonLocal():  # noqa: N802
    _agn()
    from models.layers.nonlocal_layer import NONLocalBlock2D
    return NONLocalBlock2D


def _nonlocal(mode):
    # sub_sample_factor as a list (an int breaks the 'gaussian' branch: `[2] > 1`)
    torch.manual_seed(0)
    return AgnNonLocal()(in_channels=8, inter_channels=4, mode=mode, sub_sample_factor=[2, 2]).eval()


def nl_embedded_gaussian():
    return _nonlocal("embedded_gaussian")


def nl_dot_product():
    return _nonlocal("dot_product")


def nl_gaussian():
    return _nonlocal("gaussian")


def nl_concatenation():
    return _nonlocal("concatenation")


def nl_concat_proper():
    return _nonlocal("concat_proper")


def AgnNonLocal3D():  # noqa: N802
    _agn()
    from models.layers.nonlocal_layer import NONLocalBlock3D
    return NONLocalBlock3D


def nl_concat_proper_down():
    # its upsampling is hard-coded 'trilinear': 3-D only
    torch.manual_seed(0)
    return AgnNonLocal3D()(in_channels=8, inter_channels=4, mode="concat_proper_down", sub_sample_factor=[2, 2, 2]).eval()


def nl3_call(module, device=None):
    torch.manual_seed(1)
    with torch.no_grad():
        return module(torch.randn(2, 8, 4, 8, 8, device=device))


def nl_call(module, device=None):
    torch.manual_seed(1)
    with torch.no_grad():
        return module(torch.randn(2, 8, 8, 8, device=device))


# --- Person_reID_baseline_pytorch: model.py USAM ---------------------------------------------------------------------

def ReidUSAM():  # noqa: N802
    # model.py imports pretrainedmodels/timm/utils at module level; only USAM is needed: exec its class source alone.
    src = open(os.path.join(C19, "Person_reID_baseline_pytorch", "model.py")).read()
    start = src.index("class USAM(nn.Module):")
    end = src.index("def activate_drop(m):")
    ns = {"torch": torch, "nn": nn, "__name__": "reid_model_usam"}
    exec(compile(src[start:end], os.path.join(C19, "Person_reID_baseline_pytorch", "model.py"), "exec"), ns)
    return ns["USAM"]


def reid_usam():
    torch.manual_seed(0)
    return ReidUSAM()().eval()


def reid_usam_call(module, device=None):
    torch.manual_seed(1)
    with torch.no_grad():
        return module(torch.randn(2, 64, 16, 8, device=device))
