"""Tiny builds and calls for the new findings of docs/triage-issue22-h-fixes-recall.md (children typed through a
class held in a name), run through `offload-lint confirm --factory/--call` by benchmarks/recall22h_runtime.sh. The
repository root must be on PYTHONPATH (the script sets it per case)."""

from __future__ import annotations

import torch


def dino_vit():
    # dinov2's DinoVisionTransformer, small: `embed_layer=PatchEmbed` and `norm_layer = partial(nn.LayerNorm, ...)`
    # build the children the new findings name (patch_embed, norm).
    from dinov2.models.vision_transformer import DinoVisionTransformer

    torch.manual_seed(0)
    return DinoVisionTransformer(img_size=32, patch_size=16, embed_dim=32, depth=2, num_heads=2).eval()


def dino_intermediate(module, device=None):
    # dinov2/eval/utils.py's ModelWithIntermediateLayers: `self.feature_model.get_intermediate_layers(images,
    # self.n_last_blocks, return_class_token=True)`
    return module.get_intermediate_layers(torch.randn(1, 3, 32, 32, device=device), 1, return_class_token=True)
