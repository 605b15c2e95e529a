"""Backends: where weights live and how a group moves.

- fake-cuda: a virtual GPU. FakeTensorMode, real hooks with onload ``cuda:0``; a group's transfer is a
  device flip (``param.data = t`` cannot change a fake tensor's device).
- tracking: real hooks with onload=offload=cpu; the tracker knows what is offloaded.
- lazy (evaluated only): torch's lazy-tensor device (``lazy:0``, TorchScript backend, ships in the CPU wheel) as a
  real second device: real storage; mixing it with cpu raises. diffusers' transfer step assigns ``param.data =``
  a tensor of the other device, which the lazy TensorImpl refuses ("incompatible tensor type"), so every group
  that must onload fails; its ``layer_norm`` also accepts cpu weights.
- cuda: real devices, optionally with streams.
"""

from __future__ import annotations

import contextlib
import types
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

import torch

from .lazy_views import correct_lazy_views
from .observe import GroupTracker, OffloadObserver, group_tensors, remove_offloading_hooks

FAKE_CUDA = "fake-cuda"
TRACKING = "tracking"
CUDA = "cuda"
LAZY = "lazy"  # evaluated, not offered (benchmarks/confirm_backends.py, docs/confirmer.md): see the module doc
AUTO = "auto"
BACKENDS = (AUTO, FAKE_CUDA, TRACKING, CUDA)


@dataclass(frozen=True)
class OffloadOptions:
    non_blocking: bool = False
    use_stream: bool = False
    record_stream: bool = False


@dataclass
class Backend:
    name: str
    onload_device: torch.device
    options: OffloadOptions = field(default_factory=OffloadOptions)

    @property
    def fake(self) -> bool:
        return self.name == FAKE_CUDA

    @property
    def onload_type(self) -> str | None:
        return None if self.name == TRACKING else self.onload_device.type

    @contextlib.contextmanager
    def mode(self) -> Iterator[None]:
        """Entered around build, offload and every run: fake tensors need their mode active."""
        with torch.no_grad():
            if self.fake:
                from torch._subclasses import FakeTensorMode

                _clear_leftover_fake_mode()
                with FakeTensorMode(allow_non_fake_inputs=True):
                    yield
            else:
                yield

    def transfer(self) -> Callable[[Any, bool], None] | None:
        return _flip_fake_device if self.fake else None

    def extra_offloaded(self) -> Callable[[torch.Tensor], str | None] | None:
        # On a device backend, a cpu parameter no hook onloads (e.g. a layer created after offloading)
        # is exactly as wrong as an offloaded one.
        if self.name == TRACKING:
            return None
        return _unhooked_cpu_parameter


def _clear_leftover_fake_mode() -> None:
    """A check stopped by its time limit inside FakeTensorMode's enter/exit can leave the mode set; entering a new
    one then aborts the process in C++ ("trying to set the current FakeTensorMode, but one already exists")."""
    key = torch._C._TorchDispatchModeKey.FAKE
    if torch._C._get_dispatch_mode(key) is not None:
        torch._C._unset_dispatch_mode(key)


def _flip_fake_device(group: Any, onload: bool) -> None:
    device = group.onload_device if onload else group.offload_device
    for tensor in group_tensors(group):
        tensor.fake_device = device


def _unhooked_cpu_parameter(tensor: torch.Tensor) -> str | None:
    if isinstance(tensor, torch.nn.Parameter) and tensor.device.type == "cpu" and tensor.dim() > 0:
        return "<cpu parameter no hook onloads>"
    return None


_LAZY_READY: list[bool] = []


def init_lazy() -> None:
    """Start torch's TorchScript lazy-tensor backend once per process, with what diffusers and the confirmer need of
    it (a device module; pieces of split tensors that compute on it)."""
    if not _LAZY_READY:
        import torch._lazy
        import torch._lazy.ts_backend

        torch._lazy.ts_backend.init()
        try:
            torch.get_device_module("lazy")
        except RuntimeError:
            # diffusers' ModuleGroup asks torch for the device's module (torch.cuda, torch.xpu, ...); the lazy device
            # has none: give it one with what a group without streams uses.
            module = types.ModuleType("torch.lazy")
            module.synchronize = lambda device=None: torch._lazy.wait_device_ops()
            module.is_available = lambda: True
            module.device_count = lambda: 1
            torch._register_device_module("lazy", module)
        correct_lazy_views()  # chunk/split/unbind pieces that compute on the CPU (see lazy_views.py)
        _LAZY_READY.append(True)


def make_backend(name: str, options: OffloadOptions | None = None) -> Backend:
    options = options or OffloadOptions()
    if name == AUTO:
        name = CUDA if torch.cuda.is_available() else FAKE_CUDA
    if name == FAKE_CUDA:
        return Backend(FAKE_CUDA, torch.device("cuda:0"))  # indexed: bare "cuda" trips the device guard
    if name == TRACKING:
        return Backend(TRACKING, torch.device("cpu"))
    if name == LAZY:
        init_lazy()
        return Backend(LAZY, torch.device("lazy:0"))
    if name == CUDA:
        if not torch.cuda.is_available():
            raise RuntimeError("the cuda backend needs torch.cuda.is_available()")
        return Backend(CUDA, torch.device("cuda", torch.cuda.current_device()), options)
    raise ValueError(f"unknown backend {name!r}; choose one of {', '.join(BACKENDS)}")


