"""Small builds and calls for the issue-22 "ap" triage (docs/triage-issue22-ap.md), run by
benchmarks/triage22ap_runtime.sh through `offload-lint confirm --factory/--call` (tracking backend, CPU) with
PYTHONPATH=/tmp/wt_ap (the linter the round measures). None of the libraries is installed; each file is loaded from the
corpus folder (C40, /tmp/corp40) under its own package name, its parent packages registered as bare namespace modules
so that the packages' heavy __init__ files are not run. CompressAI's compiled parts are replaced by stubs:
compressai._CXX.pmf_to_quantized_cdf (a plain cumulative sum; only `update()` uses it) and compressai.ans's
RansEncoder / RansDecoder (encode returns b"", decode returns zeros): the runs stop being about entropy coding, the
offloaded tensors they track are reached before the coder is called; torch_geometric / torchvision (absent here) are
empty modules (compressai.registry.transforms only collects their transform classes); stanza's udtools (the UD
evaluation script, imported by stanza.models.common.utils) is an empty module.

- CompressAI entropy_models.py EntropyBottleneck forward at leaf level (its matrices / biases / factors live in
  nn.ParameterList children, grouped on the lists' never-called forward).
- CompressAI models/google.py ScaleHyperprior.compress at block level (entropy_bottleneck / gaussian_conditional in
  the root's unmatched group).
- NeuralCompression layers/_vq_bottleneck.py VQBottleneck forward at leaf level (codebooks: an nn.ParameterList).
- pythae models/vq_vae/vq_vae_utils.py Quantizer forward at leaf level (embeddings.weight read without the call).
- stanza coref span_predictor.py SpanPredictor.predict / get_training_data, word_encoder.py WordEncoder.forward,
  anaphoricity_scorer.py AnaphoricityScorer.forward with singletons (leaf level).
- stanza constituency transformer_tree_stack.py TransformerTreeStack.initial_state, and push_states on the stack it
  made (leaf level).
- stanza common/seq2seq_model.py Seq2SeqModel.predict (the MWT expander's model, copy on, greedy) on a batch placed with
  `next(model.parameters()).device`, as mwt/trainer.py:89 places it (block level: expected all on the CPU).
"""

from __future__ import annotations

import importlib
import os
import sys
import types

import numpy as np
import torch

C40 = os.environ.get("C40", "/tmp/corp40")


def _namespace(name: str, path: str) -> types.ModuleType:
    if name not in sys.modules:
        module = types.ModuleType(name)
        module.__path__ = [path]
        sys.modules[name] = module
    return sys.modules[name]


def _load(dotted: str, root: str):
    """Import `dotted` from the corpus folder `root`, registering its parent packages as bare namespaces."""
    parts = dotted.split(".")
    for i in range(1, len(parts)):
        _namespace(".".join(parts[:i]), os.path.join(root, *parts[:i]))
    return importlib.import_module(dotted)


# --- CompressAI (compiled parts stubbed) ---
_CAI = os.path.join(C40, "CompressAI")
_cai = _namespace("compressai", os.path.join(_CAI, "compressai"))
_cxx = types.ModuleType("compressai._CXX")
_cxx.pmf_to_quantized_cdf = lambda pmf, precision: [0] + list(np.cumsum(np.round(np.array(pmf) * 2**precision)).astype(int))
_ans = types.ModuleType("compressai.ans")


class _Coder:
    def encode_with_indexes(self, *args, **kwargs):
        return b""

    def decode_with_indexes(self, string, indexes, *args, **kwargs):
        return [0] * len(indexes)

    def set_stream(self, *args):
        pass

    def decode_stream(self, indexes, *args):
        return [0] * len(indexes)

    def flush(self):
        return b""


_ans.RansEncoder = _ans.RansDecoder = _ans.BufferedRansEncoder = _Coder
sys.modules.update({"compressai._CXX": _cxx, "compressai.ans": _ans})
_cai._CXX, _cai.ans = _cxx, _ans
_cai.get_entropy_coder = lambda: "ans"
_cai.available_entropy_coders = lambda: ["ans"]
for _name in ("torch_geometric", "torchvision"):  # compressai.registry.transforms collects their transform classes
    _pkg, _tr = types.ModuleType(_name), types.ModuleType(_name + ".transforms")
    _pkg.transforms = _tr
    sys.modules.setdefault(_name, _pkg)
    sys.modules.setdefault(_name + ".transforms", _tr)

EntropyBottleneck = importlib.import_module("compressai.entropy_models").EntropyBottleneck  # its own __init__ runs
_namespace("compressai.models", os.path.join(_CAI, "compressai", "models"))  # not models/__init__ (point clouds)
ScaleHyperprior = importlib.import_module("compressai.models.google").ScaleHyperprior

# --- NeuralCompression ---
_NC = os.path.join(C40, "NeuralCompression")
_nc = _namespace("neuralcompression", os.path.join(_NC, "neuralcompression"))
_nc.VqVaeAutoencoderOutput = _load("neuralcompression._outputs", _NC).VqVaeAutoencoderOutput
VQBottleneck = _load("neuralcompression.layers._vq_bottleneck", _NC).VQBottleneck

# --- pythae ---
_PY = os.path.join(C40, "benchmark_VAE", "src")
_vq_utils = _load("pythae.models.vq_vae.vq_vae_utils", _PY)
PythaeQuantizer = _vq_utils.Quantizer

