"""Small builds and calls for the issue-22 "s" triage (docs/triage-issue22-s.md), run by benchmarks/triage22s_runtime.sh
through `offload-lint confirm --factory/--call` with PYTHONPATH=/tmp/wt_s (the linter the round measures, 01c0f90).
Each builds the row's class small, with its repository's own constructor, and makes the call its callers make:

- boltz (model/layers): PairWeightedAveraging (chunk_heads=True in eval, as the MSA module passes it for large
  inputs), Transition and OuterProductMean (chunk_size given in eval), TriangleMultiplicationOutgoing/Incoming
  (use_kernels=True, boltz2 predict's default on GPU). The cuequivariance kernel is not installed: a stand-in
  `triangle_multiplicative_update` computes the same update in plain torch from the weights it is handed (the kernel
  receives the same tensors; the stand-in is where they meet x).
- pytorch-metric-learning: the classification losses' documented `get_logits(embeddings)` after a training call,
  and CrossBatchMemory driven as tests/losses/test_cross_batch_memory.py's test_ref_mining, test_input_indices_tuple
  and test_reset_queue do (the loss offloaded as the root; the tests' TEST_DEVICE is the compute device).
- pytorch-widedeep: WideDeep(deeptabular=TabNet) with the feature-importance/explain call
  `model.deeptabular[0].forward_masks(X)`; WideDeep(deeptabular=TabMlp(use_cat_bias=True)) forward; the rec models
  AutoInt/AutoIntPlus forward; FineTune.finetune_all(model.wide, ...) as Trainer._do_finetune calls it.
- RFdiffusion: MSA_emb (RoseTTAFoldModel's latent_emb) forward.
- mace: LoRADenseLinear around an nn.Linear (inject_lora's dense case) forward, and LoRAFCLayer around a stand-in for
  e3nn's FullyConnectedNet _Layer, forward then merge_lora_weights.

Stand-ins (benchmarks/triage22r/stubs/_fake.py, reused): packages imported at module level but not installed here
(gensim, pandas, sklearn, spacy, ..., dgl, e3nn, fairscale, einx) are placeholder modules; opt_einsum's `contract` is
torch.einsum; nothing else of them runs in these calls. Nothing was installed into the Python environment.
"""

from __future__ import annotations

import math
import os
import sys
import types

import torch
from torch import nn

HERE = os.path.dirname(os.path.abspath(__file__))
C17 = os.environ.get("C17", "/tmp/corp17")


def _stubs(*names):
    sys.path.insert(0, os.path.join(HERE, "triage22r", "stubs"))
    import _fake
    _fake.install(*names)
    return _fake


def _path(*parts):
    path = os.path.join(C17, *parts)
    if path not in sys.path:
        sys.path.insert(0, path)


def _bare_package(name, path):
    """A package whose __init__ is bypassed (it imports what is not installed here)."""
    if name not in sys.modules:
        module = types.ModuleType(name)
        module.__path__ = [path]
        sys.modules[name] = module


# --- boltz: model/layers ---------------------------------------------------------------------------------------

def _cueq_standin():
    """cuequivariance_torch.primitives.triangle.triangle_multiplicative_update (not installed): the same update in
    plain torch, computed from the weights the caller hands it."""
    import torch.nn.functional as F
    names = ("cuequivariance_torch", "cuequivariance_torch.primitives", "cuequivariance_torch.primitives.triangle")
    for name in names:
        if name not in sys.modules:
            sys.modules[name] = types.ModuleType(name)
            sys.modules[name].__path__ = []

    def triangle_multiplicative_update(x, direction, mask, norm_in_weight, norm_in_bias, p_in_weight, g_in_weight,
                                       norm_out_weight, norm_out_bias, p_out_weight, g_out_weight, eps):
        x = F.layer_norm(x, x.shape[-1:], norm_in_weight, norm_in_bias, eps)
        x_in = x
        x = F.linear(x, p_in_weight) * F.linear(x, g_in_weight).sigmoid()
        x = x * mask.unsqueeze(-1)
        a, b = torch.chunk(x.float(), 2, dim=-1)
        eq = "bikd,bjkd->bijd" if direction == "outgoing" else "bkid,bkjd->bijd"
        x = torch.einsum(eq, a, b)
        x = F.layer_norm(x, x.shape[-1:], norm_out_weight, norm_out_bias, eps)
        return F.linear(x, p_out_weight) * F.linear(x_in, g_out_weight).sigmoid()

    sys.modules["cuequivariance_torch.primitives.triangle"].triangle_multiplicative_update = \
        triangle_multiplicative_update


