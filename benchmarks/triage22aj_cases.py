"""Small builds and calls for the issue-22 "aj" triage (docs/triage-issue22-aj.md), run by
benchmarks/triage22aj_runtime.sh through `offload-lint confirm --factory/--call` with PYTHONPATH=/tmp/wt_ai (the linter
the round measures, 33761af). Each builds the row's class small from its repository's file and makes the call its
callers make:

- encodec-pytorch EncodecModel (model.py, _get_model as main.py's models, legacy weight norm kept as the tree keeps
  it) .encode / .decode as compress.py:53 / :158 call them, codebooks marked initialised (a loaded checkpoint's
  `inited` buffers): rows 1, 20, 33, 54 / 12, 34, 42, 45, 53, 60. utils.py imports pandas (not installed): its
  functions are taken from the source.
- EAT_code modules/util.py SPADEResnetBlock(norm_G 'spadespectralinstance', as SPADEDecoder builds it), forward: rows
  4, 11, 36; modules/transformer.py TransformerEncoderLayer / TransformerDecoderLayer (taken from the source: the
  module imports the JDC pitch network at import time), forward: rows 27 / 6, 46; modules/discriminator.py
  Discriminator(sn=True), forward: row 52.
- EDTalk networks/generator_lip_pose.py Generator(size 64).test_EDTalk_V as demo_lip_pose_V.py:160 calls it: rows
  8, 26 (true) and 13, 38 (false A: pose_fc / lip_fc are Sequential blocks); networks/styledecoder.py's bare
  `.cuda()` is sent to the confirmer's compute device during the call.
- ZITS_inpainting src/models/TSR_model.py EdgeLineGPT256RelBCE(n_layer 2).forward_with_logits as
  src/utils.py:279 calls it (float32 here; the tree casts to float16 on the GPU): rows 25, 43.
- StyleGAN.pytorch models/GAN.py Generator(resolution 8) in training mode, forward: row 24 (GAN.py imports the data
  loader package: the three classes are taken from the source).
- RestoreFormerPlusPlus vqvae_arch.py VectorQuantizer, forward: row 50.
- X-Codec-2.0 vq/module.py ResidualUnit (its WNConv1d layers), forward: row 17.
"""

from __future__ import annotations

import os
import sys
import types

import torch

from benchmarks.triage_harness import bare_packages, classes_from_source

C34 = os.environ.get("C34", "/tmp/corp34")


def _root(path):
    path = os.path.join(C34, path)
    if path not in sys.path:
        sys.path.insert(0, path)
    return path


# --- encodec-pytorch EncodecModel.encode / .decode -------------------------------------------------------------------

def _encodec_model():
    root = _root("encodec-pytorch")
    classes_from_source("utils", os.path.join(root, "utils.py"), (),
                        prelude="import torch\nimport typing as tp\nimport numpy as np\nfrom pathlib import Path\n"
                                "from hashlib import sha256\n", functions=True)
    import model  # noqa: PLC0415
    return model


def EncodecModel():  # noqa: N802
    return _encodec_model().EncodecModel


def encodec():
    torch.manual_seed(0)
    model = _encodec_model().EncodecModel._get_model([2.0], sample_rate=400, channels=1, causal=True,
                                                     model_norm="weight_norm", ratios=[2, 2])
    for name, buffer in model.named_buffers():
        if name.endswith("inited"):
            buffer.fill_(1.0)
    return model.eval()


def encodec_encode_call(module, device=None):
    with torch.no_grad():
        return module.encode(torch.randn(1, 1, 64, device=device))


def encodec_quantizer_encode_call(module, device=None):
    # the encode path from model.py:165 on (EncodecModel the root): the encoder's own hazards, reported first by
    # encodec_enc, are left out so that the codebook accesses are the evidence
    with torch.no_grad():
        return module.quantizer.encode(torch.randn(1, 128, 16, device=device), module.frame_rate, None)


def encodec_decode_call(module, device=None):
    with torch.no_grad():
        return module.decode([(torch.randint(0, 1024, (1, 2, 16), device=device), None)])


# --- EAT_code ----------------------------------------------------------------------------------------------------------

def _eat_util():
    _root("EAT_code")
    bare_packages("modules")
    import modules.util as util  # noqa: PLC0415
    return util


def SPADEResnetBlock():  # noqa: N802
    return _eat_util().SPADEResnetBlock


def eat_spade_block():
    torch.manual_seed(0)
    return _eat_util().SPADEResnetBlock(8, 4, "spadespectralinstance", 8).eval()


