"""Small builds and calls for the issue-22 "bn" triage (docs/triage-issue22-bn.md), run by
benchmarks/triage22bn_runtime.sh through `offload-lint confirm --factory/--call` (tracking backend, CPU) with
PYTHONPATH=/tmp/wt_bn (the linter the round measures). The library code is the corpus copies (/tmp/corp64/<name>: the
measured commits), no install, loaded by path or through package objects whose __path__ is the corpus package (their
__init__ files, which pull in tokenizers / bmtrain / mmengine, are not run). Stubbed here in sys.modules (not
installed): `torchcrf.CRF` (deepke's BiLSTM_CRF: a minimal CRF module, the rows are about embed / lstm / linear),
`einops.rearrange` (the one pattern of mmselfsup's quantizer), `mmengine.dist.all_reduce` (no-op, one process),
`mmengine.logging.MMLogger` and cn_clip's `_tokenizer`. The classes run are the corpus's own. Not run: CPM-Bee's CPMBeeTorch (row 7), whose
RotaryEmbedding hard-codes `device="cuda"` (native_layers/position_embedding.py:222), so it cannot be built on CPU.
"""

from __future__ import annotations

import importlib.util
import sys
import types

import torch

C = "/tmp/corp64"


def _stub(name, **attrs):
    module = types.ModuleType(name)
    module.__dict__.update(attrs)
    sys.modules[name] = module
    return module


def _package(name, path):
    module = _stub(name)
    module.__path__ = [path]
    return module


def _load(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


class _CRF(torch.nn.Module):
    def __init__(self, num_tags, batch_first=True):
        super().__init__()
        self.transitions = torch.nn.Parameter(torch.zeros(num_tags, num_tags))

    def forward(self, emissions, tags, mask):
        return emissions.gather(-1, tags.unsqueeze(-1)).sum() + self.transitions.sum()

    def decode(self, emissions, mask):
        return emissions.argmax(-1)


def _rearrange(t, pattern, **k):
    if pattern.replace(" ", "") == "bchw->bhwc":
        return t.permute(0, 2, 3, 1)
    if pattern.replace(" ", "") == "bhwc->bchw":
        return t.permute(0, 3, 1, 2)
    raise NotImplementedError(pattern)


class _Logger:
    @staticmethod
    def get_current_instance():
        import logging
        return logging.getLogger("mmselfsup")


_stub("torchcrf", CRF=_CRF)
_stub("einops", rearrange=_rearrange, repeat=None)
_stub("mmengine")
_stub("mmengine.dist", all_reduce=lambda tensor, *a, **k: tensor)
_stub("mmengine.logging", MMLogger=_Logger)

BiLSTM_CRF = _load("t22bn_bilstm_crf", f"{C}/deepke/src/deepke/name_entity_re/standard/models/BiLSTM_CRF.py").BiLSTM_CRF
_vq = _load("t22bn_mmss_vq", f"{C}/mmselfsup/mmselfsup/models/utils/vector_quantizer.py")
NormEMAVectorQuantizer = _vq.NormEMAVectorQuantizer
MmssResidualAttentionBlock = _load("t22bn_mmss_clip", f"{C}/mmselfsup/mmselfsup/models/utils/clip.py").ResidualAttentionBlock

_package("cn_clip", f"{C}/chinese-clip/cn_clip")
_package("cn_clip.clip", f"{C}/chinese-clip/cn_clip/clip")._tokenizer = None
_cn = importlib.import_module("cn_clip.clip.model")
AttentionPool2d = _cn.AttentionPool2d
CnResidualAttentionBlock = _cn.ResidualAttentionBlock



def _dev(device):
    return torch.device(device) if device is not None else torch.device("cpu")


# deepke BiLSTM_CRF.loss_fn (row 44): run_lstmcrf.py trains / evaluates through loss_fn, outside forward
def bilstm():
    return BiLSTM_CRF(vocab_size=20, num_labels=5, embedding_dim=8, hidden_size=6, drop_out=0.0, bidirectional=True,
                      num_layers=1)


def bilstm_loss_call(module, device=None):
    d = _dev(device)
    x = torch.randint(0, 20, (2, 7), device=d)
    return module.loss_fn(x, torch.randint(0, 5, (2, 7), device=d), torch.ones(2, 7, dtype=torch.bool, device=d))


# mmselfsup NormEMAVectorQuantizer.forward (row 18): embedding.weight read before EmbeddingEMA.forward runs
def vq():
    return NormEMAVectorQuantizer(num_embed=8, embed_dims=4, beta=1.0, kmeans_init=False).eval()


def vq_call(module, device=None):
    return module(torch.randn(2, 4, 3, 3, device=_dev(device)))


# mmselfsup clip.py ResidualAttentionBlock (row 22): nn.MultiheadAttention's out_proj
def mmss_rab():
    return MmssResidualAttentionBlock(16, 2)


def seq_call(module, device=None):
    return module(torch.randn(5, 2, 16, device=_dev(device)))


# chinese-clip AttentionPool2d (rows 24 / 32 / 41) and ResidualAttentionBlock (row 45)
def cn_pool():
    return AttentionPool2d(2, 16, 2, 8)


def cn_pool_call(module, device=None):
    return module(torch.randn(2, 16, 2, 2, device=_dev(device)))


def cn_rab():
    return CnResidualAttentionBlock(16, 2)


# AH shape (rows 8 / 16 / 17 / 28): the repro repro/n3.py.txt (mmtracking MixFormer's block.forward_test reached only
# through the tracker's own forward), loaded by path; the user-held root is the Tracker, not the block.
def _n3():
    import importlib.machinery
    import os
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "triage22bn", "repro", "n3.py.txt")
    loader = importlib.machinery.SourceFileLoader("t22bn_repro_n3", path)
    spec = importlib.util.spec_from_loader("t22bn_repro_n3", loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


_N3 = _n3()
ReproTracker = _N3.Tracker
ReproBlock = _N3.Block


def repro_tracker():
    return ReproTracker()


def repro_tracker_test_call(module, device=None):
    return module(torch.randn(1, 3, 8, device=_dev(device)), return_loss=False)


def repro_block():
    return ReproBlock(8)


def repro_block_test_call(module, device=None):
    return module.forward_test(torch.randn(1, 3, 8, device=_dev(device)))