def _boltz():
    _path("boltz", "src")
    _cueq_standin()


def BoltzPairWeightedAveraging():  # noqa: N802
    _boltz()
    from boltz.model.layers.pair_averaging import PairWeightedAveraging
    return PairWeightedAveraging


def BoltzTransition():  # noqa: N802
    _boltz()
    from boltz.model.layers.transition import Transition
    return Transition


def BoltzOuterProductMean():  # noqa: N802
    _boltz()
    from boltz.model.layers.outer_product_mean import OuterProductMean
    return OuterProductMean


def BoltzTriMulOut():  # noqa: N802
    _boltz()
    from boltz.model.layers.triangular_mult import TriangleMultiplicationOutgoing
    return TriangleMultiplicationOutgoing


def BoltzTriMulIn():  # noqa: N802
    _boltz()
    from boltz.model.layers.triangular_mult import TriangleMultiplicationIncoming
    return TriangleMultiplicationIncoming


def boltz_pwa():
    torch.manual_seed(0)
    # MSALayer: PairWeightedAveraging(c_m=msa_s, c_z=token_z, c_h=32, num_heads=8); small
    return BoltzPairWeightedAveraging()(c_m=8, c_z=8, c_h=4, num_heads=2).eval()


def boltz_pwa_call(module, device=None):
    # MSALayer.forward: self.pair_weighted_averaging(m, z, token_mask, chunk_heads) with chunk_heads True for large
    # inputs in eval (msa.py: chunk_heads_pwa = z.shape[1] > const.chunk_size_threshold)
    torch.manual_seed(1)
    m = torch.randn(1, 3, 5, 8, device=device)
    z = torch.randn(1, 5, 5, 8, device=device)
    mask = torch.ones(1, 5, 5, device=device)
    with torch.no_grad():
        return module(m, z, mask, chunk_heads=True)


def boltz_transition():
    torch.manual_seed(0)
    return BoltzTransition()(dim=8, hidden=16).eval()


def boltz_transition_call(module, device=None):
    # PairformerLayer / MSALayer: self.transition_z(z, chunk_size_transition_z) in eval for large inputs
    torch.manual_seed(1)
    with torch.no_grad():
        return module(torch.randn(1, 5, 5, 8, device=device), chunk_size=4)


def boltz_opm():
    torch.manual_seed(0)
    return BoltzOuterProductMean()(c_in=8, c_hidden=4, c_out=8).eval()


def boltz_opm_call(module, device=None):
    # MSALayer: self.outer_product_mean(m, msa_mask, chunk_size_outer_product) in eval for large inputs
    torch.manual_seed(1)
    with torch.no_grad():
        return module(torch.randn(1, 3, 5, 8, device=device), torch.ones(1, 3, 5, device=device), chunk_size=2)


def boltz_trimul_out():
    torch.manual_seed(0)
    return BoltzTriMulOut()(dim=8).eval()


def boltz_trimul_in():
    torch.manual_seed(0)
    return BoltzTriMulIn()(dim=8).eval()


def boltz_trimul_call(module, device=None):
    # PairformerLayer: self.tri_mul_out(z, mask=pair_mask, use_kernels=use_cuequiv_mul or use_kernels)
    torch.manual_seed(1)
    with torch.no_grad():
        return module(torch.randn(1, 5, 5, 8, device=device), torch.ones(1, 5, 5, device=device), use_kernels=True)


def boltz_trimul_nokernel_call(module, device=None):
    torch.manual_seed(1)
    with torch.no_grad():
        return module(torch.randn(1, 5, 5, 8, device=device), torch.ones(1, 5, 5, device=device), use_kernels=False)


# --- pytorch-metric-learning ----------------------------------------------------------------------------------

def _pml():
    _path("pytorch-metric-learning", "src")
    import pytorch_metric_learning.losses as losses
    return losses


def PmlSubCenterArcFace():  # noqa: N802
    return _pml().SubCenterArcFaceLoss


def PmlProxyNCA():  # noqa: N802
    return _pml().ProxyNCALoss


def PmlLargeMargin():  # noqa: N802
    return _pml().LargeMarginSoftmaxLoss


def PmlCrossBatchMemory():  # noqa: N802
    return _pml().CrossBatchMemory


def pml_subcenter():
    torch.manual_seed(0)
    return _pml().SubCenterArcFaceLoss(num_classes=4, embedding_size=8)