def eat_spade_block_same():
    # fin == fout: no learned shortcut, so conv_0 / conv_1 (rows 4, 11) are the first spectral-norm convs reached
    torch.manual_seed(0)
    return _eat_util().SPADEResnetBlock(8, 8, "spadespectralinstance", 8).eval()


def eat_spade_call(module, device=None):
    with torch.no_grad():
        return module(torch.randn(1, 8, 8, 8, device=device), torch.randn(1, 8, 8, 8, device=device))


def _eat_transformer():
    root = _root("EAT_code")
    return classes_from_source("aj_eat_transformer", os.path.join(root, "modules/transformer.py"),
                               ("TransformerEncoderLayer", "TransformerDecoderLayer"),
                               prelude="import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n"
                                       "import copy\n", functions=True)


def TransformerEncoderLayer():  # noqa: N802
    return _eat_transformer().TransformerEncoderLayer


def TransformerDecoderLayer():  # noqa: N802
    return _eat_transformer().TransformerDecoderLayer


def eat_enc_layer():
    torch.manual_seed(0)
    return _eat_transformer().TransformerEncoderLayer(16, 2, 32, 0.0).eval()


def eat_enc_call(module, device=None):
    with torch.no_grad():
        return module(torch.randn(5, 1, 16, device=device))


def eat_dec_layer():
    torch.manual_seed(0)
    return _eat_transformer().TransformerDecoderLayer(16, 2, 32, 0.0).eval()


def eat_dec_call(module, device=None):
    with torch.no_grad():
        return module(torch.randn(5, 1, 16, device=device), torch.randn(7, 1, 16, device=device))


def _eat_disc():
    _eat_util()
    import modules.discriminator as disc  # noqa: PLC0415
    return disc


def Discriminator():  # noqa: N802
    return _eat_disc().Discriminator


def eat_disc():
    torch.manual_seed(0)
    return _eat_disc().Discriminator(num_channels=3, block_expansion=4, num_blocks=2, max_features=8, sn=True).eval()


def eat_disc_call(module, device=None):
    with torch.no_grad():
        return module(torch.randn(1, 3, 16, 16, device=device))


# --- EDTalk Generator.test_EDTalk_V (generator_lip_pose.py) ------------------------------------------------------------

def _edtalk():
    _root("EDTalk")
    bare_packages("networks")
    import networks.generator_lip_pose as gen  # noqa: PLC0415
    return gen


def EDTalkGenerator():  # noqa: N802
    return _edtalk().Generator


def edtalk_gen():
    torch.manual_seed(0)
    return _edtalk().Generator(size=64).eval()


def edtalk_test_v_call(module, device=None):
    # networks/styledecoder.py:414/:450 place a grid with a bare `.cuda()` (the tree runs on a GPU): here it goes to
    # the compute device the confirmer passes, as `.cuda()` does on a GPU machine.
    image = lambda: torch.randn(1, 3, 64, 64, device=device)  # noqa: E731
    cuda = torch.Tensor.cuda
    torch.Tensor.cuda = lambda self, *args, **kwargs: self.to(device)
    try:
        with torch.no_grad():
            return module.test_EDTalk_V(image(), image(), image(), None)
    finally:
        torch.Tensor.cuda = cuda


def edtalk_fc_call(module, device=None):
    # generator_lip_pose.py:201/:203 as test_EDTalk_V makes them: pose_fc / lip_fc (nn.Sequential) called from outside
    # Generator.forward (rows 13, 38)
    with torch.no_grad():
        shared = torch.randn(1, 512, device=device)
        return module.pose_fc(shared), module.lip_fc(shared)


def edtalk_dec_call(module, device=None):
    # generator_lip_pose.py:210 self.dec(latent_poseD, None, feats) (row 26): feats and the latent come from a
    # second, un-offloaded Generator of the same seed, so the evidence is dec's alone
    torch.manual_seed(0)
    reference = _edtalk().Generator(size=64).eval()
    image = lambda: torch.randn(1, 3, 64, 64)  # noqa: E731
    cuda = torch.Tensor.cuda
    torch.Tensor.cuda = lambda self, *args, **kwargs: self.to(device)
    try:
        with torch.no_grad():
            wa, wa_t, feats, _ = reference.enc(image(), image(), None)
            latent = wa + reference.direction_lipnonlip(torch.cat([reference.lip_fc(reference.fc(wa_t)),
                                                                   reference.pose_fc(reference.fc(wa_t))], -1))
            feats = [f.to(device) for f in feats]
            return module.dec(latent.to(device), None, feats)
    finally:
        torch.Tensor.cuda = cuda


