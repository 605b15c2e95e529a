"""The stages every strategy shares: build, trigger (inputs the un-offloaded model accepts), observe, judge.

A strategy module supplies only how it is applied (``Applied``); this module runs the same calls on an
un-offloaded copy (the reference) and on the offloaded model, and judges: an error the strategy's hooks raise,
an op that mixes an offloaded tensor with a computed one (``MixWatch``), or a result that differs from the
reference is ``confirmed``; a call that completes and matches is ``refuted``.
"""

from __future__ import annotations

import contextlib
import copy
import inspect
import os
import sys
import time
import traceback
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Iterator, Sequence

import torch
from torch.overrides import TorchFunctionMode

from ..build import BuildError, build_module_noted, element_count, resolve
from ..limits import LineRecorder
from ..scenario import Step
from ..observe import iter_tensors
from ..report import (COMPUTE, CONFIRMED, DERIVED_PREFIX, REFUTED, RETURNED, UNTRIGGERED, Access, Frame, LevelResult,
                      weight_root)
from ..trigger import (NotTriggerable, entry_flags, generation_candidate, reaching_entry, retry_candidates,
                       synthesise)
from .spec import STRATEGIES, JudgedSite, StrategyOptions, StrategySpec

MAX_TRIES = 8  # candidate inputs tried on the reference before giving up
MAX_ACCESSES = 20
MAX_DERIVED = 10_000  # tensors named after the weight they were computed from, per run


# ---------------------------------------------------------------- frames


def _dirs() -> tuple[tuple[str, ...], tuple[str, ...], str, tuple[str, ...]]:
    """(torch and this package, the offloading libraries' hook code, the standard library, site-packages)."""
    import site
    import sysconfig

    torch_dir = os.path.dirname(torch.__file__) + os.sep
    this_package = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep
    libraries = []
    for name in ("accelerate", "deepspeed"):
        module = sys.modules.get(name)
        if module is not None and getattr(module, "__file__", None):
            libraries.append(os.path.dirname(module.__file__) + os.sep)
    # FSDP2's hooks and DTensor's own code are torch's files, yet they are the library's work, not the user's: an op
    # they make on a sharded parameter (the all-gather, sharding propagation) is no access.
    libraries += [os.path.join(torch_dir, "distributed", part) + os.sep for part in ("fsdp", "tensor", "_composable")]
    diffusers = sys.modules.get("diffusers")
    if diffusers is not None and getattr(diffusers, "__file__", None):
        base = os.path.dirname(diffusers.__file__)
        libraries += [os.path.join(base, "hooks") + os.sep, os.path.join(base, "utils") + os.sep]
    stdlib = sysconfig.get_paths()["stdlib"] + os.sep
    site_dirs = tuple(p + os.sep for p in {*site.getsitepackages(), sysconfig.get_paths()["purelib"]})
    return (torch_dir, this_package), tuple(libraries), stdlib, site_dirs


class FrameFilter:
    """Tells user frames from torch's, this package's, the standard library's and the offloading libraries'
    (the standard library holds site-packages: those frames are not skipped as standard library)."""

    def __init__(self) -> None:
        self.torch_dirs, self.libraries, self.stdlib, self.site = _dirs()

    def torch_or_here(self, path: str) -> bool:
        return path.startswith(self.torch_dirs) or path.startswith("<")

    def library(self, path: str) -> bool:
        return path.startswith(self.libraries)

    def machinery(self, path: str) -> bool:
        if self.torch_or_here(path) or self.library(path):
            return True
        return path.startswith(self.stdlib) and not path.startswith(self.site)

    def user_frames(self, frames: Iterator[tuple[str, int, str]], limit: int = 12) -> tuple[Frame, ...]:
        found = [Frame(path, line, name) for path, line, name in frames if not self.machinery(path)]
        return tuple(found[:limit])


def stack_frames(depth: int = 1) -> Iterator[tuple[str, int, str]]:
    """(path, line, function) from the caller outwards."""
    frame = sys._getframe(depth + 1)
    while frame is not None:
        yield frame.f_code.co_filename, frame.f_lineno, frame.f_code.co_name
        frame = frame.f_back


def traceback_frames(error: BaseException) -> Iterator[tuple[str, int, str]]:
    """(path, line, function) of the traceback, innermost first."""
    entries = traceback.extract_tb(error.__traceback__)
    for entry in reversed(entries):
        yield entry.filename, entry.lineno or 0, entry.name


# ---------------------------------------------------------------- observe

# Tensor methods that only read metadata: never a computation, whatever the tensor holds.
_METADATA = frozenset({"size", "dim", "numel", "shape", "dtype", "device", "is_meta", "requires_grad", "ndim",
                       "ndimension", "element_size", "stride", "is_contiguous", "__get__", "data_ptr", "nelement",
                       "is_floating_point", "is_complex", "layout", "names", "grad_fn", "_version", "__repr__",
                       "__format__", "untyped_storage", "get_device", "is_cuda", "is_cpu", "requires_grad_",
                       "__hash__", "__len__", "__bool__",
                       # Module._apply asks whether the moved tensor can replace the parameter in place: called
                       # with the parameter and its moved copy from a model's own ``to()`` (diffusers' ModelMixin.to,
                       # which the model CPU offload hook calls), it compares types, it computes nothing.
                       "_has_compatible_shallow_copy_type",
                       # ... and where they are (a cpu parameter and its cuda copy; not a lazy one), it swaps the
                       # copy's data in: ``param.data = moved`` (``Tensor.data.__set__``), a move, no computation.
                       "__set__"})


