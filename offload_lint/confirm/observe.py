"""Observe every use of an offloaded tensor while diffusers' real hooks decide when groups move.

Two pieces:
- ``GroupTracker`` wraps each ``ModuleGroup``'s ``onload_``/``offload_`` so it always knows which
  tensors sit on the offload device right now (the hooks decide *when*; the tracker only listens,
  or, on the virtual GPU, performs the move as a device flip).
- ``OffloadObserver`` is a ``TorchFunctionMode``: it classifies each op touching such a tensor
  *before* the op runs (a wrong-shaped synthetic input must not hide the access).
"""

from __future__ import annotations

import os
import sys
from typing import Any, Callable, Iterable, Iterator

import torch
from torch.overrides import TorchFunctionMode
from torch.utils.weak import WeakIdKeyDictionary

from .limits import deadline_passed
from .report import (COMPUTE, DERIVED_PREFIX, DEVICE, METADATA, MISMATCH, MOVED, MOVED_BACK, PLACED_PREFIX,
                     RETURNED, Access, Frame, weight_root)

GROUP_HOOK = "group_offloading"
_HOOK_NAMES = ("lazy_prefetch_group_offloading", "layer_execution_tracker", GROUP_HOOK)

# Attributes whose value does not depend on where the data lives.
_METADATA_GETTERS = frozenset(
    {"shape", "dtype", "ndim", "requires_grad", "is_leaf", "layout", "names", "itemsize", "nbytes",
     "grad", "grad_fn", "_version", "is_sparse", "is_quantized", "is_meta", "is_nested", "_base"}
)
_METADATA_METHODS = frozenset(
    {"size", "dim", "numel", "nelement", "is_floating_point", "is_complex", "element_size", "__len__",
     "stride", "is_contiguous", "storage_offset", "has_names", "is_pinned", "is_signed", "ndimension",
     "__hash__", "__bool__"}
)
# Reads that report the offload device: anything derived from them lands on the wrong device.
_DEVICE_GETTERS = frozenset({"device", "is_cuda", "is_cpu", "is_xpu", "is_mps"})
_DEVICE_METHODS = frozenset({"get_device"})
# Frames kept of the stack that read a device an op later places tensors with (where the read was asked for).
ORIGIN_FRAMES = 4
# A derived tensor remembers at most this many source weights.
MAX_SOURCES = 8
# Ops whose C++ binding opens a device guard before dispatch (fails for a fake cuda tensor on CPU-only torch).
_GUARDED_OPS = frozenset({"__getitem__", "__setitem__"})
# Ops that legitimately take operands on two devices.
_CROSS_DEVICE_OPS = frozenset({"copy_", "set_"})


def _infrastructure_dirs() -> tuple[str, ...]:
    import accelerate
    import diffusers

    diffusers_dir = os.path.dirname(diffusers.__file__)
    return (
        os.path.dirname(torch.__file__) + os.sep,
        os.path.dirname(accelerate.__file__) + os.sep,
        os.path.join(diffusers_dir, "hooks") + os.sep,
        os.path.join(diffusers_dir, "utils") + os.sep,
        os.path.dirname(os.path.abspath(__file__)) + os.sep,  # this package
    )


def _stdlib_dirs() -> tuple[str, tuple[str, ...]]:
    """(the standard library, the site-packages folders inside it that are *not* standard library)."""
    import site
    import sysconfig

    stdlib = sysconfig.get_paths()["stdlib"] + os.sep
    packages = tuple(p + os.sep for p in {*site.getsitepackages(), sysconfig.get_paths()["purelib"]})
    return stdlib, packages


_THIS_PACKAGE = os.path.dirname(os.path.abspath(__file__)) + os.sep


def _is_infrastructure(path: str) -> bool:
    """torch, accelerate, diffusers' hook machinery, the standard library, this package."""
    assert _SKIP_DIRS is not None and _STDLIB is not None
    if path.startswith(_SKIP_DIRS) or path.startswith("<frozen"):
        return True
    return path.startswith(_STDLIB[0]) and not path.startswith(_STDLIB[1])