# --- stanza ---
_ST = os.path.join(C40, "stanza")
_ud = types.ModuleType("udtools")  # stanza.models.common.utils imports the UD evaluation script (absent here)
_ud.udeval = types.ModuleType("udtools.udeval")
_ud.udeval.UDError = type("UDError", (Exception,), {})
sys.modules.setdefault("udtools", _ud)
sys.modules.setdefault("udtools.udeval", _ud.udeval)
SpanPredictor = _load("stanza.models.coref.span_predictor", _ST).SpanPredictor
WordEncoder = _load("stanza.models.coref.word_encoder", _ST).WordEncoder
AnaphoricityScorer = _load("stanza.models.coref.anaphoricity_scorer", _ST).AnaphoricityScorer
TransformerTreeStack = _load("stanza.models.constituency.transformer_tree_stack", _ST).TransformerTreeStack
Seq2SeqModel = _load("stanza.models.common.seq2seq_model", _ST).Seq2SeqModel


# CompressAI EntropyBottleneck forward (rows on entropy_models.py _logits_cumulative)
def eb():
    torch.manual_seed(0)
    return EntropyBottleneck(4).eval()


def eb_call(module, device=None):
    with torch.no_grad():
        return module(torch.randn(1, 4, 3, 3, device=device))


# CompressAI ScaleHyperprior.compress (update() first, as the README / codec example do before compressing)
def sh():
    torch.manual_seed(0)
    net = ScaleHyperprior(8, 8).eval()
    net.update(force=True)
    return net


def sh_compress_call(module, device=None):
    with torch.no_grad():
        return module.compress(torch.rand(1, 3, 64, 64, device=device))


# NeuralCompression VQBottleneck forward
def nc_vq():
    torch.manual_seed(0)
    return VQBottleneck(codebook_size=16, vector_length=4).eval()


def nc_vq_call(module, device=None):
    out = _nc.VqVaeAutoencoderOutput(latent=torch.randn(1, 4, 3, 3, device=device))
    with torch.no_grad():
        return module(out)


# pythae Quantizer forward (VQVAE's quantizer)
def py_quant():
    torch.manual_seed(0)
    cfg = types.SimpleNamespace(num_embeddings=16, embedding_dim=4, commitment_loss_factor=0.25,
                                quantization_loss_factor=1.0)
    return PythaeQuantizer(cfg).eval()


def py_quant_call(module, device=None):
    with torch.no_grad():
        return module(torch.randn(1, 3, 3, 4, device=device))


# stanza coref SpanPredictor
_DOC = {"sent_id": [0, 0, 0, 0, 1, 1], "head2span": [(1, 0, 2), (4, 4, 6)]}


def span_predictor():
    torch.manual_seed(0)
    return SpanPredictor(8, 64).eval()


def sp_predict_call(module, device=None):
    words = torch.randn(6, 8, device=device)
    with torch.no_grad():
        return module.predict(_DOC, words, [[1, 4]])


def sp_training_call(module, device=None):
    # CorefModel.run (model.py:411) then the evaluation / loss (model.py:178-181, :538): span_y meets the scores
    words = torch.randn(6, 8, device=device)
    with torch.no_grad():
        scores, (starts, ends) = module.get_training_data(_DOC, words)
        return (starts == scores[:, :, 0].argmax(dim=1)).sum()


def word_encoder():
    torch.manual_seed(0)
    return WordEncoder(8, types.SimpleNamespace(dropout_rate=0.0)).eval()


def we_call(module, device=None):
    # CorefModel.run calls self.we(doc, bert_output) with the bert output on the device
    doc = {"word2subword": [(0, 1), (1, 3), (3, 4)], "word_clusters": [[0, 2]], "cased_words": ["a", "b", "c"]}
    with torch.no_grad():
        return module(doc, torch.randn(4, 8, device=device))


def anaph():
    torch.manual_seed(0)
    cfg = types.SimpleNamespace(hidden_size=8, n_hidden_layers=1, dropout_rate=0.0, singletons=True, rough_k=5)
    return AnaphoricityScorer(8 * 3 + 4, cfg).eval()


def anaph_call(module, device=None):
    with torch.no_grad():
        return module(top_mentions=torch.randn(2, 5, 8, device=device), mentions_batch=torch.randn(2, 8, device=device),
                      pw_batch=torch.randn(2, 5, 4, device=device), top_rough_scores_batch=torch.randn(2, 5, device=device))


def tts():
    torch.manual_seed(0)
    return TransformerTreeStack(input_size=8, output_size=8, input_dropout=0.0, use_position=True, num_heads=1).eval()


def tts_call(module, device=None):
    with torch.no_grad():
        return module.initial_state()


# stanza MWT Seq2SeqModel.predict as mwt/trainer.py:85-110 runs it
def mwt_s2s():
    torch.manual_seed(0)
    args = {"vocab_size": 12, "emb_dim": 8, "hidden_dim": 8, "num_layers": 1, "dropout": 0.0, "max_dec_len": 4,
            "attn_type": "soft", "copy": True}
    return Seq2SeqModel(args).eval()


def mwt_predict_call(module, device=None):
    place = next(module.parameters()).device  # mwt/trainer.py:89
    src = torch.tensor([[2, 5, 6, 7, 3], [2, 8, 9, 3, 0]], device=place)
    with torch.no_grad():
        return module.predict(src, src.eq(0), beam_size=1)


def tts_push_call(module, device=None):
    # LSTMModel pushes the transitions' embeddings (from the hooked transition_embedding: on the device) onto the
    # stacks that initial_state made (transformer_tree_stack.py:128-)
    with torch.no_grad():
        stack = module.initial_state()
        return module.push_states([stack], [None], torch.randn(1, 8, device=device))
