"""Small builds and calls for the issue-22 "w" triage (docs/triage-issue22-w.md), run by benchmarks/triage22w_runtime.sh
through `offload-lint confirm --factory/--call` with PYTHONPATH=/tmp/wt_w (the linter the round measures, e3743f6).
Each builds the row's class small, with its repository's own constructor, and makes the call its callers make:

- pytorch_geometric (imported from the export /tmp/corp21/pytorch_geometric; its hash_tensor module imports xxhash,
  not installed and not used by these classes: an empty `xxhash` stub module on PYTHONPATH, $STUBS):
  PMLP (rows 52, 53; eval forward with edge_index, as examples/pmlp.py's test), BatchNorm with
  allow_single_element=True on a one-row batch (rows 39, 43; as test/nn/norm/test_batch_norm.py), GPSConv with
  multihead attention (row 25; as examples/graph_gps.py, GINEConv replaced by GINConv: no edge features), QFormer
  (row 24; as MoleculeGPT builds it), LightGCN.get_embedding (row 18; as recommend() calls it), and the example
  ogbn_proteins_deepgcn.py's DeeperGCN (rows 30, 45, 55): the example loads ogbn-proteins at import (ogb not
  installed), so the class source is taken from the file (ast) and executed with its own imports and a small stand-in
  `data` (x, edge_attr, y shapes only).
- s3prl: wavlm/modules.py MultiheadAttention (rows 6, 34), loaded from its path (imports only torch), self-attention
  as TransformerSentenceEncoderLayer builds it, called with (query, key, value) T x B x C.
- darts: RINorm (row 27) from components/layer_norm_variants.py (imports only torch), inside a stand-in root whose
  forward does what PLForecastingModule's forward_wrapper does: rin(x), then rin.inverse(out) (the darts package
  imports pytorch_lightning and more, not installed).

Nothing was installed into the Python environment.
"""

from __future__ import annotations

import ast
import os
import sys
import types

import torch
import torch.nn as nn

from benchmarks.triage_harness import load_file

C21 = os.environ.get("C21", "/tmp/corp21")
PYG = os.path.join(C21, "pytorch_geometric")
if PYG not in sys.path:
    sys.path.insert(0, PYG)


def _load(name, *parts):
    return load_file(name, os.path.join(C21, *parts))


def _ei():
    return torch.tensor([[0, 1, 2, 3, 4, 1], [1, 2, 3, 4, 0, 0]])


# --- pytorch_geometric ------------------------------------------------------------------------------------------------

def PygPMLP():  # noqa: N802
    from torch_geometric.nn.models import PMLP
    return PMLP


def pyg_pmlp():
    torch.manual_seed(0)
    return PygPMLP()(in_channels=4, hidden_channels=8, out_channels=3, num_layers=2).eval()


def pyg_pmlp_call(module, device=None):
    with torch.no_grad():
        return module(torch.randn(5, 4, device=device), _ei().to(device))


def PygBatchNorm():  # noqa: N802
    from torch_geometric.nn import BatchNorm
    return BatchNorm


def pyg_bn():
    return PygBatchNorm()(4, allow_single_element=True)


def pyg_bn_call(module, device=None):
    with torch.no_grad():
        return module(torch.randn(1, 4, device=device))


def PygGPSConv():  # noqa: N802
    from torch_geometric.nn import GPSConv
    return GPSConv


def pyg_gps():
    from torch_geometric.nn import GINConv
    torch.manual_seed(0)
    mlp = nn.Sequential(nn.Linear(8, 8), nn.ReLU(), nn.Linear(8, 8))
    return PygGPSConv()(8, GINConv(mlp), heads=2, attn_type="multihead").eval()


def pyg_gps_call(module, device=None):
    with torch.no_grad():
        return module(torch.randn(5, 8, device=device), _ei().to(device))


def PygQFormer():  # noqa: N802
    from torch_geometric.nn.attention import QFormer
    return QFormer


def pyg_qformer():
    torch.manual_seed(0)
    return PygQFormer()(input_dim=8, hidden_dim=16, output_dim=8, num_heads=2, num_layers=1).eval()


