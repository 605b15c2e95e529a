"""Small builds and calls for the issue-22 "p" triage (docs/triage-issue22-p.md), run by benchmarks/triage22p_runtime.sh
through `offload-lint confirm --factory/--call`. Each builds the class the way its repository does, small, and makes the
call its callers make: PyTorch-VAE's experiment.py/tests call `model.sample(n, device)`, `model.generate(x)` and
`model.loss_function(*model(x))`; vector-quantize-pytorch's README calls `quantizer(x)` and
`quantizer.indices_to_codes(indices)`, residual_vq.py `vq.update_indices(...)`; glow-pytorch's train.py calls
`model_single.reverse(z_sample)`; TD3.py's train calls `critic(state, action)` then `critic.Q1(state, actor(state))`;
melgan's utils/train.py runs the generator and the multiscale discriminator in training mode; ddim's runners call the
Model's forward; vdvae's train.py calls `ema_vae.forward_get_latents`, `forward_samples_set_latents` and
`forward_uncond_samples`. The repository root must be on PYTHONPATH (the runtime script sets it per case).

Stand-ins: `Tensor.cuda(d)` is made a move to the call's device inside the calls that use it (PyTorch-VAE's HVAE.sample
and VampVAE.loss_function; this torch is a CPU build); torchvision (imported by PyTorch-VAE's dfcvae.py, not built
here) and einx (benchmarks/triage22p/stubs/einx) are stubbed; nothing was installed."""

from __future__ import annotations

import contextlib
import sys
import types

import torch
from torch import nn


def _stub(name, **attrs):
    module = types.ModuleType(name)
    module.__dict__.update(attrs)
    sys.modules[name] = module
    return module


@contextlib.contextmanager
def _cuda_is(device):
    saved = torch.Tensor.cuda
    torch.Tensor.cuda = lambda self, *a, **k: self.to(device if device is not None else "cpu")
    try:
        yield
    finally:
        torch.Tensor.cuda = saved


# --- PyTorch-VAE (models/, imported as experiment.py does: `from models import ...`) ---

def _vae_models():
    if "torchvision" not in sys.modules:
        tv = _stub("torchvision")
        tv.models = _stub("torchvision.models", vgg19_bn=lambda *a, **k: None)
    import models
    return models


def _cls(name):
    def get():
        return getattr(_vae_models(), name)
    return get


LogCoshVAE = _cls("LogCoshVAE")
ConditionalVAE = _cls("ConditionalVAE")
CategoricalVAE = _cls("CategoricalVAE")
HVAE = _cls("HVAE")
VampVAE = _cls("VampVAE")
VanillaVAE = _cls("VanillaVAE")
InfoVAE = _cls("InfoVAE")
VQVAE = _cls("VQVAE")


def logcosh():
    torch.manual_seed(0)
    return _vae_models().LogCoshVAE(3, 8)


def cvae():
    torch.manual_seed(0)
    return _vae_models().ConditionalVAE(3, 4, 8)


def catvae():
    torch.manual_seed(0)
    return _vae_models().CategoricalVAE(3, 4, categorical_dim=5)


def hvae():
    torch.manual_seed(0)
    return _vae_models().HVAE(3, latent1_dim=4, latent2_dim=6)


def vampvae():
    torch.manual_seed(0)
    return _vae_models().VampVAE(3, latent_dim=4, num_components=5)


def vanilla():
    torch.manual_seed(0)
    return _vae_models().VanillaVAE(3, 8)


def infovae():
    torch.manual_seed(0)
    return _vae_models().InfoVAE(3, 8)


def vqvae():
    torch.manual_seed(0)
    return _vae_models().VQVAE(3, 8, 16, hidden_dims=[8, 16])


def vae_sample_call(module, device=None):
    # experiment.py:80 / tests' test_sample: model.sample(n, curr_device[, labels=...])
    module.eval()
    with _cuda_is(device):
        return module.sample(2, device if device is not None else "cpu")


def cvae_sample_call(module, device=None):
    module.eval()
    labels = torch.eye(4, device=device)[:2]
    return module.sample(2, device if device is not None else "cpu", labels=labels)


def vae_generate_call(module, device=None):
    # experiment.py:71: self.model.generate(test_input, labels=test_label), test_input on curr_device
    module.eval()
    return module.generate(torch.randn(2, 3, 64, 64, device=device))


