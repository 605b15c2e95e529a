"""Runtime checks of the fixtures of fixtures/core/placed_values_moved_by_hooks.py (and the AI/AF ones of plugins_returned_weights.py): factories
and calls for ``offload-lint confirm`` (diffusers' apply_group_offloading on CPU with a virtual compute device)."""

import torch


def fourier_embedder():
    from placed_values_moved_by_hooks import FourierNumberEmbedder

    return FourierNumberEmbedder(features=4).eval()


def residual_embedder():
    from placed_values_moved_by_hooks import ResidualNumberEmbedder

    return ResidualNumberEmbedder(features=4).eval()


def embed_floats(module, device=None):
    """The forward's list branch: plain floats, placed by the module itself."""
    return module([0.25, 0.5])


def marker_encoder():
    from placed_values_moved_by_hooks import MarkerEncoder

    return MarkerEncoder("tiny").eval()


def marker_mixer():
    from placed_values_moved_by_hooks import MarkerMixer

    return MarkerMixer("tiny").eval()


def encode_ids(module, device=None):
    """Token ids from a tokenizer: on the CPU, as the caller gets them."""
    return module.get_text_embeddings(torch.tensor([[1, 2, 3]]))


def low_rank_delta():
    from plugins_returned_weights import LowRankDelta

    return LowRankDelta().eval()


def merge_moved(module, device=None):
    """DeltaMerger.merge: the delta moved to the base weight's device at once."""
    from plugins_returned_weights import DeltaMerger

    return DeltaMerger().merge([module], torch.zeros(4, 4, device=device))


def merge_raw(module, device=None):
    """DeltaMerger.merge_raw: the delta added as it comes back."""
    from plugins_returned_weights import DeltaMerger

    return DeltaMerger().merge_raw([module], torch.zeros(4, 4, device=device))


def lazy_palette():
    from plugins_returned_weights import LazyPalette

    return LazyPalette().eval()


def eager_palette():
    from plugins_returned_weights import EagerPalette

    return EagerPalette().eval()


def palette_rgb(module, device=None):
    """VQModel.log_images' call: to_rgb on a segmentation map on the compute device."""
    return module.to_rgb(torch.randn(1, 4, 4, 4, device=device))
