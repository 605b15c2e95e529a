"""Group offloading with ``use_stream=True``: what diffusers' lazy-prefetch hook does, read from the
installed ``diffusers/hooks/group_offloading.py`` (never imported), and what that means for a
component a pipeline drives.

The hook (``LazyPrefetchGroupOffloadingHook``) sits on the offloaded module and records the order in
which its groups run during the module's first ``forward``; when that forward returns it chains the
groups so that each prefetches the next on a side stream and marks the next as not onloading itself.
Facts that decide a row:
- the trace ends only in the root's ``forward``: a component entered through ``encode``/``decode``
  alone is never traced, nothing is prefetched (no overlap, and its tracker hooks stay);
- groups absent from the traced call keep onloading themselves; a traced group that a later call
  skips leaves the group after it unprefetched, which recent versions catch with a synchronous onload
  in ``pre_forward`` (``params[0].device == offload_device``) and older ones do not;
- an order that changes between calls (a tiled VAE re-running its groups per tile) chains repeated
  groups; with the fallback the only cost is a group left onloaded after the call;
- offloading with a stream restores the pinned CPU copy: a weight edited in place while onloaded
  loses the edit;
- streams need an accelerator: ``apply_group_offloading`` raises on a CPU onload device.
"""

from __future__ import annotations

import importlib.util
import os
from dataclasses import dataclass
from functools import lru_cache

_HOOK_FILE = ("hooks", "group_offloading.py")


@dataclass(frozen=True)
class StreamHook:
    """The installed hook's behaviour, each field read from its source text."""

    source: str | None  # the file read; None when diffusers is not installed
    traces_first_forward: bool = True
    synchronous_fallback: bool = False
    restores_pinned_copy: bool = False

    @property
    def found(self) -> bool:
        return self.source is not None


@lru_cache(maxsize=1)
def installed_stream_hook() -> StreamHook:
    path = _hook_path()
    if path is None:
        return StreamHook(None)
    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
    except OSError:
        return StreamHook(None)
    return StreamHook(
        source=path,
        traces_first_forward="class LazyPrefetchGroupOffloadingHook" in text and "execution_order" in text,
        synchronous_fallback="params[0].device == self.group.offload_device" in text,
        restores_pinned_copy="param.data = self.cpu_param_dict[param]" in text,
    )


def _hook_path() -> str | None:
    try:
        spec = importlib.util.find_spec("diffusers")  # locates the package without importing it
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    for location in spec.submodule_search_locations:
        candidate = os.path.join(location, *_HOOK_FILE)
        if os.path.isfile(candidate):
            return candidate
    return None


@dataclass(frozen=True)
class StreamFacts:
    notes: tuple[str, ...] = ()
    # Why the static model cannot decide the row (the installed hook lacks a fact it needs).
    undecided: str | None = None
    # Facts that change nothing for the row (kept in JSON, left out of the table).
    details: tuple[str, ...] = ()


def stream_facts(component: str, entered_by: tuple[str, ...], conditional_children: tuple[str, ...],
                 repeats_groups: bool, hook: StreamHook) -> StreamFacts:
    """What streams change for ``component``, entered through ``entered_by`` (``forward`` for a call
    of the component itself), whose forward runs ``conditional_children`` only on some calls, and
    whose reached code re-runs its groups within one call (tiling) when ``repeats_groups``."""
    if not hook.found:
        return StreamFacts(undecided="diffusers' hooks/group_offloading.py is not installed: the streams model "
                                     "is read from it")
    notes: list[str] = []
    details: list[str] = []
    if entered_by and "forward" not in entered_by:
        notes.append(f"entered only through {', '.join(m + '()' for m in entered_by)}: the prefetch order is "
                     f"traced on {component}.forward(), which the pipeline never calls, so nothing is prefetched")
    undecided = None
    if conditional_children:
        names = ", ".join(conditional_children)
        if hook.synchronous_fallback:
            # Harmless with the fallback, and common (``if inputs_embeds is None: self.embed_tokens(...)``):
            # a detail for JSON, not a note for the table.
            details.append(f"runs {names} only on some calls; groups the prefetch chain skips onload "
                           f"synchronously (the installed hook's fallback)")
        else:
            undecided = (f"{component} runs {names} only on some calls and the installed hook has no synchronous "
                         f"fallback: a later call that runs them may compute with offloaded weights; only a GPU run "
                         f"decides")
    if repeats_groups:
        if hook.synchronous_fallback:
            notes.append("re-runs its groups within one call (tiling): the traced order repeats and the last "
                         "prefetched group stays onloaded after the call (memory, not a device error)")
        elif undecided is None:
            undecided = (f"{component} re-runs its groups within one call (tiling) and the installed hook has no "
                         f"synchronous fallback; only a GPU run decides")
    return StreamFacts(tuple(notes), undecided, tuple(details))


__all__ = ["StreamFacts", "StreamHook", "installed_stream_hook", "stream_facts"]