_SKIP_DIRS: tuple[str, ...] | None = None
_DIFFUSERS_DIR: str | None = None
_STDLIB: tuple[str, tuple[str, ...]] | None = None


def _ensure_dirs() -> None:
    global _SKIP_DIRS, _DIFFUSERS_DIR, _STDLIB
    if _SKIP_DIRS is None:
        import diffusers

        _STDLIB = _stdlib_dirs()
        _SKIP_DIRS = _infrastructure_dirs()
        _DIFFUSERS_DIR = os.path.dirname(diffusers.__file__) + os.sep


def collect_frames(limit: int = 12) -> tuple[tuple[Frame, ...], Frame | None]:
    """(frames outside the offloading machinery, innermost first; first frame outside diffusers too).
    The walk ends at the confirmer's own frame that made the call; a deep stack keeps its ``limit`` innermost
    and ``limit`` outermost frames: the line that made the call (a method's ``self.decoder(z)``) is near the top
    of a deep video decoder's stack, not near the op."""
    _ensure_dirs()
    assert _SKIP_DIRS is not None and _DIFFUSERS_DIR is not None
    frames: list[Frame] = []
    caller: Frame | None = None
    frame = sys._getframe(1)
    while frame is not None:
        path = frame.f_code.co_filename
        if frames and path.startswith(_THIS_PACKAGE):
            break  # the check's own call: what is above it is not the code under test
        if not _is_infrastructure(path):
            record = Frame(path, frame.f_lineno, frame.f_code.co_name)
            frames.append(record)
            if caller is None and not path.startswith(_DIFFUSERS_DIR):
                caller = record
        frame = frame.f_back
    if len(frames) > 2 * limit:
        frames = frames[:limit] + frames[-limit:]
    return tuple(frames), caller


def iter_tensors(value: Any, depth: int = 0, max_depth: int = 3) -> Iterator[torch.Tensor]:
    """Tensors in an op's arguments (lists, tuples and dicts; the outer (args, kwargs) pair counts as one level)."""
    if isinstance(value, torch.Tensor):
        yield value
    elif depth < max_depth and isinstance(value, (list, tuple)):
        for item in value:
            yield from iter_tensors(item, depth + 1, max_depth)
    elif depth < max_depth and isinstance(value, dict):
        for item in value.values():
            yield from iter_tensors(item, depth + 1, max_depth)


def group_tensors(group: Any) -> list[torch.Tensor]:
    """Every parameter and buffer a diffusers ``ModuleGroup`` moves (looked up now: buffers can be replaced)."""
    tensors: list[torch.Tensor] = []
    for module in group.modules:
        tensors.extend(module.parameters())
        tensors.extend(module.buffers())
    tensors.extend(group.parameters)
    tensors.extend(group.buffers)
    return tensors


def find_groups(module: torch.nn.Module) -> list[Any]:
    """Every distinct ModuleGroup under ``module``, reached through the hooks diffusers installed."""
    groups: dict[int, Any] = {}
    for submodule in module.modules():
        registry = getattr(submodule, "_diffusers_hook", None)
        hook = registry.get_hook(GROUP_HOOK) if registry is not None else None
        if hook is not None:
            groups.setdefault(id(hook.group), hook.group)
    return list(groups.values())


def remove_offloading_hooks(module: torch.nn.Module) -> None:
    for submodule in module.modules():
        registry = getattr(submodule, "_diffusers_hook", None)
        if registry is None:
            continue
        for name in _HOOK_NAMES:
            if registry.get_hook(name) is not None:
                registry.remove_hook(name, recurse=False)