@dataclass(eq=False)
class MixWatch(TorchFunctionMode):
    """Records ops the user's code calls with an offloaded tensor as an operand.

    ``offloaded(tensor)`` returns the tensor's name when the strategy has it offloaded right now. With
    ``needs_partner`` an access counts only when the same op also takes a computed tensor (``partner``; by
    default any tensor not offloaded and not 0-dim): meta with meta, or cpu with cpu, is no mix. Ops called from the offloading library's own code (its
    hooks move and gather weights) are not the user's. The op runs unchanged: a mix some kernels accept
    silently (bias-less ``F.linear`` with a meta weight, lazy ``layer_norm`` with cpu weights) is what this
    catches."""

    offloaded: Callable[[torch.Tensor], str | None] = field(default=lambda tensor: None)
    needs_partner: bool = True
    partner: Callable[[torch.Tensor], bool] | None = None
    meaning: str = ""
    # Library files that implement an op rather than a hook (DeepSpeed's replacement F.linear): looked through
    # like torch's own frames.
    op_files: tuple[str, ...] = ()
    # User frames kept per access, innermost first: a pipeline's line sits below a component's whole stack.
    frame_limit: int = 12
    # (source, result) of a ``.to()`` the user's code made -> whether it put the data where offloaded weights
    # are (accelerate: meta, read off an offloaded weight's ``.device``): the tensor placed there lost its data.
    placed: Callable[[torch.Tensor, torch.Tensor], bool] | None = None
    accesses: list[Access] = field(default_factory=list)
    # Where the user's code placed tensors with an offloaded weight's device: evidence once the run fails on them.
    placements: list[Access] = field(default_factory=list)
    frames: FrameFilter = field(default_factory=FrameFilter)
    # id of a device object read off an offloaded tensor -> (the object, kept so that its id stays its own; the
    # user frames of the read): a placement with it names where the device was read (``device = device or
    # self.text_encoder.device`` on one line, ``ids.to(device)`` on the next).
    device_reads: dict[int, tuple[torch.device, tuple[Frame, ...]]] = field(default_factory=dict)
    # id of an offloaded-looking result of an op on an offloaded weight -> (the tensor, kept so that its id stays
    # its own; "derived from <weight>"): ``self.embedding.weight ** 2`` on meta is named after the weight when it
    # meets a computed tensor a line later, so the access points at the weight and at a module to onload.
    derived: dict[int, tuple[torch.Tensor, str]] = field(default_factory=dict)
    # Names an op's result that ``offloaded`` does not (model CPU offload: a CPU tensor the model does not hold) so
    # that a result computed from an offloaded weight is kept in ``derived`` too (a value returned to the caller).
    derived_namer: Callable[[torch.Tensor], str | None] | None = None
    # Whether an op of the watched call (not a metadata read) had an operand ``partner`` accepts (a tensor on the
    # execution device: an input, or one the call made there); reset when the watch is entered.
    met_partner: bool = False

    def __post_init__(self) -> None:
        super().__init__()

    def __enter__(self) -> "MixWatch":
        self.met_partner = False
        return super().__enter__()

    def __torch_function__(self, func: Any, types: Any, args: tuple = (), kwargs: dict | None = None) -> Any:
        kwargs = kwargs or {}
        name = getattr(func, "__name__", str(func))
        # Each operand named once (``offloaded`` can rebuild the model's name table): the check and the naming of
        # the result read the same list.
        named = [(t, self._name(t)) for t in iter_tensors((args, kwargs), max_depth=4)] \
            if name not in _METADATA and (len(self.accesses) < MAX_ACCESSES or len(self.derived) < MAX_DERIVED) else []
        if named and not self.met_partner and self.partner is not None:
            self.met_partner = any(self.partner(t) for t, _ in named)
        if named and len(self.accesses) < MAX_ACCESSES:
            self._check(name, named)
        try:
            result = func(*args, **kwargs)
        except Exception:
            if name == "to" and len(self.accesses) < MAX_ACCESSES:
                self._failed_move(args)
            raise
        if named and len(self.derived) < MAX_DERIVED:
            self._derive(named, result)
        # Only a watch that follows placements needs where a device was read (``offloaded`` can be costly).
        if self.placed is not None and name == "__get__" \
                and getattr(getattr(func, "__self__", None), "__name__", "") == "device":
            self._device_read(args, result)
        if self.placed is not None and len(self.placements) < MAX_ACCESSES:
            if name == "to":
                self._placement(args, kwargs, result)
            elif isinstance(kwargs.get("device"), torch.device):
                self._creation(name, kwargs["device"], result)
        return result

    def _device_read(self, args: tuple, device: Any) -> None:
        if not (args and isinstance(args[0], torch.Tensor) and isinstance(device, torch.device)):
            return
        if len(self.device_reads) >= MAX_ACCESSES or self.offloaded(args[0]) is None:
            return
        frames = self.frames.user_frames(stack_frames(2), self.frame_limit)
        if frames:
            self.device_reads[id(device)] = (device, tuple(frames))

    def _placement(self, args: tuple, kwargs: dict, result: Any) -> None:
        source = args[0] if args else None
        if not (isinstance(source, torch.Tensor) and isinstance(result, torch.Tensor)):
            return
        if self.placed is None or not self.placed(source, result):
            return
        caller = self._user_caller()
        if caller is None:
            return
        frames = self.frames.user_frames(stack_frames(2), self.frame_limit)
        read = next((self.device_reads[id(value)][1] for value in (*args[1:], *kwargs.values())
                     if isinstance(value, torch.device) and id(value) in self.device_reads), ())
        self.placements.append(Access(COMPUTE, "a tensor placed on the device of an offloaded weight", "to", frames,
                                      caller=caller, origin=read[0] if read else None, origin_frames=read,
                                      operands=f"{_device_of(source)} -> {_device_of(result)}: its data is gone"))

    def _name(self, tensor: torch.Tensor) -> str | None:
        """The offloaded tensor's name (a weight's, or the weight it was computed from), None when not offloaded."""
        name = self.offloaded(tensor)
        if name is None or id(tensor) not in self.derived:
            return name
        return self.derived[id(tensor)][1]

    def _derive(self, named: list[tuple[torch.Tensor, str | None]], result: Any) -> None:
        # A weight's dotted name has no spaces; a description ("a tensor on meta") does.
        source = next((weight_root(name) for _, name in named if name is not None and _names_a_weight(name)), None)
        if source is None:
            return
        for tensor in iter_tensors(result, max_depth=2):
            name = self.offloaded(tensor)
            if name is None and self.derived_namer is not None:
                name = self.derived_namer(tensor)
            if name is not None and " " in name:  # offloaded-looking, and no weight of its own
                self.derived[id(tensor)] = (tensor, DERIVED_PREFIX + source)

    def _failed_move(self, args: tuple) -> None:
        """A ``.to()`` of an offloaded weight that raised inside a hook: the weight was handed to another module as
        an input (``self.norm(self.rel_embeddings.weight)``), and that module's hook could not move it (meta has no
        data). Only the user's frames below the hook say where; the access names the weight."""
        tensor = args[0] if args and isinstance(args[0], torch.Tensor) else None
        weight = self._name(tensor) if tensor is not None else None
        if weight is None or not _names_a_weight(weight) \
                or self._user_caller() is not None:
            return  # not a weight's (a placed tensor is a placement), or a move the user's code made itself
        frames = self.frames.user_frames(stack_frames(2), self.frame_limit)
        if not frames:
            return
        self.accesses.append(Access(COMPUTE, weight, "to", frames, caller=frames[0],
                                    operands=f"{_device_of(tensor)} ({weight}: {self.meaning}), handed to a module "
                                             f"whose hook could not move it"))

    def _creation(self, name: str, device: torch.device, result: Any) -> None:
        """``torch.zeros(..., device=self.embed.weight.device)``: a tensor made on a device read off an offloaded
        weight (meta under accelerate-sequential: it has no data), recorded as a placement with where the device
        was read, as a ``.to()`` onto it is."""
        if id(device) not in self.device_reads or not isinstance(result, torch.Tensor):
            return
        caller = self._user_caller()
        if caller is None:
            return
        frames = self.frames.user_frames(stack_frames(2), self.frame_limit)
        read = self.device_reads[id(device)][1]
        self.placements.append(Access(COMPUTE, "a tensor created on the device of an offloaded weight", name, frames,
                                      caller=caller, origin=read[0], origin_frames=read,
                                      operands=f"{name}(..., device={device}): it holds no data"))

    def _check(self, name: str, named: list[tuple[torch.Tensor, str | None]]) -> None:
        offloaded = [(t, n) for t, n in named if n is not None]
        if not offloaded:
            return
        partners = [t for t, n in named if n is None and t.dim() > 0 and (self.partner is None or self.partner(t))]
        if self.needs_partner and not partners:
            return
        caller = self._user_caller()
        if caller is None:
            return
        tensor, weight = offloaded[0]
        partner = f" with {_device_of(partners[0])} (computed)" if partners else ""
        frames = self.frames.user_frames(stack_frames(2), self.frame_limit)
        also = tuple(dict.fromkeys(other for _, other in offloaded[1:] if other != weight and _names_a_weight(other)))
        self.accesses.append(Access(COMPUTE, weight, name, frames, caller=caller, also=also,
                                    operands=f"{_device_of(tensor)} ({weight}: {self.meaning}){partner}"))

    def _user_caller(self) -> Frame | None:
        """The innermost frame outside torch and this package, when it is the user's (not the library's)."""
        for path, line, function in stack_frames(3):
            if self.frames.library(path):  # before torch's own files: FSDP2 and DTensor live there
                return None
            if self.frames.torch_or_here(path) or path.endswith(self.op_files or ("\0",)):
                continue
            if self.frames.machinery(path):
                return None
            return Frame(path, line, function)
        return None



