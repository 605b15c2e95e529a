"""Small builds and calls for the issue-22 "aq" triage (docs/triage-issue22-aq.md), run by
benchmarks/triage22aq_runtime.sh through `offload-lint confirm --factory/--call` (tracking backend, CPU) with
PYTHONPATH=/tmp/wt_aq (the linter the round measures). pyro is not installed: the corpus copy (C41/pyro, the measured
commit) is imported as the package `pyro` from PYTHONPATH, with its two small pure-Python dependencies opt_einsum and
pyro-api installed into /tmp/t22aq/site (pip --target, nothing installed into the environment). No other library of the
round is importable here (deepchem, audiolm-pytorch, resemble-enhance, mmocr, lightning-bolts, openpifpaf need packages
absent from this machine); their rows are labelled from reading.

- pyro normalizing flows (TransformModule: no forward; called through Transform.__call__): Radial, Planar, Sylvester,
  BatchNorm, GeneralizedChannelPermute, MatrixExponential, Polynomial, SplineAutoregressive, AffineAutoregressive.
- pyro.contrib.timeseries: GenericLGSSM.forecast, GenericLGSSMWithGPNoiseModel.forecast, DependentMaternGP.log_prob.
- pyro.contrib.tracking: EKFState.predict with NcvContinuous / NcvDiscrete dynamic models.
- pyro.contrib.gp: SparseGPRegression / VariationalSparseGP model() through Trace_ELBO's differentiable_loss.
"""

from __future__ import annotations

import torch

import pyro
import pyro.distributions as dist
import pyro.distributions.transforms as T
from pyro.contrib.gp.kernels import RBF
from pyro.contrib.gp.likelihoods import Gaussian
from pyro.contrib.gp.models import SparseGPRegression, VariationalSparseGP
from pyro.contrib.timeseries import DependentMaternGP, GenericLGSSM, GenericLGSSMWithGPNoiseModel
from pyro.contrib.tracking.dynamic_models import NcvContinuous, NcvDiscrete
from pyro.contrib.tracking.extended_kalman_filter import EKFState

Radial, Planar, Sylvester, BatchNorm = T.Radial, T.Planar, T.Sylvester, T.BatchNorm
GeneralizedChannelPermute, MatrixExponential, Polynomial = T.GeneralizedChannelPermute, T.MatrixExponential, T.Polynomial
SplineAutoregressive, AffineAutoregressive = T.SplineAutoregressive, T.AffineAutoregressive


def _seed():
    torch.manual_seed(0)
    pyro.set_rng_seed(0)


# --- flows: `transform(x)` on a device input (Transform.__call__ -> _call) ---
def radial():
    _seed()
    return T.Radial(4)


def planar():
    _seed()
    return T.Planar(4)


def sylvester():
    _seed()
    return T.Sylvester(4, count_transforms=1)


def batchnorm():
    _seed()
    return T.BatchNorm(4).eval()


def matexp():
    _seed()
    return T.MatrixExponential(4)


def poly():
    _seed()
    return T.polynomial(4)


def spline_ar():
    _seed()
    return T.spline_autoregressive(4)


def affine_ar():
    _seed()
    return T.affine_autoregressive(4)


def flow_call(module, device=None):
    with torch.no_grad():
        return module(torch.randn(3, 4, device=device))


def gcp():
    _seed()
    return T.GeneralizedChannelPermute(channels=3)


def gcp_call(module, device=None):
    with torch.no_grad():
        return module(torch.randn(2, 3, 5, 5, device=device))


# --- timeseries: forecast / log_prob on device targets ---
def lgssm():
    _seed()
    return GenericLGSSM(obs_dim=2, state_dim=3)


def lgssmgp():
    _seed()
    return GenericLGSSMWithGPNoiseModel(obs_dim=2, state_dim=3)


def forecast_call(module, device=None):
    targets = torch.randn(6, 2, device=device)
    with torch.no_grad():
        pred = module.forecast(targets, 3)
        return pred.loc, pred.covariance_matrix


def dmgp():
    _seed()
    return DependentMaternGP(obs_dim=2)


def logprob_call(module, device=None):
    with torch.no_grad():
        return module.log_prob(torch.randn(6, 2, device=device))


# --- tracking: EKFState.predict with the dynamic model ---
def ncv_cont():
    _seed()
    return NcvContinuous(4, 2.0)


def ncv_disc():
    _seed()
    return NcvDiscrete(4, 2.0)


def ekf_predict_call(module, device=None):
    mean = torch.randn(4, device=device)
    cov = torch.eye(4, device=device)
    with torch.no_grad():
        state = EKFState(module, mean, cov, time=0.0)
        pred = state.predict(dt=1.0)
        return pred.mean, pred.cov


# --- GP: the SVI objective model() (Trace_ELBO's differentiable_loss of model / guide) on device data ---
def _gp_data():
    X = torch.linspace(0.0, 1.0, 12).unsqueeze(-1)
    return X, torch.sin(6 * X).squeeze(-1)


def sgpr():
    _seed()
    pyro.clear_param_store()
    X, y = _gp_data()
    return SparseGPRegression(X, y, RBF(input_dim=1), Xu=X[::3].clone(), jitter=1e-3)


def vsgp():
    _seed()
    pyro.clear_param_store()
    X, y = _gp_data()
    return VariationalSparseGP(X, y, RBF(input_dim=1), Xu=X[::3].clone(), likelihood=Gaussian(), jitter=1e-3)


def gp_loss_call(module, device=None):
    X, y = _gp_data()
    module.set_data(X.to(device), y.to(device))
    return pyro.infer.Trace_ELBO().differentiable_loss(module.model, module.guide)


# row 9 (Y): NcvContinuous.process_noise_cov with only :384-:385's placement changed (Q and eye placed on the device of
# the F that forward cached for this dt, the compute device); :392's product with the 0-dim sa2 kept as written.
class NcvContinuousQFixed(NcvContinuous):
    def process_noise_cov(self, dt=0.0):
        if dt not in self._Q_cache:
            with torch.no_grad():
                d = self._dimension
                dt2 = dt * dt
                dt3 = dt2 * dt
                device = self._F_cache[dt].device if dt in self._F_cache else self.sa2.device
                Q = torch.zeros(d, d, dtype=self.sa2.dtype, device=device)
                eye = torch.eye(d // 2, dtype=self.sa2.dtype, device=device)
                Q[: d // 2, : d // 2] = dt3 * eye / 3.0
                Q[: d // 2, d // 2 :] = dt2 * eye / 2.0
                Q[d // 2 :, : d // 2] = dt2 * eye / 2.0
                Q[d // 2 :, d // 2 :] = dt * eye
            Q = Q * (self.sa2 * dt)  # dynamic_models.py:392, unchanged
            self._Q_cache[dt] = Q
        return self._Q_cache[dt]


def ncv_cont_qfixed():
    _seed()
    return NcvContinuousQFixed(4, 2.0)


# row 56 (AB, `api` reading): LinearModelPosteriorGuide.forward, built nowhere in the tree, called as a guide would be
from pyro.contrib.oed.glmm.guides import LinearModelPosteriorGuide  # noqa: E402


def lm_guide():
    _seed()
    pyro.clear_param_store()
    return LinearModelPosteriorGuide(d=(), w_sizes={"w": 2}, y_sizes={"y": 3})


def lm_guide_call(module, device=None):
    with torch.no_grad():
        return module({"y": torch.randn(3, device=device)}, None, ["y"], ["w"])
