"""Small builds and calls for the issue-22 "q" triage (docs/triage-issue22-q.md), run by benchmarks/triage22q_runtime.sh
through `offload-lint confirm --factory/--call` with PYTHONPATH=/tmp/wt_q (the linter the round measures). Each builds
the class the way its repository does, small, and makes the call its callers make:

- normalizing_flows (glow.py, maf.py, test.py): glow.py's --train runs `model(x)` (data-dependent init) then
  `model.log_prob(x)` every step and `generate()` (`model.inverse(batch_size=..., z_std=...)` then `log_prob`) every
  save_interval; --visualize and test.py's test_glow call `model.inverse(zs)` with zs from the forward; test.py's
  test_layer builds one layer alone and calls `l(x)` then `l.inverse(u)`. maf.py's train/evaluate call
  `model.log_prob(x[, y])`; its generate (MNIST, after every epoch and with --generate) samples
  `u = model.base_dist.sample(...)` and calls `model.inverse(u[, labels])` then `model.log_prob(sample[, labels])`.
- ffjord (train_vae_flow.py builds the VAE; vae_lib/optimization calls `model(x)`): forward only.
- vae_vampprior (experiment.py; utils/training.py and evaluation.py): `model.calculate_loss(x, beta, average=True)`
  every step (forward, then log_p_z), `model.generate_x(25)` in evaluation.
- EfficientNet-PyTorch: the documented `model.extract_endpoints(inputs)` (model.py's docstring, tests/test_model.py).
- transformer-xl (train.py): `para_model(data, target, *mems)` in training: the crit after the layers; --div_val 4
  (run_wt103/lm1b scripts) for the adaptive embedding; --d_embed below --d_model (a train.py option) for out_projs.
- pytorch-dc-tts: SSRN's forward (train-ssrn.py, synthesize.py), hparams' ssrn_normalization='weight'.

Stand-ins: torchvision, tensorboardX and matplotlib (not installed; imported at module level by glow.py/maf.py/data.py
and vae_vampprior's utils) are stubbed under benchmarks/triage22q/stubs (nothing of them runs); scipy.misc.logsumexp
(gone from scipy) is scipy.special.logsumexp; torch.version.cuda (None on this CPU build; transformer-xl's
proj_adaptive_softmax.py parses it at import) is "11.0" while it is imported; torch.btrifact/btriunpack (removed from
torch long ago; only glow.py's lu_factorize=True uses them) are torch.linalg.lu_factor/torch.lu_unpack in the
`lu_layer` build only; transformer-xl's uint8 attention masks (refused by the installed torch's masked_fill whatever the
offloading) are taken as bool inside its calls. Nothing was installed."""

from __future__ import annotations

import argparse
import contextlib
import sys

import torch

def _stubs():
    sys.path.insert(0, "benchmarks/triage22q/stubs")


# --- normalizing_flows: glow.py ---

def _glow():
    _stubs()
    import glow
    return glow


def Glow():  # noqa: N802
    return _glow().Glow


def Invertible1x1Conv():  # noqa: N802
    return _glow().Invertible1x1Conv


def AffineCoupling():  # noqa: N802
    return _glow().AffineCoupling


def glow_model():
    torch.manual_seed(0)
    # glow.py: Glow(args.width, args.depth, args.n_levels, args.input_dims, args.checkpoint_grads), small
    return _glow().Glow(8, 2, 1, (3, 8, 8))


def glow_inverse_zs_call(module, device=None):
    # test.py test_glow / glow.py --visualize: zs from the model's forward, then model.inverse(zs)
    torch.manual_seed(1)
    with torch.no_grad():
        zs, _ = module(torch.rand(2, 3, 8, 8, device=device))  # also Actnorm's data-dependent init
        return module.inverse(zs)