def pyg_qformer_call(module, device=None):
    with torch.no_grad():
        return module(torch.randn(2, 3, 8, device=device))


def PygLightGCN():  # noqa: N802
    from torch_geometric.nn.models import LightGCN
    return LightGCN


def pyg_lightgcn():
    torch.manual_seed(0)
    return PygLightGCN()(num_nodes=5, embedding_dim=4, num_layers=2).eval()


def pyg_lightgcn_call(module, device=None):
    with torch.no_grad():
        return module.get_embedding(_ei().to(device))


def PygDeeperGCN():  # noqa: N802
    name = "t22w_deepergcn"
    if name in sys.modules:
        return sys.modules[name].DeeperGCN
    path = os.path.join(PYG, "examples", "ogbn_proteins_deepgcn.py")
    src = open(path).read()
    tree = ast.parse(src)
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "DeeperGCN")
    mod = types.ModuleType(name)
    mod.__file__ = path
    exec("import torch\nimport torch.nn.functional as F\nfrom torch.nn import LayerNorm, Linear, ReLU\n"
         "from torch_geometric.nn import DeepGCNLayer, GENConv\n", mod.__dict__)
    mod.data = types.SimpleNamespace(x=torch.zeros(5, 8), edge_attr=torch.zeros(6, 8), y=torch.zeros(5, 3))
    code = compile(ast.Module(body=[cls], type_ignores=[]), path, "exec")
    exec(code, mod.__dict__)
    sys.modules[name] = mod
    return mod.DeeperGCN


def pyg_deepergcn():
    torch.manual_seed(0)
    return PygDeeperGCN()(hidden_channels=8, num_layers=2).eval()


def pyg_deepergcn_call(module, device=None):
    with torch.no_grad():
        return module(torch.randn(5, 8, device=device), _ei().to(device), torch.randn(6, 8, device=device))


# --- s3prl ------------------------------------------------------------------------------------------------------------

def WavLMMHA():  # noqa: N802
    return _load("t22w_wavlm_modules", "s3prl", "s3prl", "upstream", "wavlm", "modules.py").MultiheadAttention


def wavlm_mha():
    torch.manual_seed(0)
    return WavLMMHA()(8, 2, dropout=0.0, self_attention=True).eval()


def wavlm_mha_call(module, device=None):
    x = torch.randn(5, 2, 8, device=device)
    with torch.no_grad():
        return module(query=x, key=x, value=x, need_weights=False)


# --- darts ------------------------------------------------------------------------------------------------------------

def DartsRINRoot():  # noqa: N802
    rin_cls = _load("t22w_darts_lnv", "darts", "darts", "models", "components", "layer_norm_variants.py").RINorm

    class DartsRINRoot(nn.Module):
        """Stand-in for PLForecastingModule with use_reversible_instance_norm=True: forward_wrapper runs rin(x), the
        model's forward, then rin.inverse(out)."""

        def __init__(self):
            super().__init__()
            self.rin = rin_cls(input_dim=3)
            self.proj = nn.Linear(3, 3)

        def forward(self, x):
            past = self.rin(x)                       # (B, T, n_targets)
            out = self.proj(past).unsqueeze(-1)      # (B, T, n_targets, nr_params)
            return self.rin.inverse(out)

    return DartsRINRoot


def darts_rin():
    torch.manual_seed(0)
    return DartsRINRoot()().eval()


def darts_rin_call(module, device=None):
    with torch.no_grad():
        return module(torch.randn(2, 6, 3, device=device))


# --- s3prl WavLM, recall hazard 1 (pos_conv weight_norm at leaf) --------------------------------------------------------
# WavLM.py imports `.modules` relatively: a synthetic package over s3prl/upstream/wavlm (its __init__ would import the
# s3prl package) lets both files load from their paths. The root is a stand-in for wavlm/expert.py's UpstreamExpert
# (s3prl's UpstreamBase not importable here): forward calls self.model.extract_features(wav, padding_mask, mask=False)
# as expert.py:83 does.