def pml_proxynca():
    torch.manual_seed(0)
    return _pml().ProxyNCALoss(num_classes=4, embedding_size=8)


def pml_large_margin():
    torch.manual_seed(0)
    return _pml().LargeMarginSoftmaxLoss(num_classes=4, embedding_size=8)


def pml_get_logits_call(module, device=None):
    # docs/losses.md: a training call loss_func(embeddings, labels), then `logits = loss_func.get_logits(embeddings)`
    torch.manual_seed(1)
    embeddings = torch.randn(6, 8, device=device)
    labels = torch.tensor([0, 1, 2, 3, 0, 1], device=device)
    module(embeddings, labels)
    return module.get_logits(embeddings)


def pml_get_logits_fresh_call(module, device=None):
    # get_logits on a loss no forward has run on (inference use of a loaded loss)
    torch.manual_seed(1)
    return module.get_logits(torch.randn(6, 8, device=device))


def pml_cbm():
    losses = _pml()
    torch.manual_seed(0)
    # the tests: CrossBatchMemory(loss=ContrastiveLoss(), embedding_size=self.embedding_size (128),
    # memory_size=self.memory_size (321)); small
    return losses.CrossBatchMemory(loss=losses.ContrastiveLoss(), embedding_size=8, memory_size=40)


def pml_cbm_ref_mining_call(module, device=None):
    # test_ref_mining's loop body (three iterations, float32)
    from pytorch_metric_learning.miners import PairMarginMiner, TripletMarginMiner
    from pytorch_metric_learning.utils import loss_and_miner_utils as lmu
    pair_miner, triplet_miner = PairMarginMiner(pos_margin=0, neg_margin=1), TripletMarginMiner(margin=1)
    torch.manual_seed(1)
    for _ in range(3):
        embeddings = torch.randn(16, 8).to(device)
        labels = torch.arange(16).to(device)
        module(embeddings, labels)
        a1, p, a2, n = lmu.get_all_pairs_indices(labels, module.label_memory)
        assert not torch.any((labels[a1] - module.label_memory[p]).bool())
        a1, p, a2, n = pair_miner(embeddings, labels, module.embedding_memory, module.label_memory)
        a, p, n = triplet_miner(embeddings, labels, module.embedding_memory, module.label_memory)
    return a


def pml_cbm_indices_tuple_call(module, device=None):
    # test_input_indices_tuple's loop body (three iterations, float32)
    from pytorch_metric_learning.miners import PairMarginMiner, TripletMarginMiner
    from pytorch_metric_learning.utils import loss_and_miner_utils as lmu
    pair_miner, triplet_miner = PairMarginMiner(pos_margin=0, neg_margin=1), TripletMarginMiner(margin=1)
    torch.manual_seed(1)
    for _ in range(3):
        embeddings = torch.randn(16, 8).to(device)
        labels = torch.arange(16).to(device)
        module(embeddings, labels)
        for curr_miner in [pair_miner, triplet_miner]:
            input_indices_tuple = curr_miner(embeddings, labels)
            lmu.convert_to_pairs(input_indices_tuple, labels)
            indices_tuple = lmu.get_all_pairs_indices(labels, module.label_memory)
            lmu.remove_self_comparisons(indices_tuple, module.curr_batch_idx, module.memory_size)
            a1, p, a2, n = module.create_indices_tuple(embeddings, labels, module.embedding_memory,
                                                       module.label_memory, input_indices_tuple, True)
    return a1


def pml_cbm_reset_queue_call(module, device=None):
    # test_reset_queue: fresh buffers compared with CPU zeros, then one call with CPU tensors (the test's own)
    init_emb = torch.zeros(module.memory_size, module.embedding_size)
    init_label = torch.zeros(module.memory_size).long()
    assert torch.equal(module.embedding_memory, init_emb)
    assert torch.equal(module.label_memory, init_label)
    module(torch.randn(16, 8), torch.randint(0, 2, size=(16,)))
    return torch.equal(module.embedding_memory, init_emb)


# --- pytorch-widedeep -----------------------------------------------------------------------------------------

WD_FAKE = ("gensim", "pandas", "sklearn", "spacy", "lightgbm", "torchmetrics", "wrapt", "imgaug", "cv2", "bs4",
           "pyarrow", "polars", "ftfy", "torchvision")


def _wd():
    _stubs(*WD_FAKE)
    sys.path.insert(0, "/tmp/r_site")  # einops (pure Python; round r's copy)
    _path("pytorch-widedeep")
    import pytorch_widedeep.models as models
    return models