def _names_a_weight(name: str) -> bool:
    """A weight's dotted name (no spaces) or a value derived from one; not a description ("a tensor on meta")."""
    return " " not in name or name.startswith(DERIVED_PREFIX)


def _device_of(tensor: torch.Tensor) -> str:
    try:
        return str(tensor.device)
    except Exception:  # a tensor subclass without a device
        return type(tensor).__name__


def tensor_names(module: torch.nn.Module) -> dict[int, str]:
    """id -> qualified name of every parameter and buffer, as they are now (hooks may replace the objects)."""
    names = {id(t): n for n, t in module.named_parameters(remove_duplicate=False)}
    names.update({id(t): n for n, t in module.named_buffers(remove_duplicate=False)})
    return names


# ---------------------------------------------------------------- trigger


@dataclass
class PreparedCall:
    """One step of the scenario with the inputs the un-offloaded model accepted."""

    method: str
    description: str
    args: tuple = ()
    kwargs: dict = field(default_factory=dict)
    call: Callable[..., Any] | None = None  # a user call: call(module) or call(module, device)
    # Flags set on the module before the call, as a user switches them (``enable_tiling()`` sets ``use_tiling``):
    # the entry that reaches the judged helper calls it only when they hold.
    flags: tuple[tuple[str, bool], ...] = ()


@dataclass
class Plan:
    """The calls to make, the reference's results, and the warm-up forward run before them."""

    calls: list[PreparedCall]
    reference: Any  # what the last call returned without offloading
    warm_up: PreparedCall | None = None
    notes: list[str] = field(default_factory=list)
    # The method changed the model's modules: the warm-up forward is run again after it, and what it returned on
    # the un-offloaded model after the same change (``follow_up_reference``).
    follow_up: str | None = None
    follow_up_reference: Any = None
    # The method changed the model's modules and no forward could show what they hold (the model's own forward
    # fails without offloading): names them. A result that matches then refutes nothing.
    unseen_change: str | None = None
    # What the modules the method made or the tensors it wrote hold after it on the un-offloaded model: qualified
    # name -> a copy of each parameter and buffer. The same ones after the run under the strategy are compared with
    # it (with no forward to run, or a forward that matched: it may not use them).
    changed_state: dict[str, torch.Tensor] = field(default_factory=dict)


def clone_value(value: Any, device: torch.device | None = None, *, devices: bool = False) -> Any:
    """The same structure with every tensor cloned (and moved to ``device``). ``devices``: ``torch.device`` values
    become ``device`` too (a captured call's arguments handed again in a run whose execution device is another)."""
    if isinstance(value, torch.Tensor):
        cloned = value.detach().clone()
        return cloned.to(device) if device is not None else cloned
    if devices and device is not None and isinstance(value, torch.device):
        return device
    if isinstance(value, tuple):
        items = [clone_value(v, device, devices=devices) for v in value]
        return type(value)(*items) if hasattr(value, "_fields") else tuple(items)  # a namedtuple keeps its class
    if isinstance(value, list):
        return [clone_value(v, device, devices=devices) for v in value]
    if isinstance(value, dict):
        return {k: clone_value(v, device, devices=devices) for k, v in value.items()}
    return value