def _wavlm_module():
    import importlib
    pkg_name = "t22w_wavlm"
    if pkg_name not in sys.modules:
        pkg = types.ModuleType(pkg_name)
        pkg.__path__ = [os.path.join(C21, "s3prl", "s3prl", "upstream", "wavlm")]
        sys.modules[pkg_name] = pkg
    return importlib.import_module(pkg_name + ".WavLM")


def WavLMExpertStandIn():  # noqa: N802
    wl = _wavlm_module()

    class WavLMExpertStandIn(nn.Module):
        def __init__(self):
            super().__init__()
            cfg = wl.WavLMConfig({"encoder_layers": 1, "encoder_embed_dim": 16, "encoder_ffn_embed_dim": 32,
                                  "encoder_attention_heads": 2, "conv_feature_layers": "[(16,10,5)] + [(16,3,2)]",
                                  "conv_pos": 4, "conv_pos_groups": 2, "relative_position_embedding": False,
                                  "dropout": 0.0, "attention_dropout": 0.0, "activation_dropout": 0.0,
                                  "encoder_layerdrop": 0.0, "dropout_input": 0.0, "dropout_features": 0.0})
            self.model = wl.WavLM(cfg)

        def forward(self, wav):
            pad = torch.zeros(wav.shape, dtype=torch.bool, device=wav.device)
            return self.model.extract_features(wav, padding_mask=pad, mask=False)[0]

    return WavLMExpertStandIn


def wavlm_expert():
    torch.manual_seed(0)
    return WavLMExpertStandIn()().eval()


def wavlm_expert_call(module, device=None):
    with torch.no_grad():
        return module(torch.randn(2, 400, device=device))


# --- more rows: pyg DMGI (row 15), TGNMemory (row 46), VGen's DINO ViT (row 14), s3prl byol_s CvT Transformer (row 48)

def _example_class(rel_path, cls_name, imports, globs=None):
    """Execute one class of a pyg example whose module level loads a data set (not available offline)."""
    name = "t22w_" + cls_name
    if name in sys.modules:
        return getattr(sys.modules[name], cls_name)
    path = os.path.join(PYG, rel_path)
    tree = ast.parse(open(path).read())
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == cls_name)
    mod = types.ModuleType(name)
    mod.__file__ = path
    exec(imports, mod.__dict__)
    mod.__dict__.update(globs or {})
    exec(compile(ast.Module(body=[cls], type_ignores=[]), path, "exec"), mod.__dict__)
    sys.modules[name] = mod
    return getattr(mod, cls_name)


def PygDMGI():  # noqa: N802
    return _example_class(os.path.join("examples", "hetero", "dmgi_unsup.py"), "DMGI",
                          "import torch\nimport torch.nn.functional as F\nfrom torch_geometric.nn import GCNConv\n")


def pyg_dmgi():
    torch.manual_seed(0)
    return PygDMGI()(num_nodes=5, in_channels=4, out_channels=8, num_relations=2)


def pyg_dmgi_train(module, device=None):
    # examples/hetero/dmgi_unsup.py train(): pos_hs, neg_hs, summaries = model(x, edge_indices); model.loss(...)
    module.train()
    x = torch.randn(5, 4, device=device)
    pos_hs, neg_hs, summaries = module(x, [_ei().to(device), _ei().flip(0).to(device)])
    return module.loss(pos_hs, neg_hs, summaries)


def PygTGNMemory():  # noqa: N802
    from torch_geometric.nn.models.tgn import TGNMemory
    return TGNMemory


def pyg_tgn():
    from torch_geometric.nn.models.tgn import IdentityMessage, LastAggregator
    torch.manual_seed(0)
    return PygTGNMemory()(num_nodes=6, raw_msg_dim=3, memory_dim=4, time_dim=4,
                          message_module=IdentityMessage(3, 4, 4), aggregator_module=LastAggregator())


def pyg_tgn_train(module, device=None):
    # examples/tgn.py train(): memory(n_id) (forward), later memory.update_state(src, dst, t, msg); next batch again
    module.train()
    module.reset_state()
    src = torch.tensor([0, 1, 2], device=device)
    dst = torch.tensor([3, 4, 5], device=device)
    t = torch.tensor([1, 2, 3], device=device)
    msg = torch.randn(3, 3, device=device)
    n_id = torch.arange(6, device=device)
    module(n_id)
    module.update_state(src, dst, t, msg)
    return module(n_id)


