"""Small builds and calls for the issue-22 "al" triage (docs/triage-issue22-al.md), run by
benchmarks/triage22al_runtime.sh through `offload-lint confirm --factory/--call` with PYTHONPATH=/tmp/wt_ak (the linter
the round measures, f3a1a20). Each builds the row's class small from its repository's files and makes the call its
callers make:

- H-Deformable-DETR / TransTrack / ReferFormer-style DeformableDETR.forward (query_embed.weight passed to a transformer
  that holds its own level_embed: rows 49 / 13, 51 ... labelled P): models/backbone.py's Joiner(resnet, not pretrained:
  no download) and models/deformable_transformer.py, small; the compiled MultiScaleDeformableAttention extension (not
  built here) is replaced by the file's own pure-torch `ms_deform_attn_core_pytorch` (same maths).
- Segment-and-Track-Anything's segment_anything Sam (small ImageEncoderViT / PromptEncoder / MaskDecoder), driven as
  tool/segmentor.py drives it: SamPredictor.set_image + predict with point prompts (rows 2, 16, 20, 27, 30, 33, 39,
  40) and with a box (row 14).
- TransT's network (ltr/models/tracking/transt.py, backbone resnet50 not pretrained, small feature fusion) .template +
  .track as pytracking/tracker/transt/transt.py:68/:89 call them (row 25, and the MHA rows 5, 15, 17, 19, 35 at leaf).
- SAM-DETR FastDETR (single scale, the default), forward (rows 3, 18).
"""

from __future__ import annotations

import os
import sys
import types
from argparse import Namespace

import numpy as np
import torch

C36 = os.environ.get("C36", "/tmp/corp36")


def _root(name):
    path = os.path.join(C36, name)
    if path not in sys.path:
        sys.path.insert(0, path)
    return path


def _msda_stub(functions_module_path):
    """A stand-in for the compiled MultiScaleDeformableAttention extension: the repository's own pure-torch core."""
    if "MultiScaleDeformableAttention" in sys.modules:
        return
    stub = types.ModuleType("MultiScaleDeformableAttention")
    holder = {}

    def ms_deform_attn_forward(value, shapes, *rest):
        # (level_start_index,) sampling_locations, attention_weights, im2col_step: TransTrack's copy has no
        # level_start_index
        sampling_locations, attention_weights = [r for r in rest if torch.is_tensor(r)][-2:]
        return holder["core"](value, shapes, sampling_locations, attention_weights)

    stub.ms_deform_attn_forward = ms_deform_attn_forward
    sys.modules["MultiScaleDeformableAttention"] = stub
    import importlib  # noqa: PLC0415
    func = importlib.import_module(functions_module_path)
    holder["core"] = func.ms_deform_attn_core_pytorch


def _torchvision_stub():
    """torchvision is not installed here (CPU torch wheel): benchmarks/truth/torchvision_stub.py answers its imports
    with inert modules; the backbones below do not use it."""
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "truth"))
    import torchvision_stub  # noqa: F401, PLC0415


def _inert(*names):
    """Empty stand-ins for packages imported only by code the runs do not use (Swin backbones: timm, mmcv, mmdet)."""
    for name in names:
        if name in sys.modules:
            continue
        module = types.ModuleType(name)
        module.__path__ = []
        module.__getattr__ = lambda attr: (lambda *a, **k: None)
        sys.modules[name] = module


class _TinyBody(torch.nn.Module):
    """A stand-in for the resnet body (torchvision absent): three conv stages, strides 8/16/32, returning the
    {name: NestedTensor} dict the tree's Joiner expects. Only a block/leaf child of the root; not under test."""

    def __init__(self, nested, channels=(8, 16, 32)):
        super().__init__()
        self.nested = nested
        self.strides = [8, 16, 32]
        self.num_channels = list(channels)
        self.stem = torch.nn.Conv2d(3, channels[0], 8, stride=8)
        self.down1 = torch.nn.Conv2d(channels[0], channels[1], 2, stride=2)
        self.down2 = torch.nn.Conv2d(channels[1], channels[2], 2, stride=2)

    def forward(self, tensor_list):
        x = tensor_list.tensors
        outs = {}
        for i, layer in enumerate((self.stem, self.down1, self.down2)):
            x = layer(x)
            mask = torch.nn.functional.interpolate(tensor_list.mask[None].float(), size=x.shape[-2:]).to(torch.bool)[0]
            outs[str(i)] = self.nested(x, mask)
        return outs


