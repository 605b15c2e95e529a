"""Runtime harness for the recall miss of round e outside its spot check (docs/triage-issue22-f-fixes-a.md):
open_flamingo's ``Flamingo._encode_vision_x`` calls ``self.vision_encoder(vision_x)[1]``, where ``vision_encoder`` is
``vision_encoder.visual`` of the CLIP model handed to ``__init__``. Built tiny the way ``create_model_and_transforms``
does (a causal LM extended with ``FlamingoLMMixin``), with a stand-in for open_clip's visual tower (open_clip is
not installed): a conv patch embedding returning ``(pooled, tokens)`` as open_clip's towers do with
``output_tokens=True``. Run by benchmarks/flamingo22f_runtime.sh."""

from __future__ import annotations

import torch
from torch import nn

VIS_DIM = 16


class _Visual(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.patch = nn.Conv2d(3, VIS_DIM, 4, stride=4)

    def forward(self, images: torch.Tensor):
        tokens = self.patch(images).flatten(2).transpose(1, 2)
        return tokens.mean(1), tokens


class _ClipStandIn(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.visual = _Visual()


def flamingo() -> nn.Module:
    from open_flamingo.src.flamingo import Flamingo
    from open_flamingo.src.flamingo_lm import FlamingoLMMixin
    from open_flamingo.src.utils import extend_instance
    from transformers import LlamaConfig, LlamaForCausalLM

    lang = LlamaForCausalLM(LlamaConfig(hidden_size=32, intermediate_size=64, num_hidden_layers=2,
                                        num_attention_heads=2, num_key_value_heads=2, vocab_size=64,
                                        max_position_embeddings=64))
    extend_instance(lang, FlamingoLMMixin)
    lang.set_decoder_layers_attr_name("model.layers")
    return Flamingo(_ClipStandIn(), lang, eoc_token_id=1, media_token_id=2, vis_dim=VIS_DIM).eval()


def encode_vision(module: nn.Module, device: torch.device):
    # What generate() does first with the images: (b, T_img, F, C, H, W).
    return module._encode_vision_x(torch.randn(1, 1, 1, 3, 8, 8, device=device))
