"""Class-A rows reading a child's weight in the parent's own forward path: timm mobilevit 370 / 371 / 380
``LinearSelfAttention._forward_cross_attn`` (``self.qkv_proj.weight`` / ``.bias`` into ``F.conv2d``), reached from
``LinearSelfAttention.forward(x, x_prev)`` (``LinearTransformerBlock.forward(x, x_prev)``: no timm model passes
``x_prev``); the SAM-family prompt encoders' ``_embed_boxes`` / ``_embed_points`` (sam2_video 1311, sam_hq 1182 /
1154, edgetam 634, sam3_tracker_video 1319), reached from the prompt encoder's ``forward`` (pathrun.py)."""

import importlib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import torch  # noqa: E402
import pathrun  # noqa: E402

pathrun._prepare_path()
from timm.models import mobilevit  # noqa: E402


def loaded_like(model):
    for p in model.parameters():
        if p.is_floating_point():
            torch.nn.init.normal_(p, std=0.2)
    return model


def mod(name):
    return importlib.import_module(f"transformers.models.{name}.modeling_{name}")


sam2v = mod("sam2_video")
samhq = mod("sam_hq")
edgetam = mod("edgetam")
sam3tv = mod("sam3_tracker_video")


def mobilevit_block():
    return loaded_like(mobilevit.LinearTransformerBlock(embed_dim=8, mlp_ratio=2.0))


def mobilevit_inputs():
    # [B, C, P, N] and x_prev [B, C, P, M]: the cross-attention branch of forward
    return (torch.randn(1, 8, 4, 6), torch.randn(1, 8, 4, 5)), {}


def prompt_encoder(module, config_name, whole_config=False):
    def build():
        configs = importlib.import_module(module.__name__.replace("modeling_", "configuration_"))
        if whole_config:
            config = getattr(configs, config_name)()
        else:
            config = getattr(configs, config_name)(hidden_size=32)
        cls = [c for n, c in vars(module).items() if n.endswith("PromptEncoder") and isinstance(c, type)][0]
        return loaded_like(cls(config))
    return build


def sam_hq_encoder():
    from transformers import SamHQConfig
    config = SamHQConfig(prompt_encoder_config={"hidden_size": 32}, vision_config={"num_pos_feats": 16,
                                                                                  "output_channels": 32})
    return loaded_like(samhq.SamHQPromptEncoder(config))


def prompts(points=True, boxes=True):
    def make():
        kwargs = {"input_points": None, "input_labels": None, "input_boxes": None, "input_masks": None}
        if points:
            kwargs["input_points"] = torch.rand(1, 1, 2, 2) * 500
            kwargs["input_labels"] = torch.tensor([[[1, 0]]])
        if boxes:
            kwargs["input_boxes"] = torch.tensor([[[10.0, 20.0, 300.0, 400.0]]])
        return (), kwargs
    return make


# The prompt encoder returns (sparse, dense); the rows' lines make the sparse embeddings. The dense ones, with no
# mask given, are ``self.no_mask_embed.weight.reshape(...).expand(...)``: a view of the weight itself, which under
# FSDP2 (reshard_after_forward=True) is the unsharded storage freed when forward returns (reading it crashed the
# process: a separate hazard of forward's own line, not the rows'); only the sparse output is compared.
SPARSE = {"outputs": [0], "outputs_why": "sparse embeddings; the dense ones are a view of no_mask_embed.weight"}

MOBILEVIT_ROWS = {370: {"fsdp2": "o40", "zero3": "o41"}, 371: {"fsdp2": "o34", "zero3": "o35"},
                  380: {"fsdp2": "o28", "zero3": "o29"}}

SITES = [
    dict(name=f"mobilevit_{line}", file=mobilevit.__file__, line=line, cls=mobilevit.LinearSelfAttention,
         method="_forward_cross_attn", probe="qkv_proj.weight" if line == 370 else "qkv_proj.bias",
         build=mobilevit_block, inputs=mobilevit_inputs, rows=rows)
    for line, rows in MOBILEVIT_ROWS.items()
] + [
    dict(name="sam2_video_1311", file=sam2v.__file__, line=1311, cls=sam2v.Sam2VideoPromptEncoder,
         method="_embed_boxes", probe="point_embed.weight",
         build=prompt_encoder(sam2v, "Sam2VideoPromptEncoderConfig"), inputs=prompts(), rows={"fsdp2": "o157"}, **SPARSE),
    dict(name="sam_hq_1182", file=samhq.__file__, line=1182, cls=samhq.SamHQPromptEncoder,
         method="_embed_boxes", probe="point_embed.3.weight", build=sam_hq_encoder, inputs=prompts(),
         rows={"fsdp2": "o166", "zero3": "o167"}, **SPARSE),
    dict(name="sam_hq_1154", file=samhq.__file__, line=1154, cls=samhq.SamHQPromptEncoder,
         method="_embed_points", probe="not_a_point_embed.weight", build=sam_hq_encoder, inputs=prompts(),
         rows={"fsdp2": "o178", "zero3": "o179"}, **SPARSE),
    dict(name="edgetam_634", file=edgetam.__file__, line=634, cls=edgetam.EdgeTamPromptEncoder,
         method="_embed_boxes", probe="point_embed.weight",
         build=prompt_encoder(edgetam, "EdgeTamPromptEncoderConfig"), inputs=prompts(), rows={"fsdp2": "o172"}, **SPARSE),
    dict(name="sam3_tracker_video_1319", file=sam3tv.__file__, line=1319, cls=sam3tv.Sam3TrackerVideoPromptEncoder,
         method="_embed_boxes", probe="point_embed.weight",
         build=prompt_encoder(sam3tv, "Sam3TrackerVideoPromptEncoderConfig"), inputs=prompts(),
         rows={"fsdp2": "o181"}, **SPARSE),
]

if __name__ == "__main__":
    pathrun.main(SITES, __file__)