# --- H-Deformable-DETR DeformableDETR.forward (row 49) --------------------------------------------------------------

def _hdetr():
    _root("H-Deformable-DETR")
    _torchvision_stub()
    _inert("timm", "timm.models", "timm.models.layers", "mmcv_custom", "mmdet", "mmdet.utils")
    _msda_stub("models.ops.functions.ms_deform_attn_func")
    from models import backbone as bb  # noqa: PLC0415
    from models import deformable_detr, deformable_transformer  # noqa: PLC0415
    return bb, deformable_detr, deformable_transformer


def HDeformableDETR():  # noqa: N802
    return _hdetr()[1].DeformableDETR


def hdetr():
    torch.manual_seed(0)
    bb, dd, dt = _hdetr()
    args = Namespace(hidden_dim=64, position_embedding="sine", lr_backbone=0.0, masks=False, num_feature_levels=4,
                     backbone="tiny", dilation=False, nheads=2, enc_layers=1, dec_layers=2, dim_feedforward=64,
                     dropout=0.0, dec_n_points=2, enc_n_points=2, two_stage=False, num_queries_one2one=6,
                     num_queries_one2many=0, mixed_selection=False, look_forward_twice=False, use_checkpoint=False)
    from models.position_encoding import build_position_encoding  # noqa: PLC0415
    from util.misc import NestedTensor  # noqa: PLC0415
    backbone = bb.Joiner(_TinyBody(NestedTensor), build_position_encoding(args))
    transformer = dt.build_deforamble_transformer(args)
    model = dd.DeformableDETR(backbone, transformer, num_classes=3, num_feature_levels=4, aux_loss=True,
                              with_box_refine=True, two_stage=False, num_queries_one2one=6, num_queries_one2many=0,
                              mixed_selection=False)
    return model.eval()


def hdetr_call(module, device=None):
    from util.misc import nested_tensor_from_tensor_list  # noqa: PLC0415
    with torch.no_grad():
        return module(nested_tensor_from_tensor_list([torch.randn(3, 128, 128, device=device)]))


# --- TransTrack DeformableDETR.forward: models/deformable_detr.py (rows 13, 6) and deformable_detrtrack_test.py (51) ---

def _transtrack():
    _root("TransTrack")
    _torchvision_stub()
    import torchvision  # noqa: PLC0415  (the stub; util/misc.py splits its version into two floats)
    torchvision.__version__ = "0.15.0"
    _msda_stub("models.ops.functions.ms_deform_attn_func")
    from models import backbone as bb  # noqa: PLC0415
    return bb


def TransTrackDETR():  # noqa: N802
    _transtrack()
    from models import deformable_detr  # noqa: PLC0415
    return deformable_detr.DeformableDETR


def TransTrackTestDETR():  # noqa: N802
    _transtrack()
    from models import deformable_detrtrack_test  # noqa: PLC0415
    return deformable_detrtrack_test.DeformableDETR


def _transtrack_model(detr_module, transformer_module):
    torch.manual_seed(0)
    bb = _transtrack()
    from models.position_encoding import build_position_encoding  # noqa: PLC0415
    from util.misc import NestedTensor  # noqa: PLC0415
    args = Namespace(hidden_dim=64, position_embedding="sine", nheads=8, enc_layers=1, dec_layers=2,
                     dim_feedforward=64, dropout=0.0, num_feature_levels=4, dec_n_points=2, enc_n_points=2,
                     two_stage=False, num_queries=6, checkpoint_enc_ffn=False, checkpoint_dec_ffn=False)
    backbone = bb.Joiner(_TinyBody(NestedTensor), build_position_encoding(args))
    transformer = transformer_module.build_deforamble_transformer(args)
    return detr_module.DeformableDETR(backbone, transformer, num_classes=2, num_queries=6, num_feature_levels=4,
                                      aux_loss=True, with_box_refine=True, two_stage=False).eval()


def transtrack_det():
    _transtrack()
    from models import deformable_detr, deformable_transformer  # noqa: PLC0415
    return _transtrack_model(deformable_detr, deformable_transformer)


