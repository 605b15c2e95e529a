"""Write benchmarks/triage22u/labels.json (round u; every row labelled by reading first; runtime runs added after).

BF (new cause letter): a method reached from forward() through a bound method its constructor stores in an attribute
(`self.operation_function = self._concatenation` / `self.aggregate = self.aggregation_ft` in __init__; forward calls
`self.operation_function(x, g)` / `self.aggregate(...)`), taken as a method nothing runs inside forward.
"""
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))
SAMPLE = json.load(open(os.path.join(HERE, "sample.json")))

R_TIME = "read: no harness (time)"
RUN = lambda case, extra="": f"refuted block and leaf ({case}): forward ran, no offloaded weight reached computation{extra}"
T = lambda why, lvl, rt=R_TIME: {"label": "true", "level": lvl, "runtime": rt, "why": why}
F = lambda c, why, rt=R_TIME, api=False: dict({"label": "false", "cause": c, "runtime": rt, "why": f"{c}: {why}"}, **({"api": True} if api else {}))

# Attention-Gated-Networks: method -> (how forward reaches it, runtime case)
GRID = "models/layers/grid_attention_layer.py"
NL = "models/layers/nonlocal_layer.py"
SONO = "models/networks/sononet_grid_attention.py"
AGN = {
 ("_GridAttentionBlockND_TORR", "_concatenation"): ("_GridAttentionBlockND_TORR.__init__ sets `self.operation_function = self._concatenation` for every 'concatenation*' mode (grid_attention_layer.py:256) and forward calls `self.operation_function(x, g)` (:291); the block is sononet_grid_attention's compatibility_score1/2 (a direct non-container child, in the root's group, onloaded by the root's forward) and the line runs inside that forward", RUN("agn_sononet_mean/ft/ds: the configs' sononet_grid_attention, nonlocal_mode concatenation_mean_flow")),
 ("_GridAttentionBlockND", "_concatenation"): ("__init__ sets `self.operation_function = self._concatenation` for mode 'concatenation' (grid_attention_layer.py:65), forward calls it (:81)", RUN("agn_grid_concatenation: GridAttentionBlock2D as its own root")),
 ("_GridAttentionBlockND", "_concatenation_debug"): ("__init__ sets `self.operation_function = self._concatenation_debug` for mode 'concatenation_debug' (:67), forward calls it (:81)", RUN("agn_grid_concatenation_debug: as its own root")),
 ("_GridAttentionBlockND", "_concatenation_residual"): ("__init__ sets `self.operation_function = self._concatenation_residual` for mode 'concatenation_residual' (:69), forward calls it (:81)", RUN("agn_grid_concatenation_residual: as its own root")),
 ("_NonLocalBlockND", "_embedded_gaussian"): ("__init__ sets `self.operation_function = self._embedded_gaussian` (nonlocal_layer.py:76; the default mode, unet_nonlocal's), forward calls `self.operation_function(x)`", RUN("agn_nl_embedded_gaussian: NONLocalBlock2D as its own root")),
 ("_NonLocalBlockND", "_dot_product"): ("__init__ sets `self.operation_function = self._dot_product` (:78), forward calls it", RUN("agn_nl_dot_product: as its own root")),
 ("_NonLocalBlockND", "_gaussian"): ("__init__ sets `self.operation_function = self._gaussian` (:80), forward calls it. (Mode 'gaussian' fails in every build at `if self.sub_sample_factor > 1` (:145): __init__ always stores a list; lines after :145 never run)", "untriggered (agn_nl_gaussian): forward raises TypeError at nonlocal_layer.py:145 (`[2] > 1`) in every build; read"),
 ("_NonLocalBlockND", "_concatenation"): ("__init__ sets `self.operation_function = self._concatenation` (:82), forward calls it", RUN("agn_nl_concatenation: as its own root")),
 ("_NonLocalBlockND", "_concatenation_proper"): ("__init__ sets `self.operation_function = self._concatenation_proper` for mode 'concat_proper' (:84), forward calls it", RUN("agn_nl_concat_proper: as its own root")),
 ("_NonLocalBlockND", "_concatenation_proper_down"): ("__init__ sets `self.operation_function = self._concatenation_proper_down` for mode 'concat_proper_down' (:86), forward calls it (3-D only: its upsampling is 'trilinear')", RUN("agn_nl_concat_proper_down: NONLocalBlock3D as its own root")),
 ("sononet_grid_attention", "aggregation_ft"): ("sononet_grid_attention.__init__ sets `self.aggregate = self.aggregation_ft` for aggregation_mode 'ft' (configs/config_sononet_grid_att_8_ft.json) and forward returns `self.aggregate(g1, g2, pooled)` (sononet_grid_attention.py:136)", RUN("agn_sononet_ft")),
 ("sononet_grid_attention", "aggregation_concat"): ("reached from aggregation_ds, which __init__ stores as `self.aggregate` for 'deep_sup' (config_sononet_grid_att_8_deepsup.json); forward calls self.aggregate (:136). (The 'concat' mode's own `self.aggregate = self.aggreagation_concat` is a typo that fails at construction)", RUN("agn_sononet_ds")),
}