def weight_names(modules: dict[str, torch.nn.Module]) -> WeakIdKeyDictionary:
    """tensor -> qualified name ("prior.clip_std") for every parameter and buffer."""
    names = WeakIdKeyDictionary()
    for prefix, module in modules.items():
        dot = f"{prefix}." if prefix else ""
        for name, tensor in module.named_parameters(remove_duplicate=False):
            names.setdefault(tensor, dot + name)
        for name, tensor in module.named_buffers(remove_duplicate=False):
            names.setdefault(tensor, dot + name)
    return names


class GroupTracker:
    """Knows which group tensors are offloaded right now.

    ``transfer`` decides how a group moves: ``None`` keeps diffusers' own transfer step (tracking, cuda);
    a callable ``(group, onload: bool) -> None`` replaces it (the virtual GPU flips fake devices).
    """

    def __init__(self, modules: dict[str, torch.nn.Module], transfer: Callable[[Any, bool], None] | None = None):
        self.modules = modules
        self.transfer = transfer
        self.names = weight_names(modules)
        self.offloaded = WeakIdKeyDictionary()  # tensor -> name
        self.groups: list[Any] = []
        self.observer: OffloadObserver | None = None
        for module in modules.values():
            self.groups.extend(find_groups(module))
        for group in self.groups:
            self._wrap(group)
        self.reset()

    def _name(self, tensor: torch.Tensor) -> str:
        return self.names.get(tensor, "<unnamed tensor>")

    def _mark(self, group: Any, offloaded: bool) -> None:
        """Where the group's tensors are now. A group tensor the hook just moved holds the group's weight, whatever it
        was computed from before (a layer built after offloading inside a group's module, its init ops run on the
        CPU): the tracker alone says where it is, so the observer forgets what it derived it from."""
        derived = self.observer.derived if self.observer is not None else None
        for tensor in group_tensors(group):
            if offloaded:
                self.offloaded[tensor] = self._name(tensor)
            else:
                self.offloaded.pop(tensor, None)
            if derived is not None:
                derived.pop(tensor, None)

    def _wrap(self, group: Any) -> None:
        original_onload, original_offload = group.onload_, group.offload_

        def move(onload: bool) -> None:
            paused = self.observer.pause() if self.observer is not None else _nothing()
            with paused:
                if self.transfer is not None:
                    self.transfer(group, onload)
                elif onload:
                    original_onload()
                else:
                    original_offload()
            self._mark(group, offloaded=not onload)

        # Instance attributes shadow the bound methods the hooks call (``self.group.onload_()``).
        group.onload_ = lambda: move(True)
        group.offload_ = lambda: move(False)

    def rescan(self) -> None:
        """Pick up groups created after offloading (a mutator that offloads its new layer) and new names."""
        known = {id(group) for group in self.groups}
        for module in self.modules.values():
            for group in find_groups(module):
                if id(group) not in known:
                    self.groups.append(group)
                    self._wrap(group)
                    group.offload_()
        self.names = weight_names(self.modules)

    def reset(self) -> None:
        """Every group back on the offload device (a failed try may leave some onloaded)."""
        for group in self.groups:
            group.offload_()

    def unwrap(self) -> None:
        for group in self.groups:
            group.__dict__.pop("onload_", None)
            group.__dict__.pop("offload_", None)

    def offloaded_name(self, tensor: torch.Tensor) -> str | None:
        return self.offloaded.get(tensor)

    def fresh_name(self, tensor: torch.Tensor, default: str) -> str:
        """Name of a tensor that may have appeared after offloading (a fused layer): rescan on a miss."""
        if tensor not in self.names:
            self.names = weight_names(self.modules)
        name = self.names.get(tensor)
        return f"{name} (no hook onloads it)" if name else default


class _nothing:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


class _Paused:
    def __init__(self, observer: "OffloadObserver"):
        self.observer = observer

    def __enter__(self) -> None:
        self.observer.paused += 1

    def __exit__(self, *exc: object) -> None:
        self.observer.paused -= 1