def transtrack_test():
    _transtrack()
    from models import deformable_detrtrack_test, deformable_transformer_track  # noqa: PLC0415
    return _transtrack_model(deformable_detrtrack_test, deformable_transformer_track)


def transtrack_call(module, device=None):
    from util.misc import nested_tensor_from_tensor_list  # noqa: PLC0415
    with torch.no_grad():
        return module(nested_tensor_from_tensor_list([torch.randn(3, 128, 128, device=device)]))


# --- Segment-and-Track-Anything SAM through SamPredictor (rows 2, 14, 16, 20, 27, 30, 33, 39, 40) -------------------

def _sam():
    _torchvision_stub()
    path = os.path.join(_root("Segment-and-Track-Anything"), "sam")
    if path not in sys.path:
        sys.path.insert(0, path)
    import segment_anything  # noqa: PLC0415
    return segment_anything


def Sam():  # noqa: N802
    return _sam().modeling.Sam


def sam_small():
    from functools import partial  # noqa: PLC0415
    torch.manual_seed(0)
    sa = _sam()
    m = sa.modeling
    sam = m.Sam(
        image_encoder=m.ImageEncoderViT(depth=1, embed_dim=32, img_size=64, mlp_ratio=2,
                                        norm_layer=partial(torch.nn.LayerNorm, eps=1e-6), num_heads=2, patch_size=16,
                                        qkv_bias=True, use_rel_pos=True, global_attn_indexes=(0,), window_size=4,
                                        out_chans=16),
        prompt_encoder=m.PromptEncoder(embed_dim=16, image_embedding_size=(4, 4), input_image_size=(64, 64),
                                       mask_in_chans=4),
        mask_decoder=m.MaskDecoder(num_multimask_outputs=3,
                                   transformer=m.TwoWayTransformer(depth=1, embedding_dim=16, mlp_dim=32, num_heads=2),
                                   transformer_dim=16, iou_head_depth=2, iou_head_hidden_dim=16),
    )
    return sam.eval()


def _predictor(module):
    predictor = _sam().SamPredictor(module)
    # set_image without its torchvision resize (absent here): the same placement (predictor.py:57, self.device) and
    # set_torch_image (preprocess + image_encoder, :88-89) on an image already at the encoder's size
    image = torch.as_tensor(np.random.RandomState(0).randint(0, 255, (64, 64, 3)), device=predictor.device)
    predictor.set_torch_image(image.permute(2, 0, 1).contiguous()[None, :, :, :].float(), (64, 64))
    return predictor


def sam_points_call(module, device=None):
    # tool/segmentor.py segment_with_click: point prompts (predict -> predict_torch -> prompt_encoder, mask_decoder)
    with torch.no_grad():
        predictor = _predictor(module)
        return predictor.predict(point_coords=np.array([[10.0, 20.0]]), point_labels=np.array([1]),
                                 multimask_output=True)


def sam_box_call(module, device=None):
    # tool/segmentor.py segment_with_box: a box prompt
    with torch.no_grad():
        predictor = _predictor(module)
        return predictor.predict(point_coords=None, point_labels=None, box=np.array([4.0, 4.0, 40.0, 40.0]),
                                 multimask_output=False)


# --- TransT network .template + .track (row 25 block; MHA rows 5, 15, 17, 19, 35 leaf) ---------------------------------

def _transt():
    _torchvision_stub()
    _root("TransT")
    from ltr.models.tracking import transt  # noqa: PLC0415
    return transt


def TransT():  # noqa: N802
    return _transt().TransT


def transt_small():
    torch.manual_seed(0)
    transt = _transt()
    settings = Namespace(hidden_dim=32, dropout=0.0, nheads=2, dim_feedforward=64, featurefusion_layers=1,
                         position_embedding="sine", device="cpu")
    backbone = transt.build_backbone(settings, backbone_pretrained=False)
    fusion = transt.build_featurefusion_network(settings)
    return transt.TransT(backbone, fusion, num_classes=1).eval()


def transt_track_call(module, device=None):
    # pytracking/tracker/transt/transt.py:68 template(z_crop), :89 track(x_crop), crops on the device
    with torch.no_grad():
        module.template(torch.randn(1, 3, 64, 64, device=device))
        return module.track(torch.randn(1, 3, 128, 128, device=device))