def call_step(module: torch.nn.Module, call: PreparedCall, device: torch.device,
              forward: Callable[..., Any] | None = None) -> Any:
    """Make one call; inputs are cloned onto ``device``. ``forward``: what calling the model means (a
    DeepSpeed engine wraps it)."""
    for name, value in call.flags:
        setattr(module, name, value)
    if call.call is not None:
        wants_device = len(inspect.signature(call.call).parameters) >= 2
        return call.call(module, device) if wants_device else call.call(module)
    args, kwargs = clone_value(call.args, device), clone_value(call.kwargs, device)
    if call.method == "forward":
        return (forward or module)(*args, **kwargs)
    # Seeded: a method that initialises new modules (a classifier head) builds the same weights on the reference
    # and on the offloaded model, so the forward that follows can be compared.
    torch.manual_seed(METHOD_SEED)
    return getattr(module, call.method)(*args, **kwargs)


METHOD_SEED = 20261203


def _prepare_step(reference: torch.nn.Module, step: Step, notes: list[str]) -> tuple[PreparedCall, Any]:
    """Inputs for one step: the first synthesised candidate the un-offloaded model runs with."""
    if step.call is not None:
        call = PreparedCall(step.method, "user call", call=step.call)
        try:
            return call, call_step(reference, call, torch.device("cpu"))
        except Exception as error:  # the given call fails on the plain model: no verdict, and no tool error
            raise NotTriggerable(f"the method fails without offloading too: {step.method}[the given call]: "
                                 f"{type(error).__name__}: {_short(error)}") from error
    entry = reaching_entry(type(reference), step.method)
    method = entry or step.method
    device = torch.device("cpu")
    prompt = generation_candidate(reference, method, device)
    try:
        # the optional arguments the finding's line needs (``if device is None:``) are the step's own, not an entry's
        queue = list(synthesise(reference, method, device, given=dict(step.arguments) if not entry else None))
    except NotTriggerable:
        if prompt is None:
            raise
        queue = []
    queue = ([prompt] if prompt is not None else []) + queue
    tried: set[str] = set()
    errors: list[str] = []
    flags = entry_flags(reference, entry, step.method) if entry else ()
    while queue and len(tried) < MAX_TRIES:
        candidate = queue.pop(0)
        if candidate.description in tried:
            continue
        tried.add(candidate.description)
        try:
            # Making the arguments may run the method that produces one (``forward_features`` for
            # ``forward_head``): its failure is this candidate's, retried with the value synthesised instead.
            args, kwargs = candidate.make()
            call = PreparedCall(method, candidate.description, args, kwargs, flags=flags)
            value = call_step(reference, call, device)
        except Exception as error:
            errors.append(f"{method}[{candidate.description}]: {type(error).__name__}: {_short(error)}")
            queue[:0] = retry_candidates(reference, method, device, error, candidate)
            continue
        if entry:
            switched = "".join(f", with {name}={value}" for name, value in flags)
            notes.append(f"{step.method} runs through {entry}{switched}")
        if candidate.note:
            notes.append(candidate.note)
        return call, value
    raise NotTriggerable("the method fails without offloading too: " + "; ".join(errors[-2:]))


def make_plan(reference: torch.nn.Module, scenario: list[Step], options: StrategyOptions) -> Plan:
    """Run the scenario on the un-offloaded model: the inputs it accepts, and what it returns."""
    notes: list[str] = []
    warm_up = None
    # A private helper reached only through forward is called as forward: a warm-up would be the same call, and one
    # that fails at an earlier hazard of that forward would leave the helper's own line without a verdict.
    if options.warm_up and any(step.method != "forward" and reaching_entry(type(reference), step.method) != "forward"
                               for step in scenario):
        try:
            warm_up, _ = _prepare_step(reference, Step("forward"), notes)
        except NotTriggerable as error:
            notes.append(f"no warm-up forward ({_short(error)})")
    calls, value = [], None
    before = _module_ids(reference)
    # A method that overwrites weights (``reset_parameters``, ``nn.init.*``, ``.copy_``) shows what it did only in
    # what the model holds afterwards: the values are compared, unless the scenario is the forward itself.
    values = _values_of(reference) if any(step.method != "forward" for step in scenario) else {}
    for step in scenario:
        call, value = _prepare_step(reference, step, notes)
        calls.append(call)
    plan = Plan(calls, value, warm_up, notes)
    changed = _module_ids(reference) - before
    if changed:
        names, state = _changed_names(reference, changed), _state_of(reference, changed)
    else:
        rewritten = _rewritten(reference, values)
        if not rewritten:
            return plan
        names = ", ".join(rewritten[:3]) + (f" (+{len(rewritten) - 3})" if len(rewritten) > 3 else "")
        state = {name: tensor.detach().clone() for name, tensor in _tensors_of(reference) if name in rewritten}
    plan.changed_state = state
    if warm_up is None:
        plan.unseen_change = names
        return plan
    # A method that builds modules (a new classifier head) or overwrites weights is judged by the forward that
    # uses them too (a write the strategy loses shows there); the un-offloaded model runs that forward after the same
    # change, or the follow-up is not made.
    try:
        plan.follow_up_reference = call_step(reference, warm_up, torch.device("cpu"))
        plan.follow_up = names
    except Exception as error:
        notes.append(f"no follow-up forward: it fails without offloading after the change ({_short(error)})")
        plan.unseen_change = names
    return plan


def _tensors_of(module: torch.nn.Module) -> list[tuple[str, torch.Tensor]]:
    return [*module.named_parameters(), *module.named_buffers()]


def _values_of(module: torch.nn.Module) -> dict[str, torch.Tensor]:
    """A copy of every parameter and buffer, by qualified name."""
    return {name: tensor.detach().clone() for name, tensor in _tensors_of(module)}


def _rewritten(module: torch.nn.Module, before: dict[str, torch.Tensor]) -> list[str]:
    """The parameters and buffers whose values (or shapes, or dtypes) differ from ``before``."""
    found = []
    for name, tensor in _tensors_of(module):
        old = before.get(name)
        if old is None:
            continue
        if old.shape != tensor.shape or old.dtype != tensor.dtype or not torch.equal(old, tensor.detach()):
            found.append(name)
    return found


def _state_of(module: torch.nn.Module, changed: set[int]) -> dict[str, torch.Tensor]:
    """A copy of every parameter and buffer of the changed modules (the outermost ones), by qualified name."""
    names = [name for name, sub in module.named_modules() if id(sub) in changed and name]
    outermost = [name for name in names if not any(name.startswith(f"{other}.") for other in names)]
    state: dict[str, torch.Tensor] = {}
    for name in outermost:
        sub = module.get_submodule(name)
        for key, tensor in [*sub.named_parameters(), *sub.named_buffers()]:
            state[f"{name}.{key}"] = tensor.detach().clone()
    return state


