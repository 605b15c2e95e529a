"""Small builds and calls for the issue-22 "ab" triage (docs/triage-issue22-ab.md), run by
benchmarks/triage22ab_runtime.sh through `offload-lint confirm --factory/--call` with PYTHONPATH=/tmp/wt_ab (the linter
the round measures, e3fbd5b). Each builds the row's class small from its repository's file and makes the call its
callers make:

- PyTorch-RL models/mlp_policy.py Policy.get_fim, then core/trpo.py:84's `M * Jv` (row 1).
- UNITER model/attention.py MultiheadAttention.forward, kdim = vdim = embed_dim as nlvr2.py builds it (rows 2, 3).
- ban-vqa BiAttention (row 4), SimpleClassifier (row 5), FCNet (row 8): legacy weight_norm at leaf.
- DiffPIR utils/utils_resizer.py Resizer (row 7): the ParameterList weights at leaf.

Nothing was installed into the Python environment.
"""

from __future__ import annotations

import os
import sys

import torch

from benchmarks.triage_harness import classes_from_source, load_file

C26 = os.environ.get("C26", "/tmp/corp26")


def _root(name):
    path = os.path.join(C26, name)
    if path not in sys.path:
        sys.path.insert(0, path)
    return path


# --- PyTorch-RL Policy.get_fim (row 1) --------------------------------------------------------------------------------

def RlPolicy():  # noqa: N802
    _root("PyTorch-RL")
    return load_file("t22ab_mlp_policy", os.path.join(C26, "PyTorch-RL/models/mlp_policy.py")).Policy


def rl_policy():
    torch.manual_seed(0)
    return RlPolicy()(11, 3, hidden_size=(16, 16))


def rl_fim_call(module, device=None):
    states = torch.randn(4, 11, device=device)  # trpo_gym.py:89, states on the device
    M, mu, info = module.get_fim(states)  # core/trpo.py:76
    Jv = torch.ones_like(mu.view(-1))  # trpo.py:83, a gradient w.r.t. t (on mu's device)
    return M * Jv.detach()  # trpo.py:84


# --- UNITER MultiheadAttention (rows 2, 3) ------------------------------------------------------------------------------

def UniterMha():  # noqa: N802
    return load_file("t22ab_uniter_attention", os.path.join(C26, "UNITER/model/attention.py")).MultiheadAttention


def uniter_mha():
    torch.manual_seed(0)
    return UniterMha()(32, 4, 0.1)  # nlvr2.py:135 (hidden, heads, dropout)


def uniter_mha_call(module, device=None):
    x = torch.randn(5, 2, 32, device=device)
    return module(x, x, x)


# --- ban-vqa weight_norm (rows 4, 5, 8) ----------------------------------------------------------------------------------

def _ban(name):
    _root("ban-vqa")
    return load_file("t22ab_ban_" + name, os.path.join(C26, "ban-vqa", name + ".py"))


def BanBiAtt():  # noqa: N802
    return _ban("attention").BiAttention


def ban_biatt():
    torch.manual_seed(0)
    return BanBiAtt()(24, 16, 16, 8)  # base_model.py:108 (v_dim, num_hid, num_hid, gamma 8)


def ban_biatt_call(module, device=None):
    return module(torch.randn(2, 5, 24, device=device), torch.randn(2, 7, 16, device=device))


def BanCls():  # noqa: N802
    return _ban("classifier").SimpleClassifier


def ban_cls():
    torch.manual_seed(0)
    return BanCls()(16, 32, 10, 0.5)


def ban_cls_call(module, device=None):
    return module(torch.randn(2, 16, device=device))


def BanFc():  # noqa: N802
    return _ban("fc").FCNet


def ban_fc():
    torch.manual_seed(0)
    return BanFc()([16, 16], "", 0.2)  # base_model.py:116 q_prj


def ban_fc_call(module, device=None):
    return module(torch.randn(2, 16, device=device))


# --- DiffPIR Resizer (row 7) ---------------------------------------------------------------------------------------------

def DiffpirResizer():  # noqa: N802
    return classes_from_source("t22ab_resizer", os.path.join(C26, "DiffPIR/utils/utils_resizer.py"), {"Resizer"},
                               "import numpy as np\nimport torch\nfrom math import pi\nfrom torch import nn\n",
                               functions=True).Resizer


def diffpir_resizer():
    return DiffpirResizer()((1, 3, 16, 16), 1 / 4)  # main_ddpir_sisr.py:209, Resizer(shape, 1/sf)


def diffpir_resizer_call(module, device=None):
    return module(torch.randn(1, 3, 16, 16, device=device))