# --- SAM-DETR FastDETR.forward, single scale (rows 3, 18) --------------------------------------------------------------

def _roi_align(inp, boxes, output_size, spatial_scale=1.0, sampling_ratio=-1, aligned=False):
    """A stand-in for torchvision.ops.roi_align (torchvision absent): bilinear samples of each box on an output grid
    (grid_sample), the same operands and devices as the real op."""
    import torch.nn.functional as F  # noqa: N812, PLC0415
    height, width = inp.shape[-2:]
    out_h, out_w = output_size
    outs = []
    for b, box in enumerate(boxes):
        box = box * spatial_scale - (0.5 if aligned else 0.0)
        x1, y1, x2, y2 = box.unbind(-1)
        ys = torch.linspace(0, 1, out_h, device=inp.device)
        xs = torch.linspace(0, 1, out_w, device=inp.device)
        gy = (y1[:, None] + (y2 - y1)[:, None] * ys[None]) / max(height - 1, 1) * 2 - 1
        gx = (x1[:, None] + (x2 - x1)[:, None] * xs[None]) / max(width - 1, 1) * 2 - 1
        grid = torch.stack([gx[:, None, :].expand(-1, out_h, -1), gy[:, :, None].expand(-1, -1, out_w)], -1)
        outs.append(F.grid_sample(inp[b:b + 1].expand(len(box), -1, -1, -1), grid, align_corners=True))
    return torch.cat(outs)


class _TinyBody1(torch.nn.Module):
    """Single-level stand-in for the resnet body (stride 32), the {name: NestedTensor} dict DETR's Joiner expects."""

    def __init__(self, nested, channels=32):
        super().__init__()
        self.nested = nested
        self.num_channels = [channels]
        self.body = torch.nn.Conv2d(3, channels, 32, stride=32)

    def forward(self, tensor_list):
        x = self.body(tensor_list.tensors)
        mask = torch.nn.functional.interpolate(tensor_list.mask[None].float(), size=x.shape[-2:]).to(torch.bool)[0]
        return {"0": self.nested(x, mask)}


def _samdetr():
    _torchvision_stub()
    import torchvision  # noqa: PLC0415  (the stub)
    torchvision.__version__ = "0.15.0"
    import torchvision.ops  # noqa: PLC0415
    sys.modules["torchvision.ops"].roi_align = _roi_align
    torchvision.ops = sys.modules["torchvision.ops"]
    _root("SAM-DETR")
    from models import fast_detr  # noqa: PLC0415
    return fast_detr


def FastDETR():  # noqa: N802
    return _samdetr().FastDETR


def samdetr():
    torch.manual_seed(0)
    fd = _samdetr()
    from models.backbone import Joiner  # noqa: PLC0415
    from models.position_encoding import build_position_encoding  # noqa: PLC0415
    from models.transformer import build_transformer  # noqa: PLC0415
    from util.misc import NestedTensor  # noqa: PLC0415
    # hidden 256 / 8 heads: transformer_decoder.py:288 hard-codes 256; smca off, single scale (the default scripts)
    args = Namespace(hidden_dim=256, nheads=8, num_queries=5, enc_layers=1, dec_layers=2, dim_feedforward=64,
                     dropout=0.0, multiscale=False, smca=False, position_embedding="sine", aux_loss=True, masks=False,
                     epochs=12)
    body = _TinyBody1(NestedTensor)
    backbone = Joiner(body, build_position_encoding(args))
    backbone.num_channels = body.num_channels  # as build_backbone sets it (models/backbone.py)
    return fd.FastDETR(args, backbone, build_transformer(args), num_classes=3).eval()


def samdetr_call(module, device=None):
    # util.misc.nested_tensor_from_tensor_list asks torchvision._is_tracing() (the stub): the NestedTensor it makes for
    # one unpadded image, built directly
    from util.misc import NestedTensor  # noqa: PLC0415
    with torch.no_grad():
        image = torch.randn(1, 3, 128, 128, device=device)
        return module(NestedTensor(image, torch.zeros(1, 128, 128, dtype=torch.bool, device=device)))
