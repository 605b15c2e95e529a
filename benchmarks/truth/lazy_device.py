"""A second real device on a CPU-only machine: torch's lazy tensor backend (`lazy:0`) as the onload device.

diffusers' real `apply_group_offloading(onload_device="lazy:0", offload_device="cpu")` decides when each group
moves; only the transfer step is replaced: diffusers moves a group with `tensor.data = moved`, which torch
refuses between cpu and lazy tensors (different tensor types), so `torch.utils.swap_tensors` does it for the
duration of a check. Mixing a cpu tensor with a lazy one raises ("Input tensor is not a lazy tensor"), as a
cpu/cuda mix does on a GPU; 0-dim cpu tensors mix, as on CUDA.

Two uses:
* `run_call`: the device check for sites whose hazard is a `.device` value, where the confirmer's fake-cuda
  backend cannot run the model (its tracking fallback cannot tell devices apart). Known limit of the lazy
  backend: a convolution whose input is a view (a channel slice) raises the same error without any offloading,
  so cases with such convolutions do not use it.
* `check_manual_move`: "a caller moves a component by hand before using it". No device mismatch happens there;
  what breaks is the memory contract of offloading. The caller's move and call are replayed and the
  component's tensors still on the onload device afterwards, outside every forward, are counted: with working
  offloading that number is zero.
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


def _offloaded(build: Callable[[], torch.nn.Module], level: str) -> torch.nn.Module:
    from diffusers.hooks import apply_group_offloading

    _init_lazy()
    module = build().eval().requires_grad_(False)
    kwargs = {"num_blocks_per_group": 1} if level == "block" else {}
    apply_group_offloading(module, onload_device=LAZY, offload_device=CPU, offload_type=f"{level}_level", **kwargs)
    return module


class ReachedSink(Exception):
    """Raised by a case once the site's value reached its sink without a mismatch: the rest of the method
    (which may hold another, unrelated hazard) is not needed for this site's verdict."""


def stop_after(module: torch.nn.Module) -> None:
    """Stop the call right after `module` (the site's sink, a hooked call) ran; its output must be onloaded."""

    def hook(_module: torch.nn.Module, _args: Any, output: Any) -> None:
        if isinstance(output, torch.Tensor) and output.device.type != LAZY.type:
            raise RuntimeError(f"Expected all tensors to be on the same device: sink output on {output.device}")
        raise ReachedSink

    module.register_forward_hook(hook)


def run_call(build: Callable[[], torch.nn.Module], call: Callable[[torch.nn.Module, torch.device], Any],
             level: str) -> tuple[bool, BaseException | None]:
    """(the call completed, the exception that stopped it). Results are materialised (`mark_step`)."""
    with swapped_transfers():
        module = _offloaded(build, level)
        try:
            with torch.no_grad():
                call(module, LAZY)
            torch._lazy.mark_step()
        except ReachedSink:
            return True, None
        except Exception as error:  # the mismatch itself, or any other failure: the caller tells them apart
            return False, error
    return True, None


def is_device_mismatch(error: BaseException) -> bool:
    text = str(error)
    return "not a lazy tensor" in text or "Expected all tensors to be on the same device" in text


def resident_after(build: Callable[[], torch.nn.Module], replay: Callable[[torch.nn.Module, torch.device], Any],
                   level: str) -> tuple[int, int, int]:
    """(tensors, on the onload device right after offloading, on it after the replayed move and call)."""
    with swapped_transfers():
        module = _offloaded(build, level)
        before = sum(t.device.type == "lazy" for t in _tensors(module))
        with torch.no_grad():
            replay(module, LAZY)
        torch._lazy.mark_step()
        after = sum(t.device.type == "lazy" for t in _tensors(module))
    return len(list(_tensors(module))), before, after


def _tensors(module: torch.nn.Module) -> list[torch.Tensor]:
    return [*module.parameters(), *module.buffers()]


def check_manual_move(build: Callable[[], torch.nn.Module],
                      replay: Callable[[torch.nn.Module, torch.device], Any], levels: list[str]) -> tuple[str, str]:
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