def WdWideDeep():  # noqa: N802
    return _wd().WideDeep


def WdAutoInt():  # noqa: N802
    _wd()
    from pytorch_widedeep.models.rec.autoint import AutoInt
    return AutoInt


def WdAutoIntPlus():  # noqa: N802
    _wd()
    from pytorch_widedeep.models.rec.autoint_plus import AutoIntPlus
    return AutoIntPlus


WD_COLS = {"a": 0, "b": 1, "c": 2, "x": 3}
WD_CAT = [("a", 5, 3), ("b", 4, 3), ("c", 3, 2)]


def _wd_X(device, n=8):
    torch.manual_seed(1)
    cats = torch.stack([torch.randint(1, 5, (n,)), torch.randint(1, 4, (n,)), torch.randint(1, 3, (n,))], 1)
    return torch.cat([cats.float(), torch.randn(n, 1)], 1).to(device)


def wd_tabnet():
    models = _wd()
    torch.manual_seed(0)
    # README/examples: TabNet(column_idx=tab_preprocessor.column_idx, cat_embed_input=..., continuous_cols=...),
    # WideDeep(deeptabular=tab_net) (TabNet alone, as WideDeep's warning recommends; deeptabular is then
    # nn.Sequential(TabNet, TabNetPredLayer))
    tabnet = models.TabNet(column_idx=WD_COLS, cat_embed_input=WD_CAT, continuous_cols=["x"], n_steps=2,
                           step_dim=4, attn_dim=4, virtual_batch_size=4)
    return models.WideDeep(deeptabular=tabnet).eval()


def wd_forward_masks_call(module, device=None):
    # training/_feature_importance.py: model_backbone = list(model.deeptabular.children())[0];
    # M_explain, masks = model_backbone.forward_masks(X) (Trainer.explain / feature_importance)
    backbone = list(module.deeptabular.children())[0]
    with torch.no_grad():
        return backbone.forward_masks(_wd_X(device))[0]


def wd_tabmlp_bias():
    models = _wd()
    torch.manual_seed(0)
    tabmlp = models.TabMlp(column_idx=WD_COLS, cat_embed_input=WD_CAT, use_cat_bias=True, continuous_cols=["x"],
                           mlp_hidden_dims=[8, 4])
    return models.WideDeep(deeptabular=tabmlp).eval()


def wd_forward_call(module, device=None):
    # Trainer: self.model(X) with X = {"deeptabular": tensor} moved to the device
    with torch.no_grad():
        return module({"deeptabular": _wd_X(device)})


def wd_autoint():
    torch.manual_seed(0)
    return WdAutoInt()(column_idx=WD_COLS, input_dim=4, num_heads=2, num_layers=2, cat_embed_input=WD_CAT,
                       continuous_cols=["x"], embed_continuous_method="standard").eval()


def wd_autoint_plus():
    torch.manual_seed(0)
    return WdAutoIntPlus()(column_idx=WD_COLS, input_dim=4, num_heads=2, num_layers=2, cat_embed_input=WD_CAT,
                           continuous_cols=["x"], embed_continuous_method="standard", mlp_hidden_dims=[8]).eval()


def wd_rec_forward_call(module, device=None):
    with torch.no_grad():
        return module(_wd_X(device))


def wd_wide_tabmlp():
    models = _wd()
    torch.manual_seed(0)
    tabmlp = models.TabMlp(column_idx=WD_COLS, cat_embed_input=WD_CAT, continuous_cols=["x"], mlp_hidden_dims=[8, 4])
    return models.WideDeep(wide=models.Wide(input_dim=10, pred_dim=1), deeptabular=tabmlp)


def wd_finetune_call(module, device=None):
    # Trainer.fit(finetune=True) -> _do_finetune: FineTune(self.loss_fn, self.metric, self.method, self.verbose)
    # .finetune_all(self.model.wide, "wide", loader, n_epochs, max_lr); its _train moves X to self.device
    import torch.nn.functional as F
    from pytorch_widedeep.training._finetune import FineTune
    finetuner = FineTune(F.binary_cross_entropy_with_logits, None, "binary", 0)
    finetuner.device = device or "cpu"
    torch.manual_seed(1)
    X_wide = torch.randint(1, 10, (8, 3))
    target = torch.randint(0, 2, (8,))
    loader = [({"wide": X_wide, "deeptabular": _wd_X("cpu")}, target)]
    finetuner.finetune_all(module.wide, "wide", loader, 1, 0.01)
    return module.wide.wide_linear.weight