def _func_name(func: Any) -> tuple[str, bool]:
    """(name, is_attribute_getter)."""
    owner = getattr(func, "__self__", None)
    if getattr(func, "__name__", "") == "__get__" and owner is not None and hasattr(owner, "__name__"):
        return owner.__name__, True
    return getattr(func, "__name__", repr(func)), False


class OffloadObserver(TorchFunctionMode):
    """Classifies every op that touches an offloaded tensor (or a tensor computed only from offloaded ones).

    ``onload_type`` is the device type of the compute device ("cuda"), or None on the tracking backend,
    where everything lives on cpu and "on the compute device" means "not derived from an offloaded weight".
    ``extra_offloaded`` flags tensors no tracker knows about (a cpu parameter no hook onloads, on a virtual GPU).
    """

    def __init__(
        self,
        tracker: GroupTracker,
        onload_type: str | None,
        extra_offloaded: Callable[[torch.Tensor], str | None] | None = None,
        *,
        level: str = "",
        emulate_device_guard: bool = False,
    ):
        super().__init__()
        self.tracker = tracker
        self.onload_type = onload_type
        self.extra_offloaded = extra_offloaded
        self.derived = WeakIdKeyDictionary()  # tensor -> ("derived from <weight>", ...): every source weight
        self.accesses: list[Access] = []
        self.paused = 0
        self.level = level
        self.step = ""
        # On the virtual GPU: emulate the device guard of indexing (see _without_device_guard).
        self.emulate_device_guard = emulate_device_guard
        # id(torch.device object read from an offloaded tensor) -> (its label, where it was read). The objects
        # are kept alive so that an id is never reused while observing.
        self.device_reads: dict[int, tuple[str, Frame | None]] = {}
        self._read_devices: list[torch.device] = []
        self.origins: dict[str, Frame | None] = {}  # placement label -> where the device was read
        # ... and the innermost frames of that read: a property (`PreTrainedModel.device`) reads it in the library,
        # the line that asked for it (`x.to(self.device)`) is a frame or two further out.
        self.read_frames: dict[int, tuple[Frame, ...]] = {}
        self.origin_frames: dict[str, tuple[Frame, ...]] = {}
        tracker.observer = self

    def __enter__(self):
        _ensure_dirs()
        if self.onload_type is not None:
            self._restore_device_property = _watch_fake_device_reads(self)
        return super().__enter__()

    def __exit__(self, *exc: object):
        restore = getattr(self, "_restore_device_property", None)
        if restore is not None:
            restore()
            self._restore_device_property = None
        return super().__exit__(*exc)

    def note_device_read(self, tensor: torch.Tensor, device: torch.device) -> None:
        """A `.device` read that bypassed the torch-function layer (FakeTensor's Python property)."""
        if self.paused:
            return
        self.paused += 1  # the lookups below read `.device` themselves
        try:
            name = self.offloaded_name(tensor)
        finally:
            self.paused -= 1
        if name is not None:
            self._record(DEVICE, name, ".device")
            self._remember_device(device, name)

    def _remember_device(self, device: Any, weight: str) -> None:
        """Tensors created or moved with this device object are "placed on the device of <weight>"."""
        if not isinstance(device, torch.device) or (self.onload_type is not None and device.type == self.onload_type):
            return
        frames, caller = collect_frames()
        self._read_devices.append(device)
        self.device_reads[id(device)] = (f"{PLACED_PREFIX}{weight_root(weight)}", frames[0] if frames else caller)
        self.read_frames[id(device)] = frames[:ORIGIN_FRAMES]

    def placement(self, args: Any, kwargs: dict) -> str | None:
        """The label of a device read from an offloaded tensor that this op creates or moves tensors with."""
        if not self.device_reads:
            return None
        for value in (*kwargs.values(), *args):
            if isinstance(value, torch.device) and id(value) in self.device_reads:
                label, origin = self.device_reads[id(value)]
                self.origins.setdefault(label, origin)
                self.origin_frames.setdefault(label, self.read_frames.get(id(value), ()))
                return label
        return None

    def returned(self, value: Any, method: str) -> None:
        """What the called method hands back: an offload-side tensor goes to a caller this run does not see."""
        with self.pause():
            for tensor in iter_tensors(value):
                names = self.offloaded_names(tensor)
                if names and tensor.dim() > 0:
                    self._record(RETURNED, names[0], f"return of {method}()")

    def pause(self) -> _Paused:
        return _Paused(self)

    # --- what is where -------------------------------------------------------------------------
    def offloaded_names(self, tensor: torch.Tensor) -> tuple[str, ...]:
        """Every offloaded weight this tensor is (one name) or was computed from ("derived from X", ...)."""
        name = self.tracker.offloaded_name(tensor)
        if name is None and self.extra_offloaded is not None and self.extra_offloaded(tensor) is not None:
            name = self.tracker.fresh_name(tensor, default="<cpu parameter no hook onloads>")
        if name is not None:
            return (name,)
        return self.derived.get(tensor, ())

    def offloaded_name(self, tensor: torch.Tensor) -> str | None:
        names = self.offloaded_names(tensor)
        return names[0] if names else None

    def on_compute_device(self, tensor: torch.Tensor) -> bool:
        if tensor.dim() == 0:
            return False  # 0-dim cpu scalars mix with cuda tensors; they decide nothing
        if self.onload_type is None:
            return self.offloaded_name(tensor) is None
        return tensor.device.type == self.onload_type

    # --- the mode ------------------------------------------------------------------------------
    def __torch_function__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        if self.emulate_device_guard and getattr(func, "__name__", "") in _GUARDED_OPS:
            func = _without_device_guard(func)
        if self.paused:
            return func(*args, **kwargs)
        deadline_passed()  # the per-target limit, also off the main thread (no SIGALRM there)
        placed = self.placement(args, kwargs)
        result = self._dispatch(func, args, kwargs)
        if placed is not None:
            self._taint(result, (placed,))
        return result

    def _dispatch(self, func, args, kwargs):
        touched = [(t, n) for t in iter_tensors((args, kwargs)) if (n := self.offloaded_names(t))]
        if not touched:
            self._note_moved_back(func, args, kwargs)
            return self._plain(func, args, kwargs)
        name, is_getter = _func_name(func)
        weight = touched[0][1][0]
        if is_getter:
            return self._getter(func, name, touched[0][1], args, kwargs)
        if name in _METADATA_METHODS:
            self._record(METADATA, weight, name)
            return func(*args, **kwargs)
        if name in _DEVICE_METHODS:
            self._record(DEVICE, weight, name)
            return func(*args, **kwargs)
        if name in ("to", "cuda", "cpu", "type", "type_as"):  # ``w.type_as(x)``: ``w.type(x.type())``, x's device too
            return self._move(func, name, touched[0][1], args, kwargs)
        if _shape_only_factory(name, kwargs):
            # zeros_like(w, device=x.device), w.new_zeros(n, device=...): only the shape comes from the weight.
            self._record(METADATA, weight, name)
            return func(*args, **kwargs)
        return self._op(func, name, touched, args, kwargs)

    def _plain(self, func, args, kwargs):
        """No offloaded tensor involved. On a real/virtual GPU, still enforce the device rule
        (FakeTensor lets convolutions mix devices), but report it as an ordinary mismatch."""
        if self.onload_type is not None and not _getter_like(func):
            devices = {t.device.type for t in iter_tensors((args, kwargs)) if t.dim() > 0}
            if len(devices) > 1 and _func_name(func)[0] not in _CROSS_DEVICE_OPS:
                self._record(MISMATCH, "<not an offloaded weight>", _func_name(func)[0])
                # Continue on the compute device so the rest of the method is still observed.
                device = next(t.device for t in iter_tensors((args, kwargs)) if t.device.type == self.onload_type)
                args, kwargs = _move_offloaded((args, kwargs), device, lambda t: "" if t.dim() > 0 else None)
        return func(*args, **kwargs)

    def _getter(self, func, name: str, weights: tuple[str, ...], args, kwargs):
        result = func(*args, **kwargs)
        if name in _DEVICE_GETTERS:
            self._record(DEVICE, weights[0], f".{name}")
            self._remember_device(result, weights[0])
        elif name in _METADATA_GETTERS:
            self._record(METADATA, weights[0], f".{name}")
        else:  # .data, .T, .mT, .real: a view, still on the offload device
            self._taint(result, weights)
        return result

    def _move(self, func, name: str, weights: tuple[str, ...], args, kwargs):
        weight = weights[0]
        source = args[0] if args else None
        target = _target_device_type(name, args[1:], kwargs, self.offloaded_name, self.device_reads)
        in_module_to = _inside_module_to()
        given = _module_to_arguments() if in_module_to else None
        if given is not None and target is not None:  # the caller's device object, not the one Module.to parsed
            target = _target_device_type(name, *given, self.offloaded_name, self.device_reads) or target
        result = func(*args, **kwargs)
        if target is None or target == "offload":
            self._taint(result, weights)  # dtype-only or explicit cpu: still offloaded
            return result
        if self.onload_type is not None and target != self.onload_type:
            self._taint(result, weights)
            return result
        if isinstance(source, torch.Tensor) and self.tracker.offloaded_name(source) is not None and in_module_to:
            # Module.to(device) replaces each parameter's data in place: the weight itself is onloaded now,
            # until its group's hook offloads it again.
            self.tracker.offloaded.pop(source, None)
            self._record(MOVED, weight, "Module.to()")
            return result
        self._record(MOVED, weight, f".{name}()")
        if result is source and isinstance(result, torch.Tensor):
            # cpu->cpu returns the same tensor: hand back a fresh alias so the fix reads as moved.
            result = result.view_as(result)
        return result

    def _note_moved_back(self, func, args, kwargs) -> None:
        """``component.to(prev_device)`` after a move by hand: ``Module.to`` puts a group weight the move had onloaded
        back on the offload device (a literal "cpu", ``.cpu()``, or a device read from it while it was offloaded)."""
        name, _ = _func_name(func)
        source = args[0] if args else None
        if name not in ("to", "cpu") or not isinstance(source, torch.Tensor) or source not in self.tracker.names:
            return
        if self.onload_type is not None or not _inside_module_to():
            return
        # Module.to parses its arguments into a new device object: judge the one the caller passed.
        given = _module_to_arguments()
        rest, given_kwargs = given if given is not None else (args[1:], kwargs)
        if _target_device_type(name, rest, given_kwargs, self.offloaded_name, self.device_reads) == "offload":
            self.tracker.offloaded[source] = self.tracker.names[source]
            self._record(MOVED, self.tracker.names[source], MOVED_BACK)

    def _op(self, func, name: str, touched, args, kwargs):
        significant = _distinct_names(names for t, names in touched if t.dim() > 0)
        on_device = [t for t in iter_tensors((args, kwargs)) if self.on_compute_device(t)]
        if not on_device:
            return self._offload_side(func, touched, args, kwargs)
        if not significant or name in _CROSS_DEVICE_OPS:
            return func(*args, **kwargs)  # a 0-dim cpu scalar or a copy into place: fine on a GPU too
        # One access per offloaded operand: F.linear(x, w, b) reads w and b, cat([q, k, v]) all three.
        op = _qualified(func, name)
        for weight in significant:
            self._record(COMPUTE, weight, op, operands=self._operands(weight, touched, on_device[0]))
        # Keep going as a GPU that had onloaded the weight would, so every offending line shows up in one run.
        if self.onload_type is not None:
            device = on_device[0].device
            args, kwargs = _move_offloaded((args, kwargs), device, self.offloaded_name)
        return func(*args, **kwargs)

    def _offload_side(self, func, touched, args, kwargs):
        """Every operand lives on the offload device: the op runs there, its result stays there."""
        result = func(*args, **kwargs)
        self._taint(result, _distinct_names(names for _, names in touched))
        return result

    def _operands(self, weight: str, touched: list, partner: torch.Tensor) -> str:
        """'cpu (offloaded clip_std) with cuda:0 (input)': both sides of the op that mixes devices."""
        tensor = next((t for t, names in touched if weight in names), None)
        offload = str(tensor.device) if tensor is not None else "offload device"
        onload = str(partner.device)
        if self.onload_type is None:  # tracking: one physical device, two roles
            offload, onload = f"{offload} as offload device", f"{onload} as compute device"
        name = self.tracker.names.get(partner)
        role = f"onloaded {name}" if name else "input"
        what = "placed" if weight.startswith(PLACED_PREFIX) else "derived" if weight.startswith(DERIVED_PREFIX) \
            else "offloaded"
        return f"{offload} ({what} {weight_root(weight)}) with {onload} ({role})"

    def _taint(self, result: Any, weights: tuple[str, ...] | list[str]) -> None:
        labels = tuple(dict.fromkeys(w if w.startswith((DERIVED_PREFIX, PLACED_PREFIX)) else f"{DERIVED_PREFIX}{w}"
                                     for w in weights))[:MAX_SOURCES]
        for tensor in iter_tensors(result):
            if self.onload_type is not None and tensor.device.type == self.onload_type:
                continue
            if self.tracker.offloaded_name(tensor) is None:
                self.derived[tensor] = labels

    def _record(self, kind: str, weight: str, op: str, operands: str = "") -> None:
        frames, caller = collect_frames()
        placed = weight.startswith(PLACED_PREFIX)
        origin = self.origins.get(weight) if placed else None
        origin_frames = self.origin_frames.get(weight, ()) if placed else ()
        self.accesses.append(Access(kind, weight, op, frames, self.level, self.step, caller, origin, operands,
                                    origin_frames))


