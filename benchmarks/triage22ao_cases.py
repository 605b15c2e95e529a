"""Small builds and calls for the issue-22 "ao" triage (docs/triage-issue22-ao.md), run by
benchmarks/triage22ao_runtime.sh through `offload-lint confirm --factory/--call` (tracking backend, CPU) with
PYTHONPATH=/tmp/wt_ao (the linter the round measures, b5074c0). None of the six libraries is installed; each file is
loaded from the corpus folder (C39, /tmp/corp39) under its own package name, its parent packages registered as bare
namespace modules so that the packages' heavy __init__ files (fairseq's hydra / omegaconf, coqui-TTS's coqpit /
librosa / VERSION file, seamless's fairseq2) are not run. librosa (absent here) is replaced by a stub holding only
librosa.util.pad_center / tiny / normalize (used by gslm's STFT; normalize only with norm=None, unchanged) and an empty librosa.filters (TorchSTFT imports
librosa but uses it only for mel filters, not built here).

- fairseq text_to_speech/hifigan.py Generator (legacy weight_norm), forward (rows 1, 2, 37, leaf).
- seamless_communication models/vocoder/hifigan.py Generator (legacy weight_norm), forward (rows 28, 47, leaf).
- coqui-TTS freevc/wavlm/modules.py MultiheadAttention, self-attention forward (rows 5, 45, leaf).
- coqui-TTS univnet_discriminator.py SpecDiscriminator.forward, whose TorchSTFT defines __call__ (rows 34, 43, leaf).
- coqui-TTS multiband_melgan_generator.py MultibandMelganGenerator: forward, then pqmf_synthesis / pqmf_analysis as
  GAN.train_step does (row 19, block).
- coqui-TTS glow_tts/glow.py InvConvNear after store_inverse (run in the factory, i.e. at load time, before
  offloading), forward(reverse=True) (row 29, labelled AL, both levels).
- fairseq attention_head_selection AttnHeadSelector.head_select(task_ids on the device), then forward (row 53, leaf).
- fairseq gslm tacotron2/stft.py STFT.transform + inverse as Denoiser.forward runs them, with STFT itself the root
  (row 50, leaf; the row's root is the Denoiser, which the script builds with `.cuda()`).
"""

from __future__ import annotations

import importlib
import os
import sys
import types

import numpy as np
import torch

C39 = os.environ.get("C39", "/tmp/corp39")


def _namespace(name: str, path: str) -> None:
    if name not in sys.modules:
        module = types.ModuleType(name)
        module.__path__ = [path]
        sys.modules[name] = module


