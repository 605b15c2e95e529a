"""Wording shared by the rules about code outside a module that drives a pipeline component."""

from __future__ import annotations


def masking_note(component: str, moved_at: int | None) -> str:
    """Says that an earlier ``self.<component>.to(device)`` hides the bug instead of fixing it."""
    if moved_at is None:
        return ""
    return (
        f" The self.{component}.to(...) on line {moved_at} masks this rather than fixing it: it moves the whole "
        f"component to the device, which is what offloading exists to avoid (OFL207)."
    )
