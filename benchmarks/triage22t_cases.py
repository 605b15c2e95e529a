"""Small builds and calls for the issue-22 "t" triage (docs/triage-issue22-t.md), run by benchmarks/triage22t_runtime.sh
through `offload-lint confirm --factory/--call` with PYTHONPATH=/tmp/wt_t (the linter the round measures, 298ffa7).
Each builds the row's class small, with its repository's own constructor, and makes the call its callers make:

- EasyOCR trainer: TPS_SpatialTransformerNetwork (trainer/model.py builds it for `Transformation: 'TPS'`) forward,
  whose GridGenerator.build_P_prime reads the GridGenerator's buffers (rows 2, 28).
- Music-Source-Separation-Training: TFC_TDF_net (`--model_type mdx23c`) forward with a small config (rows 7, 16, 26).

Stand-ins (benchmarks/triage22r/stubs/_fake.py, reused): ml_collections (imported by utils/model_utils.py for a type
annotation only). Nothing was installed into the Python environment.
"""

from __future__ import annotations

import os
import sys
import types

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
C18 = os.environ.get("C18", "/tmp/corp18")


def _stubs(*names):
    sys.path.insert(0, os.path.join(HERE, "triage22r", "stubs"))
    import _fake
    _fake.install(*names)
    return _fake


def _path(*parts):
    path = os.path.join(C18, *parts)
    if path not in sys.path:
        sys.path.insert(0, path)


# --- EasyOCR trainer: modules/transformation.py ---------------------------------------------------------------------

def _easyocr_transformation():
    _path("EasyOCR", "trainer")
    import modules.transformation as t
    return t


def EasyocrTPS():  # noqa: N802
    return _easyocr_transformation().TPS_SpatialTransformerNetwork


def easyocr_tps():
    torch.manual_seed(0)
    # trainer/model.py: TPS_SpatialTransformerNetwork(F=opt.num_fiducial, I_size=(opt.imgH, opt.imgW),
    #                   I_r_size=(opt.imgH, opt.imgW), I_channel_num=opt.input_channel)
    return EasyocrTPS()(F=20, I_size=(32, 64), I_r_size=(32, 64), I_channel_num=1).eval()


def easyocr_tps_call(module, device=None):
    torch.manual_seed(1)
    with torch.no_grad():
        return module(torch.randn(2, 1, 32, 64, device=device))


# --- Music-Source-Separation-Training: models/mdx23c_tfc_tdf_v3.py ---------------------------------------------------

class _Cfg(dict):
    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError as error:
            raise AttributeError(name) from error


def _msst_mdx23c():
    _stubs("ml_collections")
    _path("Music-Source-Separation-Training")
    import models.mdx23c_tfc_tdf_v3 as m
    return m


def MsstTFCTDFNet():  # noqa: N802
    return _msst_mdx23c().TFC_TDF_net


def msst_mdx23c():
    torch.manual_seed(0)
    # configs/config_musdb18_mdx23c.yaml shape, small: n_fft 256 -> 129 bins, dim_f 64
    audio = _Cfg(n_fft=256, hop_length=64, dim_f=64, dim_t=32, num_channels=2, chunk_size=64 * 31)
    model = _Cfg(act="gelu", bottleneck_factor=4, growth=8, norm="InstanceNorm", num_blocks_per_scale=1,
                 num_channels=8, num_scales=2, num_subbands=4, scale=[2, 2])
    training = _Cfg(instruments=["vocals", "other"], target_instrument=None)
    config = _Cfg(audio=audio, model=model, training=training)
    return MsstTFCTDFNet()(config).eval()


def msst_mdx23c_call(module, device=None):
    torch.manual_seed(1)
    with torch.no_grad():
        return module(torch.randn(1, 2, 64 * 31, device=device))
