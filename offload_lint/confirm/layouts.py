"""The module layout pipeline code was written for, where the installed library flattened it.

diffusers' pipelines were written against transformers 4, whose ``CLIPTextModel`` kept its layers under a
``text_model`` child (``text_encoder.text_model.final_layer_norm``). transformers 5 lifted those layers onto the
model itself, and the diffusers releases that install here cannot use transformers 4. The installed library says
which classes were flattened: its checkpoint conversion table maps each such class to one prefix removal
(``CLIPTextModel: PrefixChange(prefix_to_remove="text_model")`` — checkpoints store ``text_model.X``, the model
now has ``X``). Nothing is hard-coded here: the table is read from the installed transformers.

Restoring the old layout is an attribute alias, not a new submodule: ``model.text_model`` returns the model, so
``text_encoder.text_model.final_layer_norm`` is ``text_encoder.final_layer_norm`` and the module tree that
offloading sees is unchanged. That is faithful only when both layouts give the same offload groups: the old root
had one plain child (the prefix module, no ``ModuleList``), so at block level all its weights were in the root's
unmatched group; after flattening the same holds only if no lifted child is a ``ModuleList``/``Sequential``
(which block-level offloading would split into groups of its own). Where one is, no alias is made.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import torch


@dataclass(frozen=True)
class Flattening:
    """Checkpoints of ``key`` (a class name or a model type) stored ``<inside>.<prefix>.X``; the model has
    ``<inside>.X`` now (``inside`` is empty for the model itself)."""

    key: str
    prefix: str
    inside: str = ""


def installed_flattenings(key: str) -> list[Flattening]:
    """The pure prefix removals the installed transformers records for ``key`` (nothing when it records other
    renames too: those describe a foreign checkpoint format, not an older layout of the same class)."""
    try:
        from transformers.conversion_mapping import get_checkpoint_conversion_mapping
        from transformers.core_model_loading import PrefixChange
    except ImportError:
        return []
    try:
        conversions = get_checkpoint_conversion_mapping(key)
    except Exception:  # the table is built lazily by the library; a failure there means: nothing known
        return []
    if not isinstance(conversions, list) or len(conversions) != 1:
        return []
    (conversion,) = conversions
    if not isinstance(conversion, PrefixChange) or not getattr(conversion, "prefix_to_remove", None):
        return []
    return [Flattening(key, conversion.prefix_to_remove, getattr(conversion, "model_prefix", "") or "")]


@dataclass(frozen=True)
class RestoredLayout:
    """One alias made: ``<component>.<path>`` is the module it was flattened into."""

    component: str
    path: str  # "text_model", or "model.language_model"
    cls: str

    def describe(self) -> str:
        target = self.path.rpartition(".")[0] or "the model"
        return (f"ran with the transformers-4 layout: {self.component}.{self.path} aliased to {target} "
                f"(the installed {self.cls} flattened it)")


def _splits_into_blocks(module: torch.nn.Module) -> bool:
    return any(isinstance(child, (torch.nn.ModuleList, torch.nn.Sequential)) for child in module.children())


def restore_layout(component: str, module: Any) -> list[RestoredLayout]:
    """Alias the flattened prefixes of a transformers model so that code written for the old layout runs."""
    if not isinstance(module, torch.nn.Module):
        return []
    keys = [type(module).__name__]
    model_type = getattr(getattr(module, "config", None), "model_type", None)
    if isinstance(model_type, str):
        keys.append(model_type)
    restored: list[RestoredLayout] = []
    for key in keys:
        for flattening in installed_flattenings(key):
            try:
                holder = module.get_submodule(flattening.inside) if flattening.inside else module
            except AttributeError:
                continue
            if hasattr(holder, flattening.prefix) or _splits_into_blocks(holder):
                continue
            # A plain instance attribute: not registered as a child, so named_modules() and the groups that
            # offloading builds stay those of the installed class.
            object.__setattr__(holder, flattening.prefix, holder)
            path = ".".join(part for part in (flattening.inside, flattening.prefix) if part)
            restored.append(RestoredLayout(component, path, type(module).__name__))
    return restored