def _stub_librosa() -> None:
    if "librosa" in sys.modules:
        return
    librosa = types.ModuleType("librosa")
    util = types.ModuleType("librosa.util")
    filters = types.ModuleType("librosa.filters")

    def pad_center(data, size=None, axis=-1, **_):
        n = data.shape[axis]
        lpad = int((size - n) // 2)
        widths = [(0, 0)] * data.ndim
        widths[axis] = (lpad, int(size - n - lpad))
        return np.pad(data, widths)

    util.pad_center = pad_center
    util.tiny = lambda x: np.finfo(np.float32).tiny
    util.normalize = lambda S, norm=None, **_: S if norm is None else S / np.max(np.abs(S))  # norm=None: as is
    librosa.util, librosa.filters = util, filters
    sys.modules.update({"librosa": librosa, "librosa.util": util, "librosa.filters": filters})


def _load(dotted: str, root: str):
    """Import `dotted` from the corpus folder `root`, registering its parent packages as bare namespaces."""
    parts = dotted.split(".")
    for i in range(1, len(parts)):
        _namespace(".".join(parts[:i]), os.path.join(root, *parts[:i]))
    return importlib.import_module(dotted)


_stub_librosa()
_FS = os.path.join(C39, "fairseq")
_TTS = os.path.join(C39, "coqui-TTS")
_SEAM = os.path.join(C39, "seamless_communication", "src")
for _pkg in ("TTS.utils.audio", "TTS.tts.layers.generic", "TTS.vocoder.layers"):  # imported by the files below
    _namespace(_pkg.split(".")[0], os.path.join(_TTS, "TTS"))
    for _i in range(2, _pkg.count(".") + 2):
        _namespace(".".join(_pkg.split(".")[:_i]), os.path.join(_TTS, *_pkg.split(".")[:_i]))

FairseqHifiGenerator = _load("fairseq.models.text_to_speech.hifigan", _FS).Generator
AttnHeadSelector = _load("examples.attention_head_selection.src.modules.attn_head_selector", _FS).AttnHeadSelector
GslmSTFT = _load("examples.textless_nlp.gslm.unit2speech.tacotron2.stft", _FS).STFT
SeamlessHifiGenerator = _load("seamless_communication.models.vocoder.hifigan", _SEAM).Generator
WavLMMultiheadAttention = _load("TTS.vc.modules.freevc.wavlm.modules", _TTS).MultiheadAttention
SpecDiscriminator = _load("TTS.vocoder.models.univnet_discriminator", _TTS).SpecDiscriminator
MultibandMelganGenerator = _load("TTS.vocoder.models.multiband_melgan_generator", _TTS).MultibandMelganGenerator
InvConvNear = _load("TTS.tts.layers.glow_tts.glow", _TTS).InvConvNear


def fs_hifigan():
    torch.manual_seed(0)
    cfg = {"model_in_dim": 8, "upsample_initial_channel": 16, "upsample_rates": [2, 2],
           "upsample_kernel_sizes": [4, 4], "resblock_kernel_sizes": [3], "resblock_dilation_sizes": [[1, 3, 5]]}
    return FairseqHifiGenerator(cfg).eval()


def seamless_hifigan():
    torch.manual_seed(0)
    return SeamlessHifiGenerator([2, 2], [4, 4], 16, [3], [[1, 3, 5]], 8).eval()


def hifigan_call(module, device=None):
    with torch.no_grad():
        return module(torch.randn(1, 8, 10, device=device))


def wavlm_mha():
    torch.manual_seed(0)
    return WavLMMultiheadAttention(16, 2, self_attention=True).eval()


def wavlm_mha_call(module, device=None):
    x = torch.randn(5, 1, 16, device=device)  # Time x Batch x Channel
    with torch.no_grad():
        return module(x, x, x, need_weights=False)


def spec_disc():
    torch.manual_seed(0)
    return SpecDiscriminator(fft_size=64, hop_length=16, win_length=32).eval()


def spec_disc_call(module, device=None):
    with torch.no_grad():
        return module(torch.randn(1, 1, 256, device=device))


def mb_melgan():
    torch.manual_seed(0)
    return MultibandMelganGenerator(in_channels=8, out_channels=4, base_channels=16, upsample_factors=(2, 2),
                                    num_res_blocks=1).eval()


def mb_melgan_call(module, device=None):
    # GAN.train_step (TTS/vocoder/models/gan.py:96-109): y_hat = model_g(x); pqmf_synthesis(y_hat); pqmf_analysis(y)
    with torch.no_grad():
        y_hat = module(torch.randn(1, 8, 8, device=device))
        module.pqmf_synthesis(y_hat)
        return module.pqmf_analysis(torch.randn(1, 1, 128, device=device))


def inv_conv():
    torch.manual_seed(0)
    module = InvConvNear(channels=8, num_splits=4).eval()
    module.store_inverse()  # load_checkpoint(eval=True) runs it while loading, before anyone offloads
    return module


def inv_conv_call(module, device=None):
    with torch.no_grad():
        return module(torch.randn(1, 8, 6, device=device), reverse=True)


def head_selector():
    torch.manual_seed(0)
    return AttnHeadSelector(num_tasks=2, num_layers=2, total_num_heads=4, num_heads=2)


def head_select_call(module, device=None):
    # the encoder's _forward runs head_select(self.task_ids) with the batch's ids (on the device), then the layers
    # call the selector's forward(layer_idx)
    module.head_select(torch.tensor([0, 1], device=device))
    return module(0)


def gslm_stft():
    return GslmSTFT(filter_length=16, hop_length=4, win_length=16)


def gslm_stft_call(module, device=None):
    # Denoiser.forward (waveglow_denoiser.py:35-40): transform, subtract the bias spectrum, inverse
    with torch.no_grad():
        magnitude, phase = module.transform(torch.randn(1, 64, device=device))
        return module.inverse(magnitude, phase)