def glow_generate_call(module, device=None):
    # glow.py generate(): model.eval(); model.inverse(batch_size=n, z_std=z) then model.log_prob(sample)
    torch.manual_seed(1)
    with torch.no_grad():
        module(torch.rand(2, 3, 8, 8, device=device))  # data_dependent_init, as --train does first
        module.eval()
        sample, _ = module.inverse(batch_size=2, z_std=0.7)
        return module.log_prob(sample, bits_per_pixel=True)


def glow_log_prob_call(module, device=None):
    # glow.py train_epoch: loss = - model.log_prob(x, bits_per_pixel=True).mean(0) (after data_dependent_init)
    torch.manual_seed(1)
    x = torch.rand(2, 3, 8, 8, device=device)
    with torch.no_grad():
        module(x)
    return module.log_prob(x, bits_per_pixel=True)


@contextlib.contextmanager
def _btrifact():
    # torch.btrifact/btriunpack (torch <= 1.2) as their torch.linalg successors, for the lu_factorize=True build only
    torch.Tensor.btrifact = lambda self: torch.linalg.lu_factor(self)
    torch.btriunpack = lambda lu, pivots: torch.lu_unpack(lu, pivots)
    try:
        yield
    finally:
        del torch.Tensor.btrifact
        del torch.btriunpack


def lu_layer():
    # test.py test_invertible1x1conv: Invertible1x1Conv(n_channels=12, lu_factorize=True), alone
    torch.manual_seed(0)
    with _btrifact():
        return _glow().Invertible1x1Conv(n_channels=4, lu_factorize=True)


def conv1x1_layer():
    # test.py test_invertible1x1conv: Invertible1x1Conv(n_channels=24), alone
    torch.manual_seed(0)
    return _glow().Invertible1x1Conv(n_channels=4)


def affine_coupling_layer():
    # test.py test_affinecoupling: AffineCoupling(n_channels=4, width=12), alone
    torch.manual_seed(0)
    return _glow().AffineCoupling(n_channels=4, width=6)


def glow_layer_call(module, device=None):
    # test.py test_layer: u, logd = l(x); recon_x, inv_logd = l.inverse(u)
    torch.manual_seed(1)
    with torch.no_grad():
        u, _ = module(torch.randn(2, 4, 6, 6, device=device))
        return module.inverse(u)


# --- normalizing_flows: maf.py ---

def _maf():
    _stubs()
    import maf
    return maf


def MAF():  # noqa: N802
    return _maf().MAF


def MADE():  # noqa: N802
    return _maf().MADE


def MADEMOG():  # noqa: N802
    return _maf().MADEMOG


def MAFMOG():  # noqa: N802
    return _maf().MAFMOG


def RealNVP():  # noqa: N802
    return _maf().RealNVP


def BatchNorm():  # noqa: N802
    return _maf().BatchNorm


def LinearMaskedCoupling():  # noqa: N802
    return _maf().LinearMaskedCoupling


# maf.py builds with (input_size, hidden_size, n_hidden, cond_label_size, activation, input_order); small, and
# conditional (--conditional on MNIST: cond_label_size 10, here 3)
def maf_model():
    torch.manual_seed(0)
    return _maf().MAF(2, 4, 8, 1, 3, "relu", "sequential", batch_norm=True)


def made_model():
    torch.manual_seed(0)
    return _maf().MADE(4, 8, 1, 3, "relu", "sequential")


def made_uncond_model():
    torch.manual_seed(0)
    return _maf().MADE(4, 8, 1, None, "relu", "sequential")


def mademog_model():
    torch.manual_seed(0)
    return _maf().MADEMOG(3, 4, 8, 1, 3, "relu", "sequential")


def mafmog_model():
    torch.manual_seed(0)
    return _maf().MAFMOG(2, 3, 4, 8, 1, 3, "relu", "sequential", batch_norm=True)


def realnvp_model():
    torch.manual_seed(0)
    return _maf().RealNVP(2, 4, 8, 1, 3, batch_norm=True)


