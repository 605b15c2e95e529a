"""A defect of torch's lazy device, corrected where the confirmer uses it as a stand-in for a GPU.

On the lazy device (TorchScript backend, torch 2.x CPU wheel) the pieces that ``chunk``, ``split`` and ``unbind``
return report ``lazy:0`` but compute as CPU tensors: ``q, k, v = qkv.chunk(3, dim=-1)`` followed by any op gives a
CPU result, and the next op with a lazy weight raises "Input tensor is not a lazy tensor". Attention layers split
their fused projections that way in most diffusers and transformers models, so a model CPU offload check failed
"with the model onloaded too" on a backend limit, not on the model. ``narrow`` and ``select`` give correct pieces:
on lazy tensors the three functions are rebuilt from them. Applied only when the defect is seen (a torch that fixes
it is left alone); every other tensor goes to torch's own function.
"""

from __future__ import annotations

import functools
from typing import Any, Callable

import torch

_PATCHED: list[bool] = []


def correct_lazy_views() -> bool:
    """Rebuild ``chunk``/``split``/``unbind`` of lazy tensors from ``narrow``/``select`` when the lazy device gets
    them wrong. Returns whether the correction is in place."""
    if _PATCHED:
        return _PATCHED[0]
    broken = _pieces_compute_off_device()
    if broken:
        for owner in (torch.Tensor, torch):
            for name in ("chunk", "split", "unbind"):
                original = getattr(owner, name, None)
                if original is not None:
                    setattr(owner, name, _on_lazy(original, name))
    _PATCHED.append(broken)
    return broken


def _pieces_compute_off_device() -> bool:
    whole = torch.zeros(2, 4, device="lazy:0")
    piece = whole.chunk(2, dim=-1)[0]
    return (piece + 1).device.type != "lazy"


def _on_lazy(original: Callable[..., Any], name: str) -> Callable[..., Any]:
    @functools.wraps(original)
    def pieces(tensor: Any, *args: Any, **kwargs: Any) -> Any:
        if not isinstance(tensor, torch.Tensor) or tensor.device.type != "lazy":
            return original(tensor, *args, **kwargs)
        if name == "unbind":
            dim = args[0] if args else kwargs.get("dim", 0)
            return tuple(tensor.select(dim, index) for index in range(tensor.shape[dim]))
        # The sizes torch's own function gives, read off a meta tensor of the same shape.
        shapes = original(torch.empty(tensor.shape, device="meta"), *args, **kwargs)
        dim = _dim(name, args, kwargs) % max(tensor.dim(), 1)
        pieces, start = [], 0
        for shape in shapes:
            pieces.append(tensor.narrow(dim, start, shape.shape[dim]))
            start += shape.shape[dim]
        return tuple(pieces)

    return pieces


def _dim(name: str, args: tuple, kwargs: dict) -> int:
    """The ``dim`` argument of ``chunk(chunks, dim=0)`` / ``split(split_size, dim=0)``."""
    if "dim" in kwargs:
        return kwargs["dim"]
    return args[1] if len(args) > 1 else 0
