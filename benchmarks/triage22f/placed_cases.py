"""Runtime checks of the fixtures of fixtures/core/roundf_placed.py (and the AI/AF ones of roundf_more.py): factories
and calls for ``offload-lint confirm`` (diffusers' apply_group_offloading on CPU with a virtual compute device)."""

import torch


def fourier_embedder():
    from roundf_placed import FourierNumberEmbedder

    return FourierNumberEmbedder(features=4).eval()


def residual_embedder():
    from roundf_placed import ResidualNumberEmbedder

    return ResidualNumberEmbedder(features=4).eval()


def embed_floats(module, device=None):
    """The forward's list branch: plain floats, placed by the module itself."""
    return module([0.25, 0.5])


def marker_encoder():
    from roundf_placed import MarkerEncoder

    return MarkerEncoder("tiny").eval()


def marker_mixer():
    from roundf_placed import MarkerMixer

    return MarkerMixer("tiny").eval()


def encode_ids(module, device=None):
    """Token ids from a tokenizer: on the CPU, as the caller gets them."""
    return module.get_text_embeddings(torch.tensor([[1, 2, 3]]))


def low_rank_delta():
    from roundf_more import LowRankDelta

    return LowRankDelta().eval()


def merge_moved(module, device=None):
    """DeltaMerger.merge: the delta moved to the base weight's device at once."""
    from roundf_more import DeltaMerger

    return DeltaMerger().merge([module], torch.zeros(4, 4, device=device))


def merge_raw(module, device=None):
    """DeltaMerger.merge_raw: the delta added as it comes back."""
    from roundf_more import DeltaMerger

    return DeltaMerger().merge_raw([module], torch.zeros(4, 4, device=device))


def lazy_palette():
    from roundf_more import LazyPalette

    return LazyPalette().eval()


def eager_palette():
    from roundf_more import EagerPalette

    return EagerPalette().eval()


def palette_rgb(module, device=None):
    """VQModel.log_images' call: to_rgb on a segmentation map on the compute device."""
    return module.to_rgb(torch.randn(1, 4, 4, 4, device=device))