def vae_loss_call(module, device=None):
    # experiment.py:38-39 / tests' test_loss: results = model(x); model.loss_function(*results, M_N=...)
    module.eval()
    x = torch.randn(2, 3, 64, 64, device=device)
    with _cuda_is(device):
        results = module(x)
        return module.loss_function(*results, M_N=0.005)


# --- vector-quantize-pytorch (README usage) ---

def _vq():
    sys.path.insert(0, "benchmarks/triage22p/stubs")
    import vector_quantize_pytorch
    return vector_quantize_pytorch


def FSP():  # noqa: N802
    return _vq().FSP


def FSQ():  # noqa: N802
    return _vq().FSQ


def LFQ():  # noqa: N802
    return _vq().LFQ


def SimVQ():  # noqa: N802
    return _vq().SimVQ


def VectorQuantize():  # noqa: N802
    return _vq().VectorQuantize


def LatentQuantize():  # noqa: N802
    return _vq().LatentQuantize


def fsp():
    return _vq().FSP(levels=[8, 5, 5, 5], dim=16)


def fsq():
    return _vq().FSQ(levels=[8, 5, 5, 5])


def lfq_proj():
    # README: LFQ(codebook_size=4096, dim=16, num_codebooks=4) -> projections (48 != 16); here 2 codebooks of 16
    # codes (codebook dims 8) and dim 6
    return _vq().LFQ(codebook_size=16, dim=6, num_codebooks=2)


def lfq_rot():
    # the orthogonal_rotation option (default False; nothing in the repository sets it True)
    return _vq().LFQ(codebook_size=16, dim=4, orthogonal_rotation=True)


def simvq():
    return _vq().SimVQ(dim=8, codebook_size=16)


def indices_call(module, device=None):
    # README: quantized, indices, ... = quantizer(x); quantizer.indices_to_codes(indices), x on the device
    module.eval()
    dim = getattr(module, "dim", 8)
    x = torch.randn(1, 6, dim, device=device)
    out = module(x)
    indices = out[1]
    return module.indices_to_codes(indices)


def vq_ortho():
    # README's orthogonal regularization example, small: max_codes below the codebook size
    return _vq().VectorQuantize(dim=8, codebook_size=16, orthogonal_reg_weight=10, orthogonal_reg_max_codes=8)


def vq_ortho_nomax():
    # the same with every code used (no orthogonal_reg_max_codes): only the 0-dim loss meets the device
    return _vq().VectorQuantize(dim=8, codebook_size=16, orthogonal_reg_weight=10)


def vq_train_call(module, device=None):
    module.train()
    return module(torch.randn(1, 6, 8, device=device))


def vq_affine():
    return _vq().VectorQuantize(dim=8, codebook_size=16, affine_param=True, threshold_ema_dead_code=2)


def vq_dead():
    return _vq().VectorQuantize(dim=8, codebook_size=16, threshold_ema_dead_code=2)


def vq_update_indices_call(module, device=None):
    # residual_vq.py:589 / tests/test_beam.py: vq.update_indices(layer_input, indices, mask=mask) after a forward
    module.train()
    x = torch.randn(1, 6, 8, device=device)
    _, indices, _ = module(x)
    return module.update_indices(x, indices)


def latentq():
    # README (optimize_values default True: the values are a ParameterList)
    return _vq().LatentQuantize(levels=[5, 5, 8], dim=8)


def latentq_call(module, device=None):
    module.eval()
    return module(torch.randn(1, 8, 4, 4, device=device))


# --- glow-pytorch ---

def Glow():  # noqa: N802
    from model import Glow as cls
    return cls


def glow():
    torch.manual_seed(0)
    from model import Glow as cls
    return cls(3, 2, 2, affine=True, conv_lu=True)  # train.py --affine (a documented option)


def glow_reverse_call(module, device=None):
    # train.py: z_sample on the device (calc_z_shapes(3, img_size 8, n_flow 2, n_block 2)); model_single.reverse(z)
    module.eval()
    with torch.no_grad():
        module(torch.rand(1, 3, 8, 8, device=device) - 0.5)  # ActNorm data init, as the first training step does
        z = [torch.randn(1, 6, 4, 4, device=device), torch.randn(1, 24, 2, 2, device=device)]
        return module.reverse(z)


# --- TD3 ---

def Critic():  # noqa: N802
    from TD3 import Critic as cls
    return cls