def rebuilt_difference(module: torch.nn.Module, reference: dict[str, torch.Tensor]) -> tuple[str | None, int]:
    """(how the first rebuilt tensor differs from the un-offloaded run's, how many were compared) for the modules a
    method rebuilt, read on the model after the run under the strategy. A sharded tensor (a DTensor: what the next
    forward gathers) or one the model no longer has is not compared."""
    compared = 0
    for name, expected in reference.items():
        try:
            value = module.get_parameter(name)
        except AttributeError:
            try:
                value = module.get_buffer(name)
            except AttributeError:
                continue
        if type(value).__name__ == "DTensor" or type(getattr(value, "data", None)).__name__ == "DTensor":
            continue
        compared += 1
        difference = compare(expected, value.detach(), name)
        if difference:
            return difference, compared
    return None, compared


def _module_ids(module: torch.nn.Module) -> set[int]:
    return {id(sub) for sub in module.modules()}


def _changed_names(module: torch.nn.Module, changed: set[int]) -> str:
    names = [name or "(root)" for name, sub in module.named_modules() if id(sub) in changed]
    shown = [name for name in names if not any(name.startswith(f"{other}.") for other in names)]
    return ", ".join(shown[:3]) + (f" (+{len(shown) - 3})" if len(shown) > 3 else "")


# ---------------------------------------------------------------- apply


@dataclass
class Applied:
    """A model under a strategy: where inputs go, how the model is called, what the strategy does between
    the warm-up and the call, and how its results are compared with the reference."""

    module: torch.nn.Module
    device: torch.device
    backend: str
    watch: MixWatch | None = None
    forward: Callable[..., Any] | None = None
    after_warm_up: Callable[[], None] | None = None
    # A returned value -> (comparable with the reference, a description when it is still offloaded/sharded).
    to_reference: Callable[[Any], tuple[Any, str | None]] | None = None
    # Puts every weight where the strategy's hook would (a control run: an error that happens with the model
    # onloaded too is the backend's or the model's, not the offloading's).
    onload: Callable[[], None] | None = None
    # The hook puts the model back where it was before any forward (model CPU offload: the whole model to the CPU,
    # ``after_warm_up``): a warm-up forward that fails (a limit of the backend, a bug of the model's own forward)
    # leaves the method's ground as it was, so the method runs without it.
    warm_up_undone: bool = False
    # Puts one submodule's weights where a fix of an access to them would (a run past an earlier offending access of
    # the same call, ``JudgedSite``); ``repaired`` names those onloaded before the calls.
    onload_part: Callable[[str], None] | None = None
    repaired: tuple[str, ...] = ()
    # The strategy fixes a part when it is applied (``StrategyOptions.repaired_units``: FSDP2 makes it a unit of its
    # own), not by ``onload_part`` afterwards.
    repairs_at_apply: bool = False
    # ``onload_part`` takes a parameter's or buffer's path too (a root parameter read on an earlier line: the model
    # itself cannot be onloaded without the judged attribute, its own tensor can).
    onloads_tensors: bool = False


# ---------------------------------------------------------------- judge


def compare(reference: Any, value: Any, path: str = "result") -> str | None:
    """None when equal (tensors: allclose), else where and how they differ."""
    if isinstance(reference, torch.Tensor) or isinstance(value, torch.Tensor):
        if not (isinstance(reference, torch.Tensor) and isinstance(value, torch.Tensor)):
            return f"{path} is {type(value).__name__}, without offloading {type(reference).__name__}"
        if value.is_meta:
            return f"{path} is a meta tensor (no data)"
        if tuple(value.shape) != tuple(reference.shape):
            return f"{path} has shape {list(value.shape)}, without offloading {list(reference.shape)}"
        value = value.detach().to("cpu", reference.dtype)
        if not torch.allclose(value, reference.detach(), rtol=1e-4, atol=1e-5, equal_nan=True):
            difference = (value.float() - reference.detach().float()).abs().max().item()
            return f"{path} differs from the un-offloaded result (max abs difference {difference:.3g})"
        return None
    if isinstance(reference, (list, tuple)) and isinstance(value, (list, tuple)):
        if len(reference) != len(value):
            return f"{path} has {len(value)} items, without offloading {len(reference)}"
        for index, (a, b) in enumerate(zip(reference, value)):
            found = compare(a, b, f"{path}[{index}]")
            if found:
                return found
        return None
    if isinstance(reference, dict) and isinstance(value, dict):
        for key in reference:
            found = compare(reference[key], value.get(key), f"{path}[{key!r}]")
            if found:
                return found
        return None
    if hasattr(reference, "to_tuple") and hasattr(value, "to_tuple"):  # a transformers/diffusers output object
        return compare(tuple(reference.to_tuple()), tuple(value.to_tuple()), path)
    if type(reference) is type(value) and type(reference).__eq__ is object.__eq__ and hasattr(reference, "__dict__"):
        # An object without its own equality (diffusers' DiagonalGaussianDistribution): compare what it holds.
        return compare(vars(reference), vars(value), path)
    try:
        equal = bool(reference == value)
    except Exception:
        equal = reference is value
    return None if equal else f"{path} is {value!r}, without offloading {reference!r}"


def error_access(error: BaseException, frames: FrameFilter, strategy: str, limit: int = 12) -> Access:
    """The raised error as an access at the user's line that made it."""
    found = frames.user_frames(traceback_frames(error), limit)
    return Access(COMPUTE, "a tensor its hook did not load", f"raised {type(error).__name__}", found, level=strategy,
                  caller=found[0] if found else None, operands=_short(error))


def known_error(spec: StrategySpec, error: BaseException) -> bool:
    text = str(error)
    return any(pattern in text for pattern in spec.errors)


