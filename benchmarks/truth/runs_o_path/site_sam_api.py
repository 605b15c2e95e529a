"""The SAM prompt encoders' other real caller: the model's public ``get_prompt_embeddings`` calls
``self.prompt_encoder(...)`` outside the model's forward (sam_hq 1309, sam2_video 1761; edgetam 1046 and
sam3_tracker_video 1778 the same code, not run here: edgetam's vision backbone needs timm's RepViT, sam3's default
model is 466 M parameters). Strategy applied to the whole model (FSDP2 units: its ``_no_split_modules``), then
``model.get_prompt_embeddings(points, labels, boxes)`` (pathrun.py, ``entry``)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import torch  # noqa: E402
import pathrun  # noqa: E402
from transformers.models.sam_hq import modeling_sam_hq as samhq  # noqa: E402
from transformers.models.sam2_video import modeling_sam2_video as sam2v  # noqa: E402


def loaded_like(model):
    for p in model.parameters():
        if p.is_floating_point():
            torch.nn.init.normal_(p, std=0.2)
    return model


def sam_hq_model():
    from transformers import SamHQConfig
    config = SamHQConfig(
        vision_config=dict(hidden_size=32, num_hidden_layers=1, num_attention_heads=2, image_size=64, patch_size=16,
                           output_channels=32, mlp_dim=37, global_attn_indexes=[0], num_pos_feats=16, window_size=2),
        prompt_encoder_config=dict(hidden_size=32, image_size=64, patch_size=16),
        mask_decoder_config=dict(hidden_size=32, num_hidden_layers=1, num_attention_heads=2, mlp_dim=37,
                                 iou_head_hidden_dim=32, vit_dim=32))
    return loaded_like(samhq.SamHQModel(config))


def sam2v_model():
    from transformers.models.sam2_video.configuration_sam2_video import Sam2VideoConfig
    return loaded_like(sam2v.Sam2VideoModel(Sam2VideoConfig()))


def prompts(scale, points=True):
    def make():
        kwargs = {"input_boxes": torch.tensor([[[0.1, 0.2, 0.6, 0.7]]]) * scale}
        if points:
            kwargs.update(input_points=torch.rand(1, 1, 2, 2) * scale, input_labels=torch.tensor([[[1, 0]]]))
        return (), kwargs
    return make


API = {"entry": lambda model: model.get_prompt_embeddings, "outputs": [0],
       "outputs_why": "sparse embeddings (the rows' lines); the dense ones are a view of no_mask_embed.weight"}

SITES = [
    dict(name="sam_hq_1182_get_prompt_embeddings", file=samhq.__file__, line=1182, cls=samhq.SamHQPromptEncoder,
         method="_embed_boxes", probe="point_embed.3.weight", build=sam_hq_model, inputs=prompts(60),
         rows={"fsdp2": "o166", "zero3": "o167"}, **API),
    dict(name="sam_hq_1154_get_prompt_embeddings", file=samhq.__file__, line=1154, cls=samhq.SamHQPromptEncoder,
         method="_embed_points", probe="not_a_point_embed.weight", build=sam_hq_model, inputs=prompts(60),
         rows={"fsdp2": "o178", "zero3": "o179"}, **API),
    dict(name="sam2_video_1311_get_prompt_embeddings", file=sam2v.__file__, line=1311,
         cls=sam2v.Sam2VideoPromptEncoder, method="_embed_boxes", probe="point_embed.weight", build=sam2v_model,
         inputs=prompts(1000), rows={"fsdp2": "o157", "zero3": "(o158)"}, **API),
]
# boxes only: _embed_points does not run first
SITES += [dict(site, name=site["name"] + "_boxes_only", inputs=prompts(60 if "hq" in site["name"] else 1000, False))
          for site in SITES if site["method"] == "_embed_boxes"]

if __name__ == "__main__":
    pathrun.main(SITES, __file__)
