"""Shared by the rules about code outside a module that drives a pipeline component."""

from __future__ import annotations

from ..analyze.semantics import HARMLESS_MODULE_METHODS, ComponentAccess
from ..index.summary import INDEX, Chain, MethodSummary

# Reading these off a component does not touch its weights (``.device`` is a device read:
# OFL105's business, and diffusers' ModelMixin.device is offload-aware).
SAFE_COMPONENT_ATTRIBUTES = HARMLESS_MODULE_METHODS | {
    "config", "dtype", "device", "training", "name_or_path", "main_input_name", "base_model_prefix",
    "attn_processors", "dtype_", "hf_device_map", "generation_config", "can_generate", "is_gradient_checkpointing",
    "_execution_device", "original_attn_processors", "peft_config", "active_adapters", "get_adapter_state_dict",
    "set_adapters", "disable_adapters", "enable_adapters", "fuse_qkv_projections", "unfuse_qkv_projections",
    "set_default_attn_processor", "enable_xformers_memory_efficient_attention", "enable_slicing",
    "disable_slicing", "enable_tiling", "disable_tiling", "use_tiling", "use_slicing", "num_parameters",
}


def spelled(component: str, chain: Chain) -> str:
    """``self.text_encoder.text_model.encoder.layers[i]`` as a user wrote it."""
    text = f"self.{component}"
    for step in chain:
        text += "[i]" if step == INDEX else f".{step}"
    return text


def earlier_move(method: MethodSummary, component: str, line: int) -> int | None:
    """Line of a ``self.<component>.to(...)`` / ``.cuda()`` before ``line`` in the same method."""
    moves = [
        site.line for site in method.call_sites
        if site.receiver == ("self", component) and site.moves_to_device and site.line <= line
    ]
    return max(moves) if moves else None


def masking_note(method: MethodSummary, component: str, line: int) -> str:
    """Says that an earlier ``self.<component>.to(device)`` hides the bug instead of fixing it."""
    moved = earlier_move(method, component, line)
    if moved is None:
        return ""
    return (
        f" The self.{component}.to(...) on line {moved} masks this rather than fixing it: it moves the whole "
        f"component to the device, which is what offloading exists to avoid (OFL207)."
    )


def unknown_class_internal(access: ComponentAccess) -> bool:
    """``self.<component>.a.b...`` of a component whose class the index cannot read: only a
    chain two steps deep, free of known-harmless attributes, is taken as reaching inside."""
    steps = [step for step in access.chain if step != INDEX]
    if len(steps) < 2 or access.chain[0] in SAFE_COMPONENT_ATTRIBUTES or access.chain[0].startswith("_"):
        return False
    return not any(step in SAFE_COMPONENT_ATTRIBUTES or step in _CONTAINER_API for step in steps[1:])


_CONTAINER_API = {"items", "keys", "values", "get", "append", "extend", "pop", "update", "copy", "clear"}
