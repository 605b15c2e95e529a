"""Runtime check for "a caller moves a component by hand before using it" (the component stays onloaded).

No device mismatch happens there, so the confirmer's compute check says nothing; what breaks is the memory
contract of offloading. The check applies diffusers' real `apply_group_offloading` with a second, real device
(torch's lazy tensor backend, `lazy:0`; offload device `cpu`), replays the caller's move and call, and counts
the component's tensors that are still on the onload device afterwards, outside every forward: with working
offloading that number is zero.

diffusers moves a group with `tensor.data = moved`, which torch refuses between cpu and lazy tensors (different
tensor types); the transfer step is replaced by `torch.utils.swap_tensors` for the duration of the check. When
groups move is still decided by diffusers' hooks.
"""

from __future__ import annotations

import contextlib
import types
from typing import Any, Callable, Iterator

import torch

LAZY = torch.device("lazy", 0)
CPU = torch.device("cpu")


def _init_lazy() -> None:
    import torch._lazy
    import torch._lazy.ts_backend

    if not getattr(_init_lazy, "done", False):
        torch._lazy.ts_backend.init()
        # diffusers' ModuleGroup asks torch for the device's module (streams, synchronize); none is used here.
        with contextlib.suppress(RuntimeError):
            torch._register_device_module("lazy", types.ModuleType("torch_lazy_device_stub"))
        _init_lazy.done = True


def _move(tensor: torch.Tensor, device: torch.device) -> None:
    if tensor.device == device:
        return
    moved = tensor.data.to(device)
    if isinstance(tensor, torch.nn.Parameter):
        moved = torch.nn.Parameter(moved, requires_grad=tensor.requires_grad)
    torch.utils.swap_tensors(tensor, moved)


def _group_tensors(group: Any) -> Iterator[torch.Tensor]:
    for module in group.modules:
        yield from module.parameters()
        yield from module.buffers()
    yield from group.parameters
    yield from group.buffers


@contextlib.contextmanager
def swapped_transfers() -> Iterator[None]:
    from diffusers.hooks import group_offloading

    cls = group_offloading.ModuleGroup
    saved = cls._onload_from_memory, cls._offload_to_memory

    def onload(self: Any) -> None:
        for tensor in _group_tensors(self):
            _move(tensor, torch.device(self.onload_device))

    def offload(self: Any) -> None:
        for tensor in _group_tensors(self):
            _move(tensor, torch.device(self.offload_device))

    cls._onload_from_memory, cls._offload_to_memory = onload, offload
    try:
        yield
    finally:
        cls._onload_from_memory, cls._offload_to_memory = saved


def resident_after(build: Callable[[], torch.nn.Module], replay: Callable[[torch.nn.Module, torch.device], Any],
                   level: str) -> tuple[int, int, int]:
    """(tensors, on the onload device right after offloading, on it after the replayed move and call)."""
    from diffusers.hooks import apply_group_offloading

    _init_lazy()
    module = build().eval().requires_grad_(False)
    kwargs = {"num_blocks_per_group": 1} if level == "block" else {}
    with swapped_transfers():
        apply_group_offloading(module, onload_device=LAZY, offload_device=CPU, offload_type=f"{level}_level",
                               **kwargs)
        before = sum(t.device.type == "lazy" for t in _tensors(module))
        with torch.no_grad():
            replay(module, LAZY)
        torch._lazy.mark_step()
        after = sum(t.device.type == "lazy" for t in _tensors(module))
    return len(list(_tensors(module))), before, after


def _tensors(module: torch.nn.Module) -> list[torch.Tensor]:
    return [*module.parameters(), *module.buffers()]


def check(build: Callable[[], torch.nn.Module], replay: Callable[[torch.nn.Module, torch.device], Any],
          levels: list[str]) -> tuple[str, str]:
    notes = []
    defeated = False
    for level in levels:
        try:
            total, before, after = resident_after(build, replay, level)
        except Exception as error:  # reported as untriggered with the reason
            return "untriggered", f"{level}: replay failed: {type(error).__name__}: {error}"[:300]
        defeated |= after > 0 and before == 0
        notes.append(f"{level}: {before}/{total} tensors on lazy:0 after offloading, {after}/{total} after the "
                     "replayed move and call [lazy device]")
    return ("confirmed" if defeated else "refuted"), " | ".join(notes)
