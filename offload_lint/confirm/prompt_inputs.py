"""Prompts for the SAM family's prompt encoders and mask decoders, made to agree as the family's model makes them.

transformers' SAM family (sam, sam_hq, sam2, sam2_video, sam3_tracker, sam3_tracker_video, edgetam, edgetam_video)
splits its model into a prompt encoder and a mask decoder that take each other's shapes (``SamModel.forward``,
``Sam2Model.forward``):

* the prompt encoder's ``forward(input_points, input_labels, input_boxes, input_masks)`` (and the model's
  ``get_prompt_embeddings`` with the same parameters) takes points ``(batch,
  point_batch, points, 2)`` in pixels of its ``input_image_size``, their labels ``(batch, point_batch, points)``
  (1: a foreground point, as ``SamProcessor`` makes them), boxes ``(batch, boxes, 4)`` (a box's two corners:
  one box per point batch when points come too) and an optional mask;
* the mask decoder takes the image embeddings ``(batch, hidden, side, side)`` and their positional embeddings of
  the same shape, the sparse prompt embeddings ``(batch, point_batch, tokens, hidden)``, the dense ones ``(batch,
  hidden, side, side)`` and, from SAM 2 on, the vision encoder's two high-resolution feature maps ``(batch,
  hidden / 8, 4 side, 4 side)`` and ``(batch, hidden / 4, 2 side, 2 side)``.

No shape of one tensor gives that, and a shape learned from a failure would resize one of them alone: the arguments
are made together here (as ``patch_grid.py`` does for patch grids). Points and boxes both come, the mask not: the
run then goes through ``_embed_points``, ``_embed_boxes`` and the maskless ``no_mask_embed`` path.
"""

from __future__ import annotations

import inspect
from typing import Any, Callable

import torch

_PROMPT_PARAMETERS = ("input_points", "input_labels", "input_boxes", "input_masks")
_DECODER_PARAMETERS = ("image_embeddings", "image_positional_embeddings", "sparse_prompt_embeddings",
                       "dense_prompt_embeddings")
_SIDE = 4  # the image embeddings' side: any works, small keeps the run cheap
_SPARSE_TOKENS = 2


def _hidden_size(module: torch.nn.Module) -> int | None:
    size = getattr(module, "hidden_size", None)
    if not isinstance(size, int):
        size = getattr(getattr(module, "config", None), "hidden_size", None)
    return size if isinstance(size, int) and size > 0 else None


def _image_size(module: torch.nn.Module) -> int | None:
    """The prompt encoder's image side: its own, or its model's prompt encoder's (``get_prompt_embeddings``)."""
    size = getattr(module, "input_image_size", None)
    if size is None:
        size = getattr(getattr(module, "prompt_encoder", None), "input_image_size", None)
    return size if isinstance(size, int) and size > 0 else None


def prompt_values(module: torch.nn.Module, names: set[str], device: torch.device) -> dict[str, Any] | None:
    """The prompt encoder's or mask decoder's family arguments by name, or None when the method takes neither set."""
    if set(_PROMPT_PARAMETERS) <= names and _image_size(module) is not None:
        side = float(_image_size(module))
        return {"input_points": torch.full((1, 1, 1, 2), side / 2, device=device),
                "input_labels": torch.ones((1, 1, 1), dtype=torch.long, device=device),
                "input_boxes": torch.tensor([[[0.0, 0.0, side / 2, side / 2]]], device=device),
                "input_masks": None}
    hidden = _hidden_size(module)
    if not set(_DECODER_PARAMETERS) <= names or hidden is None:
        return None
    values: dict[str, Any] = {name: torch.randn(1, hidden, _SIDE, _SIDE, device=device)
                              for name in ("image_embeddings", "image_positional_embeddings",
                                           "dense_prompt_embeddings")}
    values["sparse_prompt_embeddings"] = torch.randn(1, 1, _SPARSE_TOKENS, hidden, device=device)
    if "high_resolution_features" in names:
        values["high_resolution_features"] = [torch.randn(1, hidden // 8, 4 * _SIDE, 4 * _SIDE, device=device),
                                              torch.randn(1, hidden // 4, 2 * _SIDE, 2 * _SIDE, device=device)]
    return values


def prompt_call(module: torch.nn.Module, method: Callable, parameters: list[inspect.Parameter],
                device: torch.device, other: Callable[[inspect.Parameter], Any]
                ) -> tuple[str, Callable[[], tuple[tuple, dict]]] | None:
    """(description, make) of the family's call of ``method``, every other required parameter made by ``other``;
    None when the method is no SAM-family prompt encoder's or mask decoder's."""
    try:
        names = set(inspect.signature(method).parameters)
    except (TypeError, ValueError):
        return None
    if prompt_values(module, names, torch.device("cpu")) is None:
        return None

    def make() -> tuple[tuple, dict]:
        torch.manual_seed(0)
        values = prompt_values(module, names, device) or {}
        kwargs = {parameter.name: values[parameter.name] if parameter.name in values else other(parameter)
                  for parameter in parameters}
        kwargs.update({name: value for name, value in values.items() if name not in kwargs})
        return (), kwargs

    made = ", ".join(sorted(name for name in prompt_values(module, names, torch.device("cpu")) or {}))
    return f"{made} <- the SAM family's prompts (as its model makes them)", make