def td3_critic():
    torch.manual_seed(0)
    from TD3 import Critic as cls
    return cls(3, 2)


def td3_train_call(module, device=None):
    # TD3.train: current_Q1, current_Q2 = self.critic(state, action); later self.critic.Q1(state, self.actor(state))
    state = torch.randn(4, 3, device=device)
    action = torch.randn(4, 2, device=device)
    module(state, action)
    return module.Q1(state, action)


# --- melgan ---

def Generator():  # noqa: N802
    from model.generator import Generator as cls
    return cls


def MultiScaleDiscriminator():  # noqa: N802
    from model.multiscale import MultiScaleDiscriminator as cls
    return cls


def melgan_g():
    torch.manual_seed(0)
    from model.generator import Generator as cls
    return cls(8)


def melgan_g_call(module, device=None):
    # utils/train.py: fake_audio = model_g(melG) in training mode (weight norm kept)
    module.train()
    return module(torch.randn(1, 8, 4, device=device))


def melgan_d():
    torch.manual_seed(0)
    from model.multiscale import MultiScaleDiscriminator as cls
    return cls()


def melgan_d_call(module, device=None):
    module.train()
    return module(torch.randn(1, 1, 1024, device=device))


# --- ddim ---

def DdimModel():  # noqa: N802
    from models.diffusion import Model as cls
    return cls


def ddim_model():
    torch.manual_seed(0)
    from models.diffusion import Model as cls
    ns = types.SimpleNamespace
    config = ns(model=ns(ch=32, out_ch=3, ch_mult=[1, 2], num_res_blocks=1, attn_resolutions=[4], dropout=0.0,
                         in_channels=3, resamp_with_conv=True, type="simple"),
                data=ns(image_size=8), diffusion=ns(num_diffusion_timesteps=10))
    return cls(config)


def ddim_call(module, device=None):
    # functions/denoising.py: et = model(xt, t)
    module.eval()
    return module(torch.randn(1, 3, 8, 8, device=device), torch.tensor([3], device=device))


# --- vdvae ---

def VdVAE():  # noqa: N802
    from vae import VAE as cls
    return cls


def vdvae():
    torch.manual_seed(0)
    from hps import Hyperparams
    from vae import VAE as cls
    H = Hyperparams()
    H.update(dict(image_size=8, image_channels=3, width=8, zdim=4, enc_blocks="8x1,8d2,4x1,4d4,1x1",
                  dec_blocks="1x1,4m1,4x1,8m4,8x1", custom_width_str="", bottleneck_multiple=0.25, no_bias_above=64,
                  num_mixtures=2, dataset="cifar10"))
    return cls(H)


def vdvae_set_latents_call(module, device=None):
    # train.py:102-107: zs = [s['z'].cuda() for s in ema_vae.forward_get_latents(x)];
    # ema_vae.forward_samples_set_latents(mb, zs[:i], t=0.1)
    module.eval()
    with torch.no_grad():
        # the latents forward_get_latents gives for the first decoder block (1x1, zdim 4), made directly on the device
        # so that only forward_samples_set_latents runs under the hooks
        zs = [torch.randn(1, 4, 1, 1, device=device)]
        return module.forward_samples_set_latents(1, zs, t=0.1)


def vdvae_uncond_call(module, device=None):
    # train.py:109: ema_vae.forward_uncond_samples(mb, t=t)
    module.eval()
    with torch.no_grad():
        return module.forward_uncond_samples(1, t=0.1)


# --- mistral-inference (xformers and simple_parsing stood in: benchmarks/triage22p/stubs) ---

def MistralTransformer():  # noqa: N802
    from mistral_inference.transformer import Transformer as cls
    return cls


def mistral_transformer():
    torch.manual_seed(0)
    from mistral_inference.args import TransformerArgs
    from mistral_inference.transformer import Transformer as cls
    args = TransformerArgs(dim=16, n_layers=1, head_dim=8, hidden_dim=32, n_heads=2, n_kv_heads=1, norm_eps=1e-5,
                           vocab_size=32, max_batch_size=1)
    return cls(args)


def mistral_nocache_call(module, device=None):
    # Transformer.forward(input_ids, seqlens) without a cache (transformer.py:186's branch; generate.py always passes
    # a BufferCache, whose masks need xformers and are not stood in for)
    module.eval()
    with torch.no_grad():
        return module(torch.tensor([1, 2, 3], device=device), seqlens=[3])