L = {}
for i, r in enumerate(SAMPLE, 1):
    key = (r["class_name"], r["method"])
    if key in AGN:
        how, rt = AGN[key]
        L[i] = F("BF", f"Attention-Gated-Networks {r['class_name']}.{r['method']} `self.{r['attribute']}` (line {r['line']}): {how}; so the call runs inside forward(), with the group onloaded. The layer is built only as a child of the U-Nets/SonoNets (also AH), but even as its own root the line is inside forward.", rt)

USAM_RT = ("confirmed leaf (reid_usam): compute access to weight / weight2 via conv2d at model.py:49/50 (USAM.__call__), "
           "offloaded weights with the compute-device input; block also confirmed with USAM as its own root, not claimed "
           "(inside ft_net USAM is a direct non-container child, onloaded with the root's group)")
USAM = ("Person_reID_baseline_pytorch USAM (built by ft_net(usam=True): `python train.py --usam`, README's ResNet-50 + USAM "
        "rows; test.py --usam) overrides __call__ and defines no forward: at leaf, its own parameters weight/weight2 (no "
        "Conv/Linear child holds them) are grouped on USAM's forward, which never runs, so ")
for i, r in enumerate(SAMPLE, 1):
    if r["path"].startswith("Person_reID_baseline_pytorch/"):
        if r["code"] == "OFL205":
            L[i] = T(USAM + "both stay offloaded and meet the device feature map in the conv2d calls (model.py:49-50).", "leaf", USAM_RT)
        else:
            L[i] = T(USAM + f"self.{r['attribute']} stays offloaded and meets the device fmap in nn.functional.conv2d (model.py:{r['line']}).", "leaf", USAM_RT)

for i, r in enumerate(SAMPLE, 1):
    p = r["path"]
    if p.endswith("backbone/senet.py"):
        L[i] = F("AB", "pytorch-toolbelt SENet.logits is called only by SENet.forward (senet.py:376); toolbelt's encoders (SEResNeXt*Encoder) use the backbone's layer0..layer4, and no doc, notebook, test or script calls .logits() on a SENet (README's `self.logits(x[0])` is a user model's own head). Second reading (public method): true at block (avg_pool/last_linear in the root's group).", api=True)
    elif p.endswith("backbone/inceptionv4.py"):
        L[i] = F("AB", "pytorch-toolbelt InceptionV4.logits (a copy of Cadene/pretrained-models.pytorch, round t's corpus, which documents model.logits; toolbelt does not): called only by InceptionV4.forward (inceptionv4.py:298); no doc, notebook, test or script calls it. Second reading (public method): true at block.", api=True)
    elif p.endswith("encoders/mix_transformer.py"):
        L[i] = F("AK", "pytorch-toolbelt MixVisionTransformer.change_input_channels (documented: README `encoder = encoder.change_input_channels(6)`, tests/test_encoders.py, right after construction) calls patch_embed1.change_input_channels, which only replaces `self.proj` by a new nn.Conv2d (mix_transformer.py:196-204) and computes nothing: no weight meets a device tensor. (A structural edit at construction, AL too; done after offloading the new conv would be outside every group: a different hazard, not this finding's.)")

out = {str(k): v for k, v in sorted(L.items())}
assert len(out) == len(SAMPLE) == 48, (len(out), len(SAMPLE))
json.dump(out, open(os.path.join(HERE, "labels.json"), "w"), indent=1)