def _maf_train_step(module, device, n_components=None):
    # maf.py train(): loss = - model.log_prob(x, y).mean(0), then (optimizer step); BatchNorm's running stats move
    x = torch.randn(6, 4, device=device)
    y = torch.eye(3, device=device)[torch.arange(6) % 3]
    module.train()
    module.log_prob(x, y)


def maf_generate_call(module, device=None, n_components=1):
    # maf.py generate(), conditional branch (MNIST --conditional): after training, model.eval();
    # u = model.base_dist.sample((n_row, args.n_components)).squeeze(); sample, _ = model.inverse(u, labels_i);
    # model.log_prob(sample, labels_i)
    torch.manual_seed(1)
    _maf_train_step(module, device)
    module.eval()
    with torch.no_grad():
        labels = torch.eye(3, device=device)
        u = module.base_dist.sample((2, n_components)).squeeze()
        labels_i = labels[0].expand(2, -1)
        sample, _ = module.inverse(u, labels_i)
        return module.log_prob(sample, labels_i)


def mog_generate_call(module, device=None):
    # the same for the mixture models (--n_components 3)
    return maf_generate_call(module, device, n_components=3)


def maf_log_prob_call(module, device=None):
    # maf.py train()/evaluate(): model.log_prob(x, y)
    torch.manual_seed(1)
    x = torch.randn(6, 4, device=device)
    y = torch.eye(3, device=device)[torch.arange(6) % 3]
    return module.log_prob(x, y)


def made_test_call(module, device=None):
    # test.py test_made: test_layer(MADE(...)): u, logd = l(x); l.inverse(u)
    torch.manual_seed(1)
    with torch.no_grad():
        u, _ = module(torch.randn(4, 4, device=device))
        return module.inverse(u)


def batchnorm_layer():
    # test.py test_batch_norm: BatchNorm(input_size), alone
    torch.manual_seed(0)
    return _maf().BatchNorm(4)


def batchnorm_test_call(module, device=None):
    # test.py test_batch_norm: train-mode loops, then l.eval() and test_layer again (running statistics)
    torch.manual_seed(1)
    with torch.no_grad():
        module.train()
        u, _ = module(torch.randn(6, 4, device=device))
        module.eval()
        u, _ = module(torch.randn(6, 4, device=device))
        return module.inverse(u)


def coupling_layer():
    # test.py test_linear_coupling: LinearMaskedCoupling(input_size, hidden_size=10, n_hidden=1, mask=mask), alone
    torch.manual_seed(0)
    mask = torch.arange(4).float() % 2
    return _maf().LinearMaskedCoupling(4, 8, 1, mask)


def coupling_test_call(module, device=None):
    torch.manual_seed(1)
    with torch.no_grad():
        u, _ = module(torch.randn(6, 4, device=device))
        return module.inverse(u)


# --- ffjord: vae_lib/models/VAE.py (train_vae_flow.py builds; vae_lib/optimization/training.py calls model(x)) ---

def _ffjord_args():
    return argparse.Namespace(z_size=4, input_size=[1, 28, 28], input_type="binary", cuda=False, num_flows=2,
                              num_ortho_vecs=2, num_householder=2, made_h_size=8)


def OrthogonalSylvesterVAE():  # noqa: N802
    from vae_lib.models.VAE import OrthogonalSylvesterVAE as cls
    return cls


def HouseholderSylvesterVAE():  # noqa: N802
    from vae_lib.models.VAE import HouseholderSylvesterVAE as cls
    return cls


def PlanarVAE():  # noqa: N802
    from vae_lib.models.VAE import PlanarVAE as cls
    return cls


def TriangularSylvesterVAE():  # noqa: N802
    from vae_lib.models.VAE import TriangularSylvesterVAE as cls
    return cls


def IAFVAE():  # noqa: N802
    from vae_lib.models.VAE import IAFVAE as cls
    return cls