def _watch_fake_device_reads(observer: OffloadObserver) -> Callable[[], None] | None:
    """FakeTensor answers `.device` from a Python property the torch-function mode never sees: wrap it
    while observing, counting only reads made directly by user code (fake dispatch reads it constantly)."""
    from torch._subclasses.fake_tensor import FakeTensor

    original = FakeTensor.__dict__.get("device")
    if not isinstance(original, property):
        return None

    def device(tensor: torch.Tensor) -> torch.device:
        value = original.fget(tensor)
        caller = sys._getframe(1).f_code.co_filename
        if _SKIP_DIRS is not None and not _is_infrastructure(caller):
            observer.note_device_read(tensor, value)
        return value

    FakeTensor.device = property(device)

    def restore() -> None:
        FakeTensor.device = original

    return restore


def _without_device_guard(func: Any) -> Callable[..., Any]:
    """Indexing a tensor opens a device guard for its device *before* dispatch; CPU-only torch has no cuda
    guard ("PyTorch is not linked with support for cuda devices"), so any ``x[...]`` of a fake ``cuda:0``
    tensor fails. Run the op with those fake tensors flipped to cpu (the result's shape does not depend on
    the device) and put its results back on the virtual GPU: what a real GPU would compute, device-wise."""
    from torch._subclasses.fake_tensor import FakeTensor

    def call(*args: Any, **kwargs: Any) -> Any:
        flipped = [(t, t.fake_device) for t in iter_tensors((args, kwargs))
                   if isinstance(t, FakeTensor) and t.fake_device.type == "cuda"]
        if not flipped:
            return func(*args, **kwargs)
        cpu = torch.device("cpu")
        for tensor, _ in flipped:
            tensor.fake_device = cpu
        try:
            result = func(*args, **kwargs)
        finally:
            for tensor, device in flipped:
                tensor.fake_device = device
        for tensor in iter_tensors(result):
            if isinstance(tensor, FakeTensor) and tensor.fake_device == cpu:
                tensor.fake_device = flipped[0][1]
        return result

    call.__name__ = func.__name__
    return call


