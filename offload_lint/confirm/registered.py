"""Classes a model registry builds from a name: timm's models (and the layers inside them) are made by
``timm.create_model(name)``, whose entrypoints pass the per-variant arguments (``cfg`` dicts, stage tuples) that a
synthesised tiny config cannot guess. The smallest registered variant of the class's module that holds the class is
built, and the class's first instance in it is the module under test."""

from __future__ import annotations

import re
from typing import Any

import torch

# Variants tried on the meta device (counting only) before one is built for real; small-sounding names first.
MAX_VARIANTS = 16
_SMALL_WORDS = ("atto", "femto", "pico", "nano", "tiny", "mini", "small", "xs", "s", "b0", "t", "18", "m")


def is_registered_class(cls: type) -> bool:
    return cls.__module__.startswith("timm.models.")


def _smallness(name: str) -> tuple[int, str]:
    words = re.split(r"[_.\-]", name)
    for rank, word in enumerate(_SMALL_WORDS):
        if word in words or any(w.startswith(word) and w[len(word):].isdigit() for w in words):
            return rank, name
    return len(_SMALL_WORDS), name


def _holder_path(model: torch.nn.Module, cls: type) -> str | None:
    for path, module in model.named_modules():
        if type(module) is cls:
            return path
    return None


def build_registered(cls: type, max_elements: int) -> tuple[torch.nn.Module, str]:
    """(module, note) from the smallest registered timm variant holding ``cls``; ValueError when none does
    within ``max_elements`` (every variant's size is counted on the meta device first)."""
    import timm

    module_name = cls.__module__.rsplit(".", 1)[-1]
    names = sorted(timm.list_models(module=module_name), key=_smallness)[:MAX_VARIANTS]
    sized: list[tuple[int, str, str]] = []
    refused: list[str] = []
    for name in names:
        try:
            with torch.device("meta"):
                model = timm.create_model(name, pretrained=False)
        except Exception as error:  # an init that computes on real values: counted as it builds for real below
            refused.append(f"{name}: {type(error).__name__}")
            continue
        path = _holder_path(model, cls)
        if path is None:
            continue
        sized.append((sum(t.numel() for t in model.parameters()), name, path))
    fits = sorted(entry for entry in sized if entry[0] <= max_elements)
    if not fits:
        seen = ", ".join(f"{name} ({count:,})" for count, name, _ in sorted(sized)[:3]) or "none"
        raise ValueError(f"no registered timm variant of {module_name} holding {cls.__name__} within "
                         f"{max_elements:,} elements (smallest: {seen}; tried {len(names)}"
                         + (f"; refused on meta: {', '.join(refused[:3])}" if refused else "") + ")")
    count, name, path = fits[0]
    model = timm.create_model(name, pretrained=False)
    module = model.get_submodule(path) if path else model
    where = f" at {path}" if path else ""
    return module, (f"timm.create_model({name!r}){where}: the smallest of {len(sized)} registered variants of "
                    f"timm.models.{module_name} holding {cls.__name__} ({count:,} elements)")


def registered_or_none(cls: type, max_elements: int, tried: list[str]) -> tuple[Any, str] | None:
    if not is_registered_class(cls):
        return None
    try:
        return build_registered(cls, max_elements)
    except Exception as error:
        tried.append(f"(registered variants) -> {type(error).__name__}: {str(error)[:160]}")
        return None
