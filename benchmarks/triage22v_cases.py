"""Small builds and calls for the issue-22 "v" triage (docs/triage-issue22-v.md), run by benchmarks/triage22v_runtime.sh
through `offload-lint confirm --factory/--call` with PYTHONPATH=/tmp/wt_v (the linter the round measures, 5019432).
Each builds the row's class small, with its repository's own constructor, and makes the call its callers make:

- pytorch-ts: GaussianDiffusion (pts/modules/gaussian_diffusion.py) with the TimeGrad EpsilonTheta denoiser
  (pts/model/time_grad/epsilon_theta.py), as TimeGradTrainingNetwork builds it; calls sample(cond=...) (as
  TimeGradPredictionNetwork.sampling_decoder does) and log_prob(x, cond) (as TimeGradTrainingNetwork.forward does).
  GaussianDiffusion is built as its own root (inside TimeGrad it is an unmatched direct child: at leaf its own buffers
  are grouped on its own, never-running forward either way). Both files are loaded from their paths (pts/__init__
  imports gluonts, not installed); they import only torch/numpy.
- enhancing-transformers: GPT (enhancing/modules/stage2/layers.py) small, sample(conds) (CondTransformer.sample ->
  self.transformer.sample -> Block.sample). GPT is built as its own root (in CondTransformer, a LightningModule, GPT
  is an unmatched direct child: its blocks are then in the root's group; as its own root the blocks are hooked
  one by one: both leave Block.sample's weights offloaded). layers.py imports omegaconf at module level (not installed,
  not used by GPT): a one-line dummy module is put in sys.modules for that import only.
- sentence-transformers: SparseAutoEncoder (sparse_encoder/models/SparseAutoEncoder.py) small, called as the
  SparseEncoder's Sequential calls it (features dict). The class source is executed with its base class
  `sentence_transformers.models.Module` replaced by nn.Module (the package imports sklearn, not installed; the base adds
  config save/load only).

Nothing was installed into the Python environment.
"""

from __future__ import annotations

import os
import sys
import types

import torch

from benchmarks.triage_harness import load_file

C20 = os.environ.get("C20", "/tmp/corp20")


def _load(name, *parts):
    return load_file(name, os.path.join(C20, *parts))


# --- pytorch-ts ------------------------------------------------------------------------------------------------------

def PtsGaussianDiffusion():  # noqa: N802
    return _load("t22v_pts_gd", "pytorch-ts", "pts", "modules", "gaussian_diffusion.py").GaussianDiffusion


def pts_gd():
    torch.manual_seed(0)
    eps = _load("t22v_pts_eps", "pytorch-ts", "pts", "model", "time_grad", "epsilon_theta.py").EpsilonTheta
    # TimeGradTrainingNetwork: EpsilonTheta(target_dim, cond_length=num_cells, residual_layers, residual_channels,
    # dilation_cycle_length); GaussianDiffusion(denoise_fn, input_size=target_dim, diff_steps, loss_type, beta_end,
    # beta_schedule)
    denoise = eps(target_dim=4, cond_length=8, residual_layers=2, residual_channels=4, dilation_cycle_length=2)
    return PtsGaussianDiffusion()(denoise, input_size=4, diff_steps=5, loss_type="l2", beta_end=0.1,
                                  beta_schedule="linear").eval()


def pts_gd_sample(module, device=None):
    torch.manual_seed(1)
    with torch.no_grad():
        # sampling_decoder: cond = distr_args (batch*samples, 1, num_cells)
        return module.sample(cond=torch.randn(3, 1, 8, device=device))


def pts_gd_log_prob(module, device=None):
    torch.manual_seed(1)
    with torch.no_grad():
        # TimeGradTrainingNetwork.forward: log_prob(target (B, T, target_dim), distr_args (B, T, num_cells))
        return module.log_prob(torch.randn(2, 3, 4, device=device), torch.randn(2, 3, 8, device=device))


# --- enhancing-transformers ------------------------------------------------------------------------------------------

def EnhGPT():  # noqa: N802
    if "omegaconf" not in sys.modules:
        stub = types.ModuleType("omegaconf")
        stub.OmegaConf = object
        sys.modules["omegaconf"] = stub
    return _load("t22v_enh_stage2", "enhancing-transformers", "enhancing", "modules", "stage2", "layers.py").GPT


def enh_gpt():
    torch.manual_seed(0)
    return EnhGPT()(vocab_cond_size=10, vocab_img_size=16, embed_dim=16, cond_num_tokens=1, img_num_tokens=4,
                    n_heads=2, n_layers=2).eval()


def enh_gpt_sample(module, device=None):
    torch.manual_seed(1)
    with torch.no_grad():
        return module.sample(conds=torch.randint(0, 10, (2, 1), device=device), top_k=4, use_fp16=False)


# --- sentence-transformers -------------------------------------------------------------------------------------------

def StSparseAutoEncoder():  # noqa: N802
    name = "t22v_st_sae"
    if name not in sys.modules:
        path = os.path.join(C20, "sentence-transformers", "sentence_transformers", "sparse_encoder", "models",
                            "SparseAutoEncoder.py")
        src = open(path, encoding="utf-8").read().replace(
            "from sentence_transformers.models.Module import Module", "Module = nn.Module")
        mod = types.ModuleType(name)
        mod.__file__ = path
        sys.modules[name] = mod
        exec(compile(src, path, "exec"), mod.__dict__)
    return sys.modules[name].SparseAutoEncoder


def st_sae():
    torch.manual_seed(0)
    return StSparseAutoEncoder()(input_dim=16, hidden_dim=32, k=4, k_aux=8)


def st_sae_call(module, device=None):
    # SparseEncoder (a Sequential) calls each module with the features dict; training mode runs encode + decode
    torch.manual_seed(1)
    return module({"sentence_embedding": torch.randn(3, 16, device=device)})


def st_sae_call_inference(module, device=None):
    torch.manual_seed(1)
    with torch.inference_mode():
        return module({"sentence_embedding": torch.randn(3, 16, device=device)})
