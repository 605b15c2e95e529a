"""Inputs for vision towers that take flattened patches and the patch grid they came from.

A family of transformers vision-language models (Qwen2-VL and the many built on it: GLM-4V, PaddleOCR-VL,
Nemotron-H Omni, ...) does not take images: its processor cuts each image into patches and passes them flattened,
``pixel_values`` of shape ``(total_patches, channels * temporal_patch_size * patch_size ** 2)``, with the grid
``image_grid_thw`` (``(num_images, 3)``: frames, rows, columns of patches) or ``image_grid_hw`` (``(num_images, 2)``)
that says how many patches each image holds. The two must agree (``grid.prod(-1).sum() == total_patches``) and the
grid's sides must divide by the spatial merge the tower applies afterwards; no guess of one tensor's shape gives
that, so both are made together here from the vision config.
"""

from __future__ import annotations

import inspect
import re
from dataclasses import dataclass
from typing import Any, Callable

import torch

# `image_grid_thw`, `video_grid_thw`, `grid_thw` (a tower's own forward), `image_grid_hw`.
_GRID_PARAMETER = re.compile(r"(?:^|_)grid_(thw|hw)$")
_PIXEL_PREFIX = "pixel_values"
_CHANNEL_KEYS = ("in_channels", "num_channels", "in_chans")
# Sizes when the config does not say: RGB, one frame per patch, square 14-pixel patches, a 2x2 merge.
_DEFAULT_CHANNELS, _DEFAULT_TEMPORAL, _DEFAULT_PATCH, _DEFAULT_MERGE = 3, 1, 14, 2


@dataclass(frozen=True)
class PatchGrid:
    """The two arguments made together, and how: which parameter takes the patches, which the grid."""

    pixels: str
    grid: str
    axes: str  # "thw" or "hw"
    channels: int
    temporal: int
    patch: int
    side: int  # rows = columns of patches per image (a multiple of the spatial merge)

    def grid_tensor(self, device: torch.device) -> torch.Tensor:
        row = [1, self.side, self.side] if self.axes == "thw" else [self.side, self.side]
        return torch.tensor([row], dtype=torch.long, device=device)

    @property
    def patches(self) -> int:
        return self.side * self.side

    def layouts(self) -> list[tuple[str, tuple[int, ...]]]:
        """Flattened patches first (the processor's output), then each patch as a small image (a model that adds the
        batch axis itself), then one image's patches as a batch (a tower that unpacks ``batch, patches, channels,
        height, width``)."""
        width = self.channels * self.temporal * self.patch * self.patch
        square = (self.channels, self.patch, self.patch)
        return [("flattened patches", (self.patches, width)), ("patches as pixels", (self.patches, *square)),
                ("patches of one image", (1, self.patches, *square))]


def patch_grid_for(module: torch.nn.Module, method: Callable) -> PatchGrid | None:
    """The patch-grid pair a method takes (a grid parameter and the pixels it describes), or None."""
    try:
        names = list(inspect.signature(method).parameters)
    except (TypeError, ValueError):
        return None
    grids = [(name, match.group(1)) for name in names if (match := _GRID_PARAMETER.search(name))]
    if not grids:
        return None
    grid, axes = grids[0]
    pixels = _pixels_parameter(names, grid)
    if pixels is None:
        return None
    config = _vision_config(getattr(module, "config", None))
    merge = _positive_int(_first_value(config, ("spatial_merge_size", "merge_size")), _DEFAULT_MERGE)
    return PatchGrid(
        pixels=pixels, grid=grid, axes=axes,
        channels=_positive_int(_first_value(config, _CHANNEL_KEYS), _DEFAULT_CHANNELS),
        temporal=_positive_int(_first_value(config, ("temporal_patch_size",)), _DEFAULT_TEMPORAL)
        if axes == "thw" else 1,
        patch=_positive_int(_first_value(config, ("patch_size",)), _DEFAULT_PATCH),
        side=2 * merge,
    )


def _pixels_parameter(names: list[str], grid: str) -> str | None:
    """The parameter the grid describes: ``pixel_values_videos`` for ``video_grid_thw``, ``pixel_values`` for an
    image grid, else the first parameter (a tower's ``forward(hidden_states, grid_thw)``)."""
    candidates = [name for name in names if name != "self" and name != grid]
    pixels = [name for name in candidates if name.startswith(_PIXEL_PREFIX)]
    videos = [name for name in pixels if "video" in name]
    if grid.startswith("video") and videos:
        return videos[0]
    images = [name for name in pixels if "video" not in name]
    if images:
        return images[0]
    return candidates[0] if candidates and not candidates[0].startswith(("*", "kwargs")) else None


def _vision_config(config: Any) -> Any:
    """The vision part of a family config (``vision_config``), or the config itself (a tower's own)."""
    vision = getattr(config, "vision_config", None)
    return vision if vision is not None else config


def _first_value(config: Any, keys: tuple[str, ...]) -> Any:
    for key in keys:
        value = getattr(config, key, None) if config is not None else None
        if value is not None:
            return value
    return None


def _positive_int(value: Any, default: int) -> int:
    if isinstance(value, (tuple, list)) and value:
        value = value[0]
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else default