_MODULE_FILE = os.path.join("torch", "nn", "modules", "module.py")


def _module_to_arguments(depth: int = 128) -> tuple[tuple, dict] | None:
    """The arguments of the ``nn.Module.to``/``cpu`` call this tensor move is part of (``_apply`` sees only the
    device object ``Module.to`` parsed from them, a new one: the caller's, read from an offloaded tensor, is known
    by identity). ``_apply`` recurses once per submodule level: a deep weight is many frames below the call."""
    frame = sys._getframe(2)
    for _ in range(depth):
        if frame is None:
            return None
        if frame.f_code.co_name in ("to", "cpu") and frame.f_code.co_filename.endswith(_MODULE_FILE):
            local = frame.f_locals
            return tuple(local.get("args", ())), dict(local.get("kwargs", {}))
        frame = frame.f_back
    return None


def _inside_module_to(depth: int = 8) -> bool:
    """Is this tensor move part of ``nn.Module.to``/``cuda`` (``Module._apply``), not a user's ``w.to(x.device)``?"""
    frame = sys._getframe(2)
    for _ in range(depth):
        if frame is None:
            return False
        if frame.f_code.co_name == "_apply" and frame.f_code.co_filename.endswith(_MODULE_FILE):
            return True
        frame = frame.f_back
    return False