@dataclass
class Outcome:
    """What the offloaded run did, before judging."""

    ran: list[str] = field(default_factory=list)
    value: Any = None
    error: BaseException | None = None
    step: str = ""
    warm_up_failed: bool = False
    # Why the calls ran without a warm-up: it failed, and the strategy undoes one anyway (``Applied.warm_up_undone``).
    warm_up_skipped: str = ""
    control_error: BaseException | None = None  # the same calls with the model onloaded (Applied.onload)
    lines_run: dict[str, frozenset[int]] | None = None  # lines of the target's source files the calls executed
    follow_up_value: Any = None
    follow_up_ran: bool = False


def source_files(target: Any) -> list[str]:
    """The files defining the target class and its bases outside torch: where a finding's line can be."""
    try:
        cls = resolve(target)
    except Exception:  # unresolvable: nothing to watch, coverage unknown
        return []
    files = []
    for klass in getattr(cls, "__mro__", ()):
        if klass.__module__.split(".")[0] in ("torch", "builtins"):
            continue
        try:
            files.append(os.path.realpath(inspect.getsourcefile(klass) or ""))
        except (TypeError, OSError):
            continue
    return [f for f in dict.fromkeys(files) if f]


def run_applied(applied: Applied, plan: Plan, files: Sequence[str] = ()) -> Outcome:
    """Warm up, then make the scenario's calls under the watch, recording which lines of ``files`` they execute
    (a run that completes without reaching the finding's line refutes nothing: ``findings.strategy_verdict``)."""
    recorder = LineRecorder(files)
    outcome = Outcome()
    try:
        _run_calls(applied, plan, outcome, recorder)
    finally:
        outcome.lines_run = recorder.result() if files else None
    return outcome


def _run_calls(applied: Applied, plan: Plan, outcome: Outcome, recorder: LineRecorder) -> None:
    if plan.warm_up is not None:
        try:
            call_step(applied.module, plan.warm_up, applied.device, applied.forward)
            outcome.ran.append("forward (warm-up)")
        except Exception as error:  # the model's own forward fails: the method's check has no ground to stand on
            if not applied.warm_up_undone:
                outcome.error, outcome.step, outcome.warm_up_failed = error, "forward (warm-up)", True
                return
            outcome.warm_up_skipped = (f"no warm-up forward (it failed: {type(error).__name__}: {_short(error)}; the "
                                       f"hook puts the model back as before any forward, so the method's ground is "
                                       f"the same)")
        if applied.after_warm_up is not None:
            applied.after_warm_up()
    for path in applied.repaired if applied.onload_part is not None else ():
        applied.onload_part(path)  # after the warm-up: model CPU offload's hook offloads everything again there
    for call in plan.calls:
        outcome.step = call.method
        try:
            with recorder:
                if applied.watch is not None:
                    with applied.watch:
                        outcome.value = call_step(applied.module, call, applied.device, applied.forward)
                else:
                    outcome.value = call_step(applied.module, call, applied.device, applied.forward)
        except Exception as error:
            outcome.error = error
            return
        outcome.ran.append(f"{call.method}({call.description})")
    if plan.follow_up is None or plan.warm_up is None or outcome.warm_up_skipped:
        return
    outcome.step = "then forward()"
    try:
        with recorder:
            if applied.watch is not None:
                with applied.watch:
                    outcome.follow_up_value = call_step(applied.module, plan.warm_up, applied.device, applied.forward)
            else:
                outcome.follow_up_value = call_step(applied.module, plan.warm_up, applied.device, applied.forward)
    except Exception as error:
        outcome.error = error
        return
    outcome.follow_up_ran = True
    outcome.ran.append("then forward()")


def run_control(applied: Applied, plan: Plan, outcome: Outcome) -> None:
    """After an error no watched access explains: the same calls with the model onloaded."""
    if outcome.error is None or applied.onload is None or (applied.watch is not None and applied.watch.accesses):
        return
    try:
        applied.onload()
        for call in plan.calls:
            call_step(applied.module, call, applied.device, applied.forward)
        if outcome.step == "then forward()" and plan.warm_up is not None:
            call_step(applied.module, plan.warm_up, applied.device, applied.forward)
    except Exception as error:
        outcome.control_error = error