def wd_get_embeddings_call(module, device=None):
    # the row's own path: TabMlp.forward -> self._get_embeddings(X) inside WideDeep.forward
    with torch.no_grad():
        return module({"wide": torch.randint(1, 10, (8, 3)).to(device), "deeptabular": _wd_X(device)})


# --- RFdiffusion ------------------------------------------------------------------------------------------------

def _rf():
    _stubs("dgl", "e3nn", "se3_transformer", "hydra", "omegaconf", "icecream", "opt_einsum")
    import opt_einsum
    opt_einsum.contract = torch.einsum
    _path("RFdiffusion")
    import rfdiffusion.Embeddings as emb
    return emb


def RfMSAEmb():  # noqa: N802
    return _rf().MSA_emb


def rf_msa_emb():
    torch.manual_seed(0)
    # RoseTTAFoldModel: MSA_emb(d_msa=d_msa, d_pair=d_pair, d_state=d_state, p_drop=p_drop, input_seq_onehot=...)
    return _rf().MSA_emb(d_msa=8, d_pair=8, d_state=4, p_drop=0.0, input_seq_onehot=True).eval()


def rf_msa_emb_call(module, device=None):
    # RoseTTAFoldModule.forward: self.latent_emb(msa_latent, seq, idx, cyclic_reses); seq one-hot (B, L, 22)
    torch.manual_seed(1)
    L = 6
    msa = torch.randn(1, 2, L, 48, device=device)
    seq = torch.nn.functional.one_hot(torch.randint(0, 22, (1, L)), 22).float().to(device)
    idx = torch.arange(L, device=device)[None]
    cyclize = torch.zeros(L, dtype=torch.bool, device=device)
    with torch.no_grad():
        return module(msa, seq, idx, cyclize)


# --- mace: modules/lora.py ----------------------------------------------------------------------------------------

class _E3nnFCLayerStandIn(nn.Module):
    """e3nn.nn._fc._Layer (e3nn not installed): weight (h_in, h_out), x @ weight / sqrt(h_in), then the activation."""

    def __init__(self, h_in, h_out, act=None):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(h_in, h_out))
        self.act = act
        self.h_in = h_in

    def forward(self, x):
        x = x @ (self.weight / self.h_in ** 0.5)
        return self.act(x) if self.act is not None else x


def _mace():
    fake = _stubs("e3nn")
    import e3nn.nn._fc as fc
    fc._Layer = _E3nnFCLayerStandIn
    _bare_package("mace", os.path.join(C17, "mace", "mace"))
    _bare_package("mace.modules", os.path.join(C17, "mace", "mace", "modules"))
    import mace.modules.lora as lora
    return lora


def MaceLoRADenseLinear():  # noqa: N802
    return _mace().LoRADenseLinear


def MaceLoRAFCLayer():  # noqa: N802
    return _mace().LoRAFCLayer


class _Readout(nn.Module):
    """A MACE-like readout holding the wrapped layer (inject_lora replaces children of the model's modules)."""

    def __init__(self, layer):
        super().__init__()
        self.layer = layer

    def forward(self, x):
        return self.layer(x)


def mace_lora_dense():
    lora = _mace()
    torch.manual_seed(0)
    model = _Readout(nn.Linear(8, 4))
    lora.inject_lora(model, rank=2, alpha=1.0)  # LoRADenseLinear(child, rank, alpha)
    with torch.no_grad():
        model.layer.lora_B.weight.normal_()
    return model


def mace_lora_fc():
    lora = _mace()
    torch.manual_seed(0)
    model = _Readout(_E3nnFCLayerStandIn(8, 4))
    lora.inject_lora(model, rank=2, alpha=1.0)  # LoRAFCLayer(child, rank, alpha)
    return model


def mace_lora_train_call(module, device=None):
    # run_train.py --lora: training forward (grad enabled: compute_delta() fresh each call)
    torch.manual_seed(1)
    return module(torch.randn(3, 8, device=device))


def mace_lora_eval_call(module, device=None):
    torch.manual_seed(1)
    with torch.no_grad():
        return module(torch.randn(3, 8, device=device))


def mace_lora_merge_call(module, device=None):
    # a training forward, then merge_lora_weights(model) (lora.py; run_train's LoRA export path)
    lora = _mace()
    torch.manual_seed(1)
    module(torch.randn(3, 8, device=device))
    lora.merge_lora_weights(module)
    return module.layer.weight