def _shape_only_factory(name: str, kwargs: dict) -> bool:
    return (name.endswith("_like") or name.startswith("new_")) and kwargs.get("device") is not None


def _distinct_names(groups: Iterable[tuple[str, ...]]) -> list[str]:
    """Names in first-seen order, each once (a derived tensor carries all its source weights)."""
    seen: dict[str, None] = {}
    for names in groups:
        for name in names:
            seen.setdefault(name, None)
    return list(seen)


def _getter_like(func: Any) -> bool:
    return _func_name(func)[1]


def _qualified(func: Any, name: str) -> str:
    module = getattr(func, "__module__", "") or ""
    if module.startswith("torch.nn.functional"):
        return f"F.{name}"
    return name


def _target_device_type(
    name: str, rest: tuple, kwargs: dict, offloaded_name: Callable[[torch.Tensor], str | None],
    device_reads: dict[int, Any] | None = None,
) -> str | None:
    """Device type a ``.to``/``.cuda``/``.cpu``/``.type_as`` call moves to; "offload" when it keeps the offload
    device; None when only the dtype changes."""
    if name == "cuda":
        return "cuda"
    if name == "cpu":
        return "offload"
    if name == "type":
        return None
    candidates = list(rest) + [kwargs.get("device"), kwargs.get("other")]
    for value in candidates:
        if isinstance(value, torch.Tensor):
            return "offload" if offloaded_name(value) is not None else value.device.type
        if isinstance(value, str):
            # A literal "cpu" string never follows the input; a torch.device object usually does.
            return "offload" if value == "cpu" else torch.device(value).type
        if isinstance(value, torch.device):
            return "offload" if device_reads and id(value) in device_reads else value.type
        if isinstance(value, int) and not isinstance(value, bool):
            return "cuda"
    return None


def _move_offloaded(value: Any, device: torch.device, offloaded_name: Callable[[torch.Tensor], str | None]) -> Any:
    if isinstance(value, torch.Tensor):
        return value.to(device) if offloaded_name(value) is not None and value.device != device else value
    if isinstance(value, tuple):
        return tuple(_move_offloaded(v, device, offloaded_name) for v in value)
    if isinstance(value, list):
        return [_move_offloaded(v, device, offloaded_name) for v in value]
    if isinstance(value, dict):
        return {k: _move_offloaded(v, device, offloaded_name) for k, v in value.items()}
    return value


def offending(accesses: Iterable[Access]) -> list[Access]:
    return [a for a in accesses if a.offending]