def _edtalk_exp():
    _root("EDTalk")
    bare_packages("networks")
    import networks.generator as gen  # noqa: PLC0415
    return gen


def EDTalkGeneratorExp():  # noqa: N802
    return _edtalk_exp().Generator


def edtalk_gen_exp():
    torch.manual_seed(0)
    return _edtalk_exp().Generator(size=64).eval()


def edtalk_exp_shared_call(module, device=None):
    # networks/generator.py:165 as test_EDTalk_V (demo_EDTalk_V.py:113) makes it, with the device alpha_D it builds
    # from its (Sequential) heads: direction_exp.get_shared_out(alpha_D, direction_lipnonlip.weight) (row 32)
    with torch.no_grad():
        alpha = torch.randn(1, 36, device=device)
        return module.direction_exp.get_shared_out(alpha, module.direction_lipnonlip.weight)


# --- ZITS EdgeLineGPT256RelBCE.forward_with_logits -----------------------------------------------------------------

def _zits():
    _root("ZITS_inpainting")
    bare_packages("src", "src.models")
    import src.models.TSR_model as tsr  # noqa: PLC0415
    return tsr


def EdgeLineGPT256RelBCE():  # noqa: N802
    return _zits().EdgeLineGPT256RelBCE


def zits_tsr():
    torch.manual_seed(0)
    tsr = _zits()
    config = tsr.EdgeLineGPTConfig(embd_pdrop=0.0, resid_pdrop=0.0, n_embd=256, block_size=32, attn_pdrop=0.0,
                                   n_layer=2, n_head=8)
    return tsr.EdgeLineGPT256RelBCE(config).eval()


def zits_logits_call(module, device=None):
    image = lambda c: torch.rand(1, c, 256, 256, device=device)  # noqa: E731
    mask = (torch.rand(1, 1, 256, 256, device=device) > 0.5).float()
    with torch.no_grad():
        return module.forward_with_logits(image(3), image(1), image(1), masks=mask)


# --- StyleGAN.pytorch Generator.forward in training (Truncation.update) ------------------------------------------------

def _stylegan():
    root = _root("StyleGAN.pytorch")
    bare_packages("models")
    return classes_from_source("aj_stylegan_gan", os.path.join(root, "models/GAN.py"),
                               ("GMapping", "GSynthesis", "Generator"),
                               prelude="import torch\nimport torch.nn as nn\nimport numpy as np\nimport random\n"
                                       "import warnings\nfrom collections import OrderedDict\n"
                                       "from torch.nn.functional import interpolate\nfrom torch.nn.modules.sparse import Embedding\n"
                                       "from models.Blocks import DiscriminatorBlock, DiscriminatorTop, GSynthesisBlock, "
                                       "InputBlock\nfrom models.CustomLayers import *\n")


def StyleGANGenerator():  # noqa: N802
    return _stylegan().Generator


def stylegan_gen():
    torch.manual_seed(0)
    return _stylegan().Generator(resolution=8, structure="fixed").train()


def stylegan_train_call(module, device=None):
    module.train()  # the confirmer builds in eval mode; the row's path (GAN.py:275-278) runs in training
    return module(torch.randn(2, 512, device=device), depth=1, alpha=1.0)


# --- RestoreFormer VectorQuantizer.forward ---------------------------------------------------------------------------

def _restoreformer():
    root = _root("RestoreFormerPlusPlus")
    return classes_from_source("aj_rf_vqvae", os.path.join(root, "RestoreFormer/modules/vqvae/vqvae_arch.py"),
                               ("VectorQuantizer",),
                               prelude="import numpy as np\nimport torch\nimport torch.nn as nn\n"
                                       "import torch.nn.functional as F\n")


def VectorQuantizer():  # noqa: N802
    return _restoreformer().VectorQuantizer


def rf_vq():
    torch.manual_seed(0)
    return _restoreformer().VectorQuantizer(32, 8, beta=0.25).eval()


def rf_vq_call(module, device=None):
    with torch.no_grad():
        return module(torch.randn(1, 8, 4, 4, device=device))


# --- X-Codec-2.0 ResidualUnit (WNConv1d) -----------------------------------------------------------------------------

def _xcodec():
    _root("X-Codec-2.0")
    bare_packages("vq")
    import vq.module as vm  # noqa: PLC0415
    return vm


def ResidualUnit():  # noqa: N802
    return _xcodec().ResidualUnit


def xcodec_unit():
    torch.manual_seed(0)
    return _xcodec().ResidualUnit(dim=4, dilation=1).eval()


def xcodec_unit_call(module, device=None):
    with torch.no_grad():
        return module(torch.randn(1, 4, 32, device=device))