def judge(spec: StrategySpec, applied: Applied, plan: Plan, outcome: Outcome, started: float,
          built_with: str | None) -> LevelResult:
    frames = applied.watch.frames if applied.watch is not None else FrameFilter()
    watched = list(applied.watch.accesses) if applied.watch is not None else []
    # Placements are evidence once something failed on them: they join a confirmed result's accesses only.
    placed = list(applied.watch.placements) if applied.watch is not None else []
    for access in watched + placed:
        object.__setattr__(access, "level", spec.name)
    notes = "; ".join(plan.notes + ([outcome.warm_up_skipped] if outcome.warm_up_skipped else []))
    seconds = time.perf_counter() - started

    def result(verdict: str, evidence: str, accesses: list[Access], completed: bool,
               error: str | None = None) -> LevelResult:
        text = f"{evidence} ({notes})" if notes else evidence
        if built_with:
            text += f" [built with {built_with}]"
        return LevelResult(spec.name, applied.backend, verdict, text, completed, accesses,
                           [error] if error else [], seconds, error=error, built_with=built_with,
                           lines_run=outcome.lines_run,
                           follow_up=plan.follow_up if outcome.step == "then forward()" else None,
                           attributes=frozenset(dir(applied.module)))

    if outcome.error is not None:
        error = outcome.error
        message = f"{outcome.step}: {type(error).__name__}: {_short(error)}"
        raised = error_access(error, frames, spec.name)
        where = f" at {raised.caller}" if raised.caller else ""
        if outcome.warm_up_failed and not watched:
            return result(UNTRIGGERED, f"the model's own forward fails under {spec.name}{where} ({type(error).__name__}: "
                          f"{_short(error)}); the method runs after it, so it was not judged", [], False, message)
        if outcome.control_error is not None:
            control = outcome.control_error
            return result(UNTRIGGERED, f"the call fails with the model onloaded too ({type(control).__name__}: "
                          f"{_short(control)}): a limit of the backend or of the model, not the offloading", [],
                          False, message)
        if watched:
            return result(CONFIRMED, f"{watched[0].describe()}; then {message}", watched + [raised] + placed, False,
                          message)
        if known_error(spec, error):
            return result(CONFIRMED, f"{spec.library} raised {type(error).__name__}: {_short(error)}{where}"
                          f"{_placed_note(placed)}", [raised] + placed, False, message)
        return result(UNTRIGGERED, f"the call raised {type(error).__name__}{where} under {spec.name} but not without "
                      f"it; not an error this strategy's hooks are known to raise: {_short(error)}", [], False, message)
    ran = ", ".join(outcome.ran)
    if watched:
        return result(CONFIRMED, f"{watched[0].describe()} (ran {ran})", watched + placed, True)
    value, still_offloaded = (applied.to_reference or (lambda v: (v, None)))(outcome.value)
    if still_offloaded:
        returned = Access(RETURNED, still_offloaded, "return", (), level=spec.name, step=plan.calls[-1].method)
        return result(UNTRIGGERED, f"ran {ran}; it returned {still_offloaded} to its caller; whether the caller "
                      "mixes it with computed tensors is judged by running the caller", [returned], True)
    difference = compare(plan.reference, value)
    if not difference and outcome.follow_up_ran:
        follow_up, _ = (applied.to_reference or (lambda v: (v, None)))(outcome.follow_up_value)
        found = compare(plan.follow_up_reference, follow_up, "then forward()")
        if not found:
            # The forward may not use what the method made (``fuse_projections``' fused layers serve only a fused
            # processor): what those modules hold is read from them too.
            found, _ = rebuilt_difference(applied.module, plan.changed_state)
        difference = f"after the change to {plan.follow_up}, {found}" if found else None
    if difference:
        access = Access(COMPUTE, "", "result", (), level=spec.name, operands=difference)
        return result(CONFIRMED, f"ran {ran}; {difference}: a silently wrong result{_placed_note(placed)}",
                      [access] + placed, True)
    if plan.unseen_change:
        # `fuse_projections` builds `to_qkv` from the weights it reads; with no forward to run, a matching return
        # value says nothing of what the new modules hold: what they hold is read from them. Holding what the
        # un-offloaded run's hold refutes nothing (where the strategy places them shows only in a forward).
        held, compared = rebuilt_difference(applied.module, plan.changed_state)
        if held:
            access = Access(COMPUTE, "", "rebuilt", (), level=spec.name, operands=held)
            return result(CONFIRMED, f"ran {ran} under {spec.library}; it rebuilt {plan.unseen_change}, and {held}: "
                          "the model's next forward computes with it", [access] + placed, True)
        if compared:
            return result(UNTRIGGERED, f"ran {ran} under {spec.library}; it rebuilt {plan.unseen_change}, which hold "
                          "what they hold without offloading; where the strategy then places them shows only in a "
                          "forward, and no forward of the model runs without offloading: not judged", [], False)
        return result(UNTRIGGERED, f"ran {ran} under {spec.library}; it rebuilt {plan.unseen_change}, and no forward "
                      "of the model runs without offloading to show what they hold: not judged", [], False)
    return result(REFUTED, f"ran {ran} under {spec.library}; the result matches the un-offloaded run", [], True)


def _placed_note(placed: list[Access]) -> str:
    return f" (after {placed[0].describe()})" if placed else ""


def untriggered(strategy: str, backend: str, reason: str, started: float) -> LevelResult:
    return LevelResult(strategy, backend, UNTRIGGERED, reason, False, [], [reason], time.perf_counter() - started,
                       error=reason)


# Strategies compute for real, with a reference copy next to the offloaded model (and two ranks for the sharding
# ones): default configs above this many elements are built shrunk instead.
MAX_ELEMENTS = 15_000_000


def build_pair(target: Any, factory: Callable[[], torch.nn.Module] | None, overrides: dict[str, Any] | None,
               seed: int) -> tuple[torch.nn.Module, torch.nn.Module, str | None]:
    """(the module to offload, an un-offloaded deep copy, how it was built). Seeded: every rank builds the
    same weights. Without a factory the default build is sized on the meta device first (no memory)."""
    shrink = False
    if factory is None:
        try:
            with torch.device("meta"):
                probe, _ = build_module_noted(target, None, overrides=overrides or None)
            shrink = element_count(probe) > MAX_ELEMENTS
            del probe
        except Exception:  # some constructors compute on their weights: size unknown, build shrunk to be safe
            shrink = True
    torch.manual_seed(seed)
    try:
        module, built_with = build_module_noted(target, factory, shrink=shrink, overrides=overrides or None)
    except BuildError:
        if not shrink:
            raise
        module, built_with = build_module_noted(target, factory, overrides=overrides or None)
    return module, copy.deepcopy(module), built_with


def run_in_process(spec_name: str, target: Any, scenario: list[Step], options: StrategyOptions,
                   factory: Callable[[], torch.nn.Module] | None, overrides: dict[str, Any] | None,
                   apply: Callable[[torch.nn.Module, StrategyOptions], Applied], backend: str) -> LevelResult:
    """build -> trigger (on the reference) -> apply -> observe -> judge, in this process."""
    spec = STRATEGIES[spec_name]
    started = time.perf_counter()
    try:
        module, reference, built_with = build_pair(target, factory, overrides, options.seed)
    except BuildError as error:
        return untriggered(spec_name, backend, str(error), started)
    except Exception as error:  # the target itself cannot be imported
        return untriggered(spec_name, backend, f"could not import {target}: {type(error).__name__}: {error}", started)
    torch.manual_seed(options.seed)
    with torch.no_grad():
        try:
            plan = make_plan(reference, scenario, options)
        except NotTriggerable as error:
            return untriggered(spec_name, backend, str(error), started)
        pristine = copy.deepcopy(module) if options.judged is not None else None
        try:
            applied = apply(module, options)
        except Exception as error:
            return untriggered(spec_name, backend, f"could not apply {spec.library}: {type(error).__name__}: "
                               f"{_short(error)}", started)
        files = source_files(target)
        outcome = run_applied(applied, plan, files)
        repaired: list[str] = []
        while pristine is not None and options.judged is not None and len(repaired) < MAX_REPAIRS:
            more = repairs_needed(applied, outcome, options.judged, repaired)
            if not more:
                break
            repaired += more[:MAX_REPAIRS - len(repaired)]
            applied = apply(copy.deepcopy(pristine), replace(options, repaired_units=tuple(repaired)))
            applied.repaired = tuple(repaired)
            outcome = run_applied(applied, plan, files)
        if repaired:
            how = ("made a unit of its own" if len(repaired) == 1 else "made units of their own") \
                if applied.repairs_at_apply else "onloaded"
            plan.notes.append(f"re-run with {', '.join(repaired)} {how}, as fixing the earlier offending "
                              f"accesses of the call would: {options.judged.attribute} stayed offloaded")
        run_control(applied, plan, outcome)
    return judge(spec, applied, plan, outcome, started, built_with)