@dataclass(frozen=True)
class FallbackRule:
    """When a run on ``leave`` failed with one of these exceptions, run on ``go_to`` instead.

    ``exceptions`` are qualified class names (a FakeTensor limit has its own type); ``messages`` narrow a generic
    type (CPU-only torch says "not linked with support for cuda" in a plain RuntimeError, no finer type exists)."""

    leave: str
    go_to: str
    exceptions: tuple[str, ...]
    messages: tuple[str, ...] = ()
    why: str = ""

    def matches(self, error: BaseException) -> bool:
        names = {f"{cls.__module__}.{cls.__qualname__}" for cls in type(error).__mro__}
        if not names & set(self.exceptions):
            return False
        return not self.messages or any(text in str(error) for text in self.messages)


FALLBACK_RULES: tuple[FallbackRule, ...] = (
    FallbackRule(FAKE_CUDA, TRACKING, ("torch._subclasses.fake_tensor.DataDependentOutputException",
                                       "torch._subclasses.fake_tensor.DynamicOutputShapeException",
                                       "torch._subclasses.fake_tensor.UnsupportedOperatorException"),
                 why="a data-dependent op: fake tensors have no values"),
    FallbackRule(FAKE_CUDA, TRACKING, ("builtins.RuntimeError", "builtins.AssertionError"),
                 ("not linked with support for cuda", "Torch not compiled with CUDA"),
                 why="the model made a real tensor and moved it to the virtual GPU (CPU-only torch has no cuda)"),
    FallbackRule(FAKE_CUDA, TRACKING, ("builtins.RuntimeError", "builtins.TypeError", "builtins.NotImplementedError"),
                 ("not supported for tensor subclasses",), why="an op fake tensors do not support"),
)


def fallback_for(backend: str, errors: list[BaseException]) -> tuple[FallbackRule, BaseException] | None:
    """The first rule (and the error it matched) that sends a failed run on ``backend`` elsewhere."""
    for error in errors:
        for rule in FALLBACK_RULES:
            if rule.leave == backend and rule.matches(error):
                return rule, error
    return None


def fallback_chain(name: str) -> list[str]:
    """Which backends to try, in order, for a requested backend."""
    if name == AUTO:
        return [CUDA, TRACKING] if torch.cuda.is_available() else [FAKE_CUDA, TRACKING]
    if name == FAKE_CUDA:
        return [FAKE_CUDA, TRACKING]
    return [name]


def apply_offloading(module: torch.nn.Module, level: str, backend: Backend, block_modules: list[str] | None = None) -> None:
    """diffusers' real ``apply_group_offloading`` at block level (one block per group) or leaf level."""
    from diffusers.hooks import apply_group_offloading

    kwargs: dict[str, Any] = {}
    if level == "block":
        kwargs["num_blocks_per_group"] = 1
    if block_modules is not None:
        kwargs["block_modules"] = block_modules
    options = backend.options
    with _fake_transfers() if backend.fake else contextlib.nullcontext():
        _apply(apply_group_offloading, module, level, backend, options, kwargs)


@contextlib.contextmanager
def _fake_transfers() -> Iterator[None]:
    """While hooks are installed, the initial ``offload_`` must flip devices too: ``Module.to`` cannot
    swap fake tensors. Scoped to the ``apply_group_offloading`` call; afterwards the tracker owns transfers."""
    from diffusers.hooks.group_offloading import ModuleGroup

    saved = ModuleGroup._onload_from_memory, ModuleGroup._offload_to_memory
    ModuleGroup._onload_from_memory = lambda group: _flip_fake_device(group, True)
    ModuleGroup._offload_to_memory = lambda group: _flip_fake_device(group, False)
    try:
        yield
    finally:
        ModuleGroup._onload_from_memory, ModuleGroup._offload_to_memory = saved


def _apply(apply_group_offloading: Any, module: torch.nn.Module, level: str, backend: Backend,
           options: OffloadOptions, kwargs: dict[str, Any]) -> None:
    apply_group_offloading(
        module,
        onload_device=backend.onload_device,
        offload_device=torch.device("cpu"),
        offload_type=f"{level}_level",
        non_blocking=options.non_blocking,
        use_stream=options.use_stream,
        record_stream=options.record_stream,
        **kwargs,
    )


@contextlib.contextmanager
def offloaded(
    modules: dict[str, torch.nn.Module], level: str, backend: Backend, block_modules: list[str] | None = None
) -> Iterator[OffloadObserver]:
    """Offload every module, yield an observer (not yet entered), and remove every hook afterwards."""
    for module in modules.values():
        apply_offloading(module, level, backend, block_modules)
    tracker = GroupTracker(modules, transfer=backend.transfer())
    observer = OffloadObserver(tracker, backend.onload_type, backend.extra_offloaded(), level=level,
                               emulate_device_guard=backend.fake)
    try:
        yield observer
    finally:
        tracker.unwrap()
        for module in modules.values():
            remove_offloading_hooks(module)
