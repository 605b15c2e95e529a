"""Build the module under test: a user factory, or the class's default constructor."""

from __future__ import annotations

import importlib
from typing import Any, Callable

import torch

# Tracking computes for real: refuse default configs bigger than this many elements.
MAX_REAL_ELEMENTS = 60_000_000


class BuildError(RuntimeError):
    pass


def resolve(spec: str | Any) -> Any:
    """'pkg.module:Name' (or 'pkg.module.Name') -> the object; objects pass through."""
    if not isinstance(spec, str):
        return spec
    module_name, sep, attribute = spec.partition(":")
    if not sep:
        module_name, _, attribute = spec.rpartition(".")
    obj: Any = importlib.import_module(module_name)
    for part in attribute.split("."):
        obj = getattr(obj, part)
    return obj


def target_label(target: Any) -> str:
    if isinstance(target, str):
        return target
    return f"{target.__module__}:{target.__qualname__}"


def build_module(target: Any, factory: Callable[[], torch.nn.Module] | None) -> torch.nn.Module:
    """Construct inside whatever mode the caller entered (FakeTensorMode for the virtual GPU)."""
    cls = resolve(target)
    try:
        module = factory() if factory is not None else cls()
    except Exception as error:  # any constructor failure means: no module to run
        raise BuildError(f"could not build {target_label(target)}: {type(error).__name__}: {error}") from error
    if not isinstance(module, torch.nn.Module):
        raise BuildError(f"{target_label(target)} built a {type(module).__name__}, not an nn.Module")
    module.eval()
    module.requires_grad_(False)  # autograd on fake cuda tensors can kill the process
    return module


def element_count(module: torch.nn.Module) -> int:
    return sum(t.numel() for t in module.parameters()) + sum(t.numel() for t in module.buffers())