# ---------------------------------------------------------------- past an earlier access

MAX_REPAIRS = 8  # submodules onloaded to get past earlier offending accesses of one call


def repair_path(weight: str, judged: str) -> str | None:
    """The submodule to onload so that an access of ``weight`` no longer stops the call while ``judged`` (the
    finding's attribute, dotted from the model) stays offloaded: the shallowest module on the weight's path that
    is neither ``judged``, nor inside it, nor one of its ancestors. None for the model's own tensors and for the
    judged attribute's own weights."""
    parts = weight.split(".")[:-1]
    kept = judged.split(".")
    if not parts or parts[:len(kept)] == kept:
        return None
    for depth in range(1, len(parts) + 1):
        if parts[:depth] != kept[:depth]:
            return ".".join(parts[:depth])
    return None  # an ancestor of the judged attribute: onloading it would onload that too


def _reached(access: Access, judged: "JudgedSite") -> bool:
    """Whether the access is the judged finding's own: at its line, or of its attribute's weights."""
    return access.at(judged.path, range(judged.line, judged.line + 1)) or access.of_attribute(judged.attribute)


def _names_a_part(module: torch.nn.Module, attribute: str) -> bool:
    """Whether the finding's attribute is a submodule, parameter or buffer of the model: only then is it known what
    to keep offloaded (``device``, a method's name or a first parameter's stand-in say nothing about it)."""
    for get in (module.get_submodule, module.get_parameter, module.get_buffer):
        try:
            get(attribute)
            return True
        except AttributeError:
            continue
    return False


def repairs_needed(applied: Applied, outcome: Outcome, judged: "JudgedSite", done: Sequence[str]) -> list[str]:
    """The submodules to onload before running the calls again: those of the offending accesses other than the
    judged finding's (they stopped the run before its line, or sent it stale values). None when the finding's own
    access was seen, or no onloading outside the judged attribute removes the others."""
    if outcome.warm_up_failed or (applied.onload_part is None and not applied.repairs_at_apply):
        return []
    accesses = list(applied.watch.accesses) if applied.watch is not None else []
    if outcome.error is not None:  # an error that names no weight (FSDP2's): where it was raised
        accesses.append(error_access(outcome.error, FrameFilter(), ""))
    if not accesses or not _names_a_part(applied.module, judged.attribute) \
            or any(_reached(access, judged) for access in accesses):
        return []
    paths: list[str] = []
    for access in accesses:
        # the accessed weight, or the attribute a sibling finding names at a line of the access (as if a weight of
        # it was read: its module is then its own path)
        weights = [weight_root(access.weight)] + [f"{attribute}.weight" for line, attribute in judged.siblings
                                                  if access.at(judged.path, range(line, line + 1))]
        for weight in weights:
            path = _repair_for(applied, weight, judged.attribute)
            if path is not None and path not in done and path not in paths:
                paths.append(path)
    return paths


def _repair_for(applied: Applied, weight: str, judged: str) -> str | None:
    """What to onload so that an access of ``weight`` no longer stops the call (``repair_path``); a tensor of the
    model itself where the strategy can onload one (``Applied.onloads_tensors``); None when nothing can."""
    if applied.onloads_tensors:
        for name in (weight, weight.removesuffix(".weight")):
            if _own_tensor(applied.module, name, judged):
                return name
    path = repair_path(weight, judged)
    if path is None or not _is_submodule(applied.module, path):
        return None  # not a module of the model (a name the watch made up for an unnamed tensor)
    return path


def _is_submodule(module: torch.nn.Module, path: str) -> bool:
    try:
        module.get_submodule(path)
        return True
    except AttributeError:
        return False


def _own_tensor(module: torch.nn.Module, name: str, judged: str) -> bool:
    """Whether ``name`` is a parameter or buffer of the model itself (no dot) other than the judged attribute."""
    if "." in name or name == judged:
        return False
    return name in dict(module.named_parameters(recurse=False)) or name in dict(module.named_buffers(recurse=False))


def tensor_or_module(module: torch.nn.Module, path: str) -> torch.Tensor | torch.nn.Module:
    """What a repair path names: a submodule, or (``Applied.onloads_tensors``) a parameter or buffer."""
    try:
        return module.get_submodule(path)
    except AttributeError:
        pass
    try:
        return module.get_parameter(path)
    except AttributeError:
        return module.get_buffer(path)


def _short(error: BaseException, limit: int = 200) -> str:
    text = str(error).strip()
    return without_long_groups(text.splitlines()[0] if text else "")[:limit]


LONGEST_GROUP = 40  # characters of one bracketed group kept in a message


def without_long_groups(text: str, longest: int = LONGEST_GROUP) -> str:
    """The text with each outermost bracketed group longer than ``longest`` characters cut to ``(…)``: a whole
    config's repr inside a message (``The config of `pipeline.unet`: FrozenDict([...]) expects 4 but received ...
    = 9``) leaves no room for what the message says after it. Unbalanced brackets leave the text as it is."""
    closing = {"(": ")", "[": "]", "{": "}"}
    kept: list[str] = []
    expected: list[str] = []
    start = 0
    for index, char in enumerate(text):
        if char in closing:
            if not expected:
                start = index
            expected.append(closing[char])
        elif expected and char == expected[-1]:
            expected.pop()
            if not expected:
                group = text[start:index + 1]
                kept.append(group if len(group) <= longest else f"{group[0]}…{char}")
            continue
        elif char in ")]}" and not expected:
            return text
        if not expected and char not in closing:
            kept.append(char)
    return text if expected else "".join(kept)


@contextlib.contextmanager
def torch_patches_undone() -> Iterator[None]:
    """What a strategy's library patches in torch for the rest of the process (``StrategySpec.patches_torch``:
    DeepSpeed's ZeRO-3 replaces ``torch.nn.functional.linear``) put back when the block ends, so that an in-process
    check leaves the next check's torch as it found it."""
    linear = torch.nn.functional.linear
    try:
        yield
    finally:
        torch.nn.functional.linear = linear
