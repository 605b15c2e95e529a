"""Factories and calls for the fixes after triage round d's left causes (docs/triage-issue22-d.md, "Fixes after round
d (left causes)"): each builds a class tiny the way its library builds it and makes the call a real caller makes.

Used as ``offload-lint confirm TARGET METHOD --factory benchmarks.fixes22_cases:NAME [--call ...]`` (see
``benchmarks/fixes22_runtime.sh``).
"""

from __future__ import annotations

import torch


# --- transformers Perceiver: a decoder built only as an argument of PerceiverModel(...) ------------------------


def _perceiver_config():
    from transformers import PerceiverConfig

    return PerceiverConfig(num_latents=4, d_latents=16, d_model=8, num_blocks=1, num_self_attends_per_block=1,
                           num_self_attention_heads=1, num_cross_attention_heads=1, image_size=4, num_labels=3)


def perceiver_learned():
    """PerceiverForImageClassificationLearned: the head model builds ``PerceiverModel(config, ...,
    decoder=PerceiverClassificationDecoder(...))``; the head model is what users load and offload."""
    from transformers import PerceiverForImageClassificationLearned

    return PerceiverForImageClassificationLearned(_perceiver_config()).eval()


def perceiver_classify(module, device=None):
    return module(inputs=torch.randn(1, 3, 4, 4, device=device))


def perceiver_classification_decoder():
    """The decoder alone, as the static finding assumed (an offload root of its own)."""
    from transformers.models.perceiver.modeling_perceiver import PerceiverClassificationDecoder

    config = _perceiver_config()
    return PerceiverClassificationDecoder(config, num_channels=config.d_latents,
                                          trainable_position_encoding_kwargs=dict(num_channels=config.d_latents,
                                                                                  index_dims=1),
                                          use_query_residual=True).eval()


def decoder_query_alone(module, device=None):
    return module.decoder_query(torch.randn(1, 4, 16, device=device))