def triangular_vae():
    torch.manual_seed(0)
    return TriangularSylvesterVAE()(_ffjord_args())


def iaf_vae():
    torch.manual_seed(0)
    return IAFVAE()(_ffjord_args())


def ortho_vae():
    torch.manual_seed(0)
    return OrthogonalSylvesterVAE()(_ffjord_args())


def householder_vae():
    torch.manual_seed(0)
    return HouseholderSylvesterVAE()(_ffjord_args())


def planar_vae():
    torch.manual_seed(0)
    return PlanarVAE()(_ffjord_args())


def ffjord_forward_call(module, device=None):
    # training.py: x_mean, z_mu, z_var, ldj, z0, zk = model(data)
    torch.manual_seed(1)
    return module(torch.rand(2, 1, 28, 28, device=device))


# --- vae_vampprior: models/VAE.py (experiment.py builds VAE(args); the default model, prior and dataset) ---

def _vamp_import():
    _stubs()
    import scipy.misc
    import scipy.special
    scipy.misc.logsumexp = scipy.special.logsumexp  # removed from scipy.misc; models/VAE.py imports it from there
    from models.VAE import VAE as cls
    return cls


def VampVAE():  # noqa: N802
    return _vamp_import()


def vamp_vae():
    # experiment.py defaults: model_name vae, prior vampprior, dataset freyfaces (input_type gray: p_x_logvar exists);
    # small sizes. args.cuda False: the pseudo-inputs' idle_input is a plain tensor made at construction (the
    # script's `.cuda()` puts it on the device), so the tracking backend counts it as a compute-device value
    cls = _vamp_import()
    torch.manual_seed(0)
    args = argparse.Namespace(input_size=[1, 4, 4], z1_size=3, input_type="gray", prior="vampprior",
                              number_components=5, use_training_data_init=False, pseudoinputs_mean=0.05,
                              pseudoinputs_std=0.01, cuda=False)
    return cls(args)


def vamp_loss_call(module, device=None):
    # utils/training.py: loss, RE, KL = model.calculate_loss(x, beta, average=True)
    torch.manual_seed(1)
    return module.calculate_loss(torch.rand(3, 16, device=device), 1.0, average=True)


def vamp_generate_call(module, device=None):
    # utils/evaluation.py: samples_rand = model.generate_x(25)
    torch.manual_seed(1)
    return module.generate_x(5)


# --- EfficientNet-PyTorch ---

def EfficientNet():  # noqa: N802
    from efficientnet_pytorch import EfficientNet as cls
    return cls


def efficientnet_b0():
    torch.manual_seed(0)
    from efficientnet_pytorch import EfficientNet as cls
    return cls.from_name("efficientnet-b0")


def endpoints_call(module, device=None):
    # model.py docstring / tests/test_model.py: endpoints = model.extract_endpoints(inputs)
    module.eval()
    with torch.no_grad():
        return module.extract_endpoints(torch.rand(1, 3, 32, 32, device=device))


# --- transformer-xl (pytorch/train.py) ---

def _txl():
    sys.path.insert(0, "/tmp/corp15/transformer-xl/pytorch/utils")  # mem_transformer.py: sys.path.append('utils')
    saved = torch.version.cuda
    torch.version.cuda = "11.0"  # proj_adaptive_softmax.py parses it at import; None on this CPU build
    try:
        import mem_transformer
    finally:
        torch.version.cuda = saved
    return mem_transformer


def MemTransformerLM():  # noqa: N802
    return _txl().MemTransformerLM