def _vgen_dino():
    import importlib
    pkg_name = "t22w_dino"
    if pkg_name not in sys.modules:
        pkg = types.ModuleType(pkg_name)
        pkg.__path__ = [os.path.join(C21, "VGen", "metric", "dino")]
        sys.modules[pkg_name] = pkg
    return importlib.import_module(pkg_name + ".vision_transformer")


def VGenDinoViT():  # noqa: N802
    return _vgen_dino().VisionTransformer


def vgen_dino():
    torch.manual_seed(0)
    return VGenDinoViT()(img_size=[32], patch_size=8, embed_dim=16, depth=1, num_heads=2, num_classes=0).eval()


def vgen_dino_attn(module, device=None):
    # metric/dino/visualize_attention.py:179: model.get_last_selfattention(img.to(device))
    with torch.no_grad():
        return module.get_last_selfattention(torch.randn(1, 3, 32, 32, device=device))


def ByolCvTTransformer():  # noqa: N802
    return _load("t22w_byol_cvt", "s3prl", "s3prl", "upstream", "byol_s", "byol_a", "models", "cvt.py").Transformer


def byol_cvt():
    torch.manual_seed(0)
    return ByolCvTTransformer()(dim=16, proj_kernel=3, kv_proj_stride=2, depth=1, heads=2, dim_head=8).eval()


def byol_cvt_call(module, device=None):
    with torch.no_grad():
        return module(torch.randn(1, 16, 8, 8, device=device))


# --- DIG GraphAF GraphFlowModel: forward, then log_prob (rows 2, 17) ----------------------------------------------------
# graphflow.py imports rdkit and dig.ggraph.utils (rdkit-based; not installed) for generate() only: stub modules stand in
# for those two imports; graphaf.py/rgcn.py/st_net.py load from their paths through a synthetic package over
# GraphAF/model (its __init__ would import the rl variants too). use_gpu False (no CUDA here: with it the parameters
# would be built with .cuda() and flow_core wrapped in DataParallel; the tracking backend marks the compute device).

def DigGraphFlowModel():  # noqa: N802
    import importlib
    for name, attrs in (("rdkit", {}), ("rdkit.Chem", {}), ("dig", {}), ("dig.ggraph", {}),
                        ("dig.ggraph.utils", {"check_valency": None, "convert_radical_electrons_to_hydrogens": None})):
        if name not in sys.modules:
            m = types.ModuleType(name)
            m.__dict__.update(attrs)
            m.__path__ = []
            sys.modules[name] = m
    sys.modules["rdkit"].Chem = sys.modules["rdkit.Chem"]
    pkg_name = "t22w_gaf"
    if pkg_name not in sys.modules:
        pkg = types.ModuleType(pkg_name)
        pkg.__path__ = [os.path.join(C21, "DIG", "dig", "ggraph", "method", "GraphAF", "model")]
        sys.modules[pkg_name] = pkg
    return importlib.import_module(pkg_name + ".graphflow").GraphFlowModel


def dig_gaf():
    torch.manual_seed(0)
    conf = {"max_size": 5, "edge_unroll": 3, "node_dim": 9, "bond_dim": 4, "deq_coeff": 0.9, "use_gpu": False,
            "use_df": False, "st_type": "exp", "num_flow_layer": 1, "num_rgcn_layer": 1, "nhid": 8, "nout": 8}
    return DigGraphFlowModel()(conf)


def dig_gaf_train(module, device=None):
    # GraphAF.train_rand_gen (graphaf.py:74/75): out_z, out_logdet = self.model(x, adj); self.model.log_prob(...)
    module.train()
    x = torch.zeros(2, 5, 9, device=device)
    x[:, :, 0] = 1
    adj = torch.zeros(2, 4, 5, 5, device=device)
    adj[:, 3] = 1
    out_z, out_logdet = module(x, adj)
    return module.log_prob(out_z, out_logdet)