def _txl_model(**kwargs):
    torch.manual_seed(0)
    cls = _txl().MemTransformerLM
    base = dict(n_token=40, n_layer=1, n_head=2, d_model=8, d_head=4, d_inner=16, dropout=0.0, dropatt=0.0,
                tie_weight=True, d_embed=8, div_val=1, tie_projs=[False], pre_lnorm=False, tgt_len=4, ext_len=0,
                mem_len=4, cutoffs=[], same_length=False, attn_type=0, clamp_len=-1, sample_softmax=-1)
    base.update(kwargs)
    model = cls(**base)
    for p in model.parameters():  # train.py's weights_init (torch.Tensor(...) parameters are uninitialised)
        torch.nn.init.normal_(p, 0.0, 0.02)
    return model


def txl_plain():
    # run_enwik8/text8 scripts: no --adaptive (no cutoffs: n_clusters == 0), tied, d_embed = d_model
    return _txl_model()


def txl_proj():
    # --d_embed below --d_model without --adaptive: out_projs[0] is a parameter of crit's ParameterList
    return _txl_model(d_embed=4)


def txl_adaptive():
    # run_wt103_*.sh: --adaptive --div_val 4 (cutoffs; tie_projs [False, True, ...])
    return _txl_model(cutoffs=[10, 20], div_val=2, tie_projs=[False, True, True])


@contextlib.contextmanager
def _byte_masks():
    # transformer-xl builds its attention masks with `.byte()` (torch <= 1.1 accepted uint8 masks); the installed
    # torch refuses them in masked_fill whatever the offloading, so uint8 masks are taken as bool inside the call
    saved = torch.Tensor.masked_fill, torch.Tensor.masked_fill_

    def as_bool(mask):
        return mask.bool() if isinstance(mask, torch.Tensor) and mask.dtype == torch.uint8 else mask

    torch.Tensor.masked_fill = lambda self, mask, value: saved[0](self, as_bool(mask), value)
    torch.Tensor.masked_fill_ = lambda self, mask, value: saved[1](self, as_bool(mask), value)
    try:
        yield
    finally:
        torch.Tensor.masked_fill, torch.Tensor.masked_fill_ = saved


def txl_train_call(module, device=None):
    # train.py train(): ret = para_model(data, target, *mems); loss = ret[0]
    torch.manual_seed(1)
    module.train()
    data = torch.randint(0, 40, (4, 2), device=device)
    target = torch.randint(0, 40, (4, 2), device=device)
    with _byte_masks():
        return module(data, target)


# --- pytorch-dc-tts (models/ssrn.py; hparams.py: ssrn_normalization = 'weight') ---

def SSRN():  # noqa: N802
    from models.ssrn import SSRN as cls
    return cls


def ssrn_small():
    torch.manual_seed(0)
    from models.ssrn import SSRN as cls
    return cls(c=16, f=8, f_prime=12)


def ssrn_call(module, device=None):
    # synthesize.py: _, Z = ssrn(Y) (eval); train-ssrn.py: Z_logit, Z = ssrn(S) (training)
    module.eval()
    with torch.no_grad():
        return module(torch.rand(1, 8, 3, device=device))



def sampled_softmax_check():
    """transformer-xl's sampled softmax (train.py --sample_softmax N > 0, mem_transformer.py:749-752): with tie_weight
    (train.py's default) the constructor reads `self.word_emb.weight`, which AdaptiveEmbedding lacks; with --not_tied,
    training asserts tie_weight before the line and eval mode has no crit. Prints what each build and call raises."""
    _txl()
    for tie in (True, False):
        try:
            model = _txl_model(tie_weight=tie, sample_softmax=4)
        except Exception as error:  # noqa: BLE001
            print(f"tie_weight={tie}: construction raises {type(error).__name__}: {error}")
            continue
        for training in (True, False):
            model.train(training)
            try:
                with _byte_masks():
                    model(torch.randint(0, 40, (4, 2)), torch.randint(0, 40, (4, 2)))
                print(f"tie_weight={tie}, training={training}: ran")
            except Exception as error:  # noqa: BLE001
                print(f"tie_weight={tie}, training={training}: forward raises {type(error).__name__}: {error}")


if __name__ == "__main__":
    sampled_softmax_check()
