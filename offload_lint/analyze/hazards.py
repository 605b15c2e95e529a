"""Whether touching an offloaded weight is a bug at a level, judged where its value goes.

An access the semantics call offloaded is a hazard at a level only if one of its sinks
(:mod:`analyze.flow`) brings the stale copy together with something on the compute device:

- an op with an input, a local tensor or a weight that *is* onloaded at that moment (two
  weights offloaded together sit on the same device), or a module's output;
- a call whose hook does not move its arguments at that level (``send_to_device`` in
  diffusers' ``GroupOffloadingHook.pre_forward`` moves the arguments of every hooked call), a
  method of a child (it bypasses the child's hook), a function attribute;
- returned to the caller or stored for later: out of this method's sight.
A same-class helper given the value is judged by what it does with that parameter.

This is the one place rules ask; they never inspect sinks themselves.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Callable

from ..index.project import ClassInfo
from ..index.summary import INDEX, MethodSummary
from .records import CALL, COMPUTE, COPY, HOST, INDEX_INTO_SINK, MOVE, RETURN, STORE, CallResults, Sink
from ..strategies import BY_KEY
from .semantics import MODULE, TENSOR, OffloadSemantics

if TYPE_CHECKING:
    from .records import CollectedMethod

_METADATA_STEPS = {("shape",), ("dtype",), ("ndim",), ("size",), ("device",), ("numel",)}
# How deep helper and child calls are followed (``decode`` -> ``_decode`` -> ``_merge``).
_HELPER_DEPTH = 6


@dataclass(frozen=True)
class Hazard:
    """The sink at which a stale value meets the compute device, and how to say it."""

    sink: Sink
    level: str
    via: str = ""  # a helper that got the value: ``self._merge()``

    @property
    def phrase(self) -> str:
        sink = self.sink
        where = f" (inside {self.via})" if self.via else ""
        if sink.kind == COMPUTE:
            return f"its value meets tensors on the compute device in {sink.text}{where}"
        if sink.kind == CALL:
            return f"it is passed to {sink.text}(), which has no hook to move it at {self.level} level{where}"
        if sink.kind in (MOVE, HOST):
            return f"{sink.text} cannot make a usable copy of {BY_KEY[self.level].stale_copy}{where}"
        if sink.kind == COPY:
            stale = BY_KEY[self.level].stale_copy
            return f"it is copied into {sink.text}, which gets {stale} instead of its values{where}"
        if sink.kind == RETURN:
            return f"it is returned to the caller{where}"
        if sink.kind == STORE:
            return f"it is stored for later use{where}"
        return f"its value is used{where}"


# Where a helper's return goes: the caller's scope, the number of the call there, and where the caller's own
# return goes (None: the method being judged, whose return is judged at its known callers or reported).
_ReturnsTo = "tuple[_Scope, int | None, _ReturnsTo] | None"


def _unless_built(module_offloaded: Callable[[tuple[str, ...], str], bool] | None,
                  method: MethodSummary) -> Callable[[tuple[str, ...], str], bool] | None:
    """``module_offloaded`` for another method of the class: no module ``method`` builds (assigns) is offloaded."""
    if module_offloaded is None:
        return None
    built = frozenset(record.name for record in method.assigns)
    return lambda path, level: not (path[:1] and path[0] in built) and module_offloaded(path, level)


@dataclass(frozen=True)
class _Scope:
    """The method whose sinks are being judged: where its call results go, and how its peers sit."""

    results: CallResults
    peer_offloaded: Callable[[int, str], bool | None] | None  # None inside a helper: its operands are inputs
    # A method only known code calls (forward(), a parent's forward()): what it returns is judged
    # where each caller sends the result. Each caller: its class, its method, the chain it calls.
    callers: tuple[tuple[ClassInfo, MethodSummary, tuple[str, ...]], ...] = ()
    # Parameters the caller fed Python numbers: an op with them mixes no devices.
    scalar_parameters: frozenset[str] = frozenset()
    # Whether the weights of the module ``self.<chain>`` are offloaded at a level where this method runs
    # (None inside a helper, whose context is not known).
    module_offloaded: Callable[[tuple[str, ...], str], bool] | None = None
    # What each call's arguments derive from (:attr:`CollectedMethod.argument_origins`).
    argument_origins: dict = field(default_factory=dict)
    # The class whose method this scope is (None: the class being judged); a plain object's method
    # handing a value back returns it into its caller's class.
    owner: ClassInfo | None = None
    # A property's readers in the index (:meth:`HazardJudge.property_readers`): what it returns is judged
    # where each ``self.<property>`` read sends it.
    readers: tuple[tuple[ClassInfo, MethodSummary, tuple[str, ...]], ...] = ()


class HazardJudge:
    """``helper_flow(cls, method)`` gives a same-class helper's flow (parsed on demand)."""

    def __init__(self, semantics: OffloadSemantics,
                 helper_flow: Callable[[ClassInfo, MethodSummary], "CollectedMethod"],
                 callers_of: Callable[[ClassInfo, MethodSummary], tuple[tuple[ClassInfo, MethodSummary,
                                                                              tuple[str, ...]], ...]] | None = None) -> None:
        """``callers_of(cls, method)``: the method's callers when they are all known (empty otherwise)."""
        self.semantics = semantics
        self.helper_flow = helper_flow
        self.callers_of = callers_of
        # ``caller_peers(cls, method)``: whether that method's access ``index`` is offloaded at a level (its
        # MethodFacts' judgement), to place what a known caller passes; None: callers' arguments are not read.
        self._origin: tuple[str, ...] | None = None  # the weight whose access is being judged (its self chain)
        self._method: MethodSummary | None = None  # the method being judged
        self.caller_peers: Callable[[ClassInfo, MethodSummary], Callable[[int, str], bool | None]] | None = None
        # ``runs_hooked(cls, method)``: whether the method runs inside ``cls``'s own forward (its hook has fired).
        self.runs_hooked: Callable[[ClassInfo, str], bool] | None = None
        self._subclass_index: tuple[object, dict[str, list[ClassInfo]]] | None = None
        self._readers: dict[tuple[int, str, str], tuple[tuple[ClassInfo, MethodSummary, tuple[str, ...]], ...]] = {}

    def hazard(self, cls: ClassInfo, sinks: tuple[Sink, ...], level: str, results: CallResults,
               peer_offloaded: Callable[[int, str], bool | None],
               callers: tuple[tuple[ClassInfo, MethodSummary, tuple[str, ...]], ...] = (),
               module_offloaded: Callable[[tuple[str, ...], str], bool] | None = None,
               method: MethodSummary | None = None, origin: tuple[str, ...] | None = None,
               argument_origins: dict | None = None) -> Hazard | None:
        """The first sink of ``sinks`` that is a hazard at ``level``, or None.

        ``results``: where the method sends each call's result; ``peer_offloaded(index, level)``:
        whether the method's access ``index`` is offloaded at ``level`` (None when it is no tensor:
        a config value, a plain attribute); ``module_offloaded(chain, level)``: whether the weights of
        the module ``self.<chain>`` are.
        """
        placed = self.placed_by_callers(method, callers, level) if method is not None else frozenset()
        readers = self.property_readers(cls, method) if method is not None and not callers else ()
        scope = _Scope(results, peer_offloaded, callers, scalar_parameters=placed, module_offloaded=module_offloaded,
                       argument_origins=argument_origins or {}, readers=readers)
        outer, self._origin = self._origin, origin
        outer_method, self._method = self._method, method
        try:
            return self._judge(cls, sinks, level, scope, None, 0, "")
        finally:
            self._origin, self._method = outer, outer_method

    def placed_by_callers(self, method: MethodSummary, callers: tuple[tuple[ClassInfo, MethodSummary,
                                                                           tuple[str, ...]], ...],
                           level: str) -> frozenset[str]:
        """The method's parameters that every known caller fills with a Python number or a value derived only
        from its own tensors offloaded at ``level``: no compute-device tensor comes in through them, so an op
        with them mixes nothing (the callers' arguments, not an imagined compute-device one)."""
        if not callers or self.caller_peers is None:
            return frozenset()
        placed = set()
        first = 0 if method.is_static else 1
        for position, name in enumerate(method.params[first:]):
            if all(self._caller_places(caller_class, caller, chain, position, name, level)
                   for caller_class, caller, chain in callers):
                placed.add(name)
        return frozenset(placed)

    def _caller_places(self, caller_class: ClassInfo, caller: MethodSummary, chain: tuple[str, ...], position: int,
                       name: str, level: str) -> bool:
        flow = self.helper_flow(caller_class, caller)
        calls = [number for number, callee in flow.result_callees.items() if callee == chain]
        if not calls:
            return False
        peers = None
        for number in calls:
            arguments = flow.argument_origins.get(number, {})
            origins = arguments.get(name, arguments.get(position))
            if origins is None and "*" not in arguments:
                continue  # left out: the parameter keeps its default, made when the def ran (no compute-device tensor)
            if origins is None or any(not isinstance(origin, int) for origin in origins):
                return False  # an input, a local tensor, unpacked arguments
            if origins:
                peers = peers or self.caller_peers(caller_class, caller)
                if not all(peers(origin, level) is True for origin in origins):
                    return False
        return True

    def _judge(self, cls: ClassInfo, sinks: tuple[Sink, ...], level: str, scope: _Scope,
               returns_to: _ReturnsTo, depth: int, via: str) -> Hazard | None:
        for sink in sinks:
            if sink.kind in (MOVE, HOST, COPY):
                if not BY_KEY[level].move_is_fix:
                    return Hazard(sink, level, via)  # no copy out of meta, a partition or a DTensor
                continue  # a copy of the CPU tensor the hook onloads: the weight's values
            if sink.kind == COMPUTE and sink.callee is not None:
                # An in-place op into a weight of the module ``sink.callee``: no mismatch where it is offloaded too.
                if scope.module_offloaded is None or not scope.module_offloaded(sink.callee, level):
                    return Hazard(sink, level, via)
                continue
            if sink.kind == COMPUTE and sink.text == INDEX_INTO_SINK and BY_KEY[level].cpu_copy:
                continue  # a CPU copy indexing a tensor on the compute device: torch copies the index there
            if sink.kind == COMPUTE:
                if sink.foreign or sink.parameters - scope.scalar_parameters \
                        or any(self._helper(cls, (name,)) is None for name, _ in sink.helper_results) \
                        or any(self._peer_on_device(peer, level, scope) for peer in sink.peers):
                    return Hazard(sink, level, via)
                continue
            if sink.kind == CALL:
                found = self._call(cls, sink, level, scope, returns_to, depth, via)
                if found is not None:
                    return found
                continue
            if sink.kind == RETURN and returns_to is not None and depth <= _HELPER_DEPTH:
                caller, result, outer = returns_to
                if result is None:
                    return Hazard(sink, level, via)
                # A helper handing the value back: judged where the caller sends the result, and when the
                # caller is a helper that hands it back in turn, where its own caller sends that.
                found = self._judge(caller.owner or cls, caller.results.sinks(result, sink.element), level, caller,
                                    outer, depth, "")
                if found is not None:
                    return found
                continue
            if sink.kind == STORE and sink.memo and any(other.kind == RETURN for other in sinks):
                continue  # ``self.cache[key] = t; return t``: the cached tensor goes where the return goes
            if sink.kind == STORE and self._written_back(sink):
                continue  # ``self.proj.weight.data = f(self.proj.weight)``: back into the weight, which its hook moves
            if sink.kind == STORE and self._into_offloaded_weight(cls, sink, level, scope):
                continue  # ``self.bn.running_mean.data = f(...)``: the data of a weight on the offload device too
            if sink.kind == RETURN and returns_to is None and scope.callers and depth < _HELPER_DEPTH:
                found = self._at_callers(cls, sink, level, scope, depth, via)
                if found is not None:
                    return found
                continue
            if sink.kind == RETURN and returns_to is None and scope.readers and depth < _HELPER_DEPTH:
                found = self._at_readers(sink, level, scope, depth, via)
                if found is not None:
                    return found
                continue
            if sink.kind == RETURN and returns_to is None and not scope.callers and BY_KEY[level].move_is_fix \
                    and self._method is not None and self.semantics.every_call_moves_result(self._method.name):
                # ``lora.get_weight().to(org_weight.device)`` at every call in the tree: what comes back (the
                # stale weights, combined only among themselves so far) is copied to where the caller needs it.
                continue
            return Hazard(sink, level, via)  # returned, stored, not followed
        return None

    def _into_offloaded_weight(self, cls: ClassInfo, sink: Sink, level: str, scope: _Scope) -> bool:
        """A store into ``.data`` of a weight of a module offloaded at ``level`` where the value is (SlowFast's
        ``SubBatchNorm3d.aggregate_stats``: the split statistics, combined, become ``self.bn.running_mean.data``): the
        value becomes that weight's data on the offload device, which the weight's hook moves when it onloads it."""
        target = sink.callee
        if not target or target[-1] != "data" or len(target) < 2 or scope.module_offloaded is None:
            return False
        resolution = self.semantics.resolve(cls, target[:-1])
        if resolution is None or resolution.target != TENSOR or resolution.rest:
            return False
        path = resolution.owner.path
        if path and self._method is not None and any(record.name == path[0] for record in self._method.assigns):
            return False  # a layer the method builds (a fold's new conv): in no group, no hook moves it
        return scope.module_offloaded(path, level)

    def _written_back(self, sink: Sink) -> bool:
        """A store into ``.data`` of the very weight whose access is being judged (:meth:`hazard`'s ``origin``)."""
        target = sink.callee
        if not target or target[-1] != "data" or self._origin is None:
            return False
        return target[:-1] == self._origin

    def _at_callers(self, cls: ClassInfo, sink: Sink, level: str, scope: _Scope, depth: int, via: str) -> Hazard | None:
        """A value returned to known callers: judged where each caller sends the result."""
        for caller_class, caller, chain in scope.callers:
            flow = self.helper_flow(caller_class, caller)
            # A caller that hands the result back in turn is judged where its own known callers send it.
            further = self.callers_of(caller_class, caller) if self.callers_of is not None else ()
            # A caller of the same class runs where the method does (outside the hooks it is judged against), so a
            # store it makes into one of the class's offloaded weights is judged as the method's own would be; not
            # into a layer the caller builds itself (a fold's new conv), which is in no group.
            inner = _Scope(flow.result_sinks, self._helper_peers(caller_class, flow), further,
                           argument_origins=flow.argument_origins,
                           module_offloaded=_unless_built(scope.module_offloaded, caller)
                           if caller_class is cls else None)
            calls = [number for number, callee in flow.result_callees.items() if callee == chain]
            if not calls:
                return Hazard(sink, level, via)  # called in a way the flow does not follow: what it does is unknown
            where = f"{caller_class.name}.{caller.name}()"
            for number in calls:
                found = self._judge(caller_class, flow.result_sinks.sinks(number, sink.element), level, inner, None,
                                    depth + 1, f"{via} → {where}" if via else where)
                if found is not None:
                    return found
        return None

    def property_readers(self, cls: ClassInfo,
                         method: MethodSummary) -> tuple[tuple[ClassInfo, MethodSummary, tuple[str, ...]], ...]:
        """Where the index sees the property ``method`` read as a value, each as (class, method, the chain
        read): ``self.<property>`` in the class and in subclasses that inherit it (``images.to(device=
        self.device)``), and ``self.<child>.<property>`` in any linted class whose ``self.<child>`` resolves to
        the class or such a subclass. Readers outside the index (a function handed the model, user code) are
        not seen; with no reader seen the return stays reported as before."""
        if not method.is_property:
            return ()
        key = (id(cls.project), cls.qualified, method.name)
        if key not in self._readers:
            self._readers[key] = self._find_readers(cls, method.name)
        return self._readers[key]

    def _find_readers(self, cls: ClassInfo, name: str) -> tuple[tuple[ClassInfo, MethodSummary, tuple[str, ...]], ...]:
        defining = cls.methods.get(name, (cls, None))[0]
        holders = {info.qualified for info in (cls, *self._subclasses(cls))
                   if info.methods.get(name, (None, None))[0] is defining}  # not overridden
        readers = []
        for info in cls.project.project_classes():
            if not cls.project.can_run(info.file):
                continue  # a template's code never runs
            for other, summary in info.summary.methods.items():
                if summary.is_static:
                    continue
                for chain in summary.self_chains:
                    if chain[-1:] != (name,) or (chain == (name,) and (other == name or info.qualified not in holders)):
                        continue
                    if len(chain) > 1 and not self._holds(info, chain[:-1], holders):
                        continue
                    readers.append((info, summary, chain))
        return tuple(readers)

    def _holds(self, info: ClassInfo, chain: tuple[str, ...], holders: set[str]) -> bool:
        """Whether ``self.<chain>`` of ``info`` is a child or component of one of the classes ``holders``."""
        if info.is_module:
            resolution = self.semantics.resolve(info, chain)
        else:
            component = self.semantics.resolve_component(info, chain)
            resolution = component.resolution if component is not None else None
        if resolution is None or resolution.target != MODULE or resolution.rest:
            return False
        return any(name in holders for name in resolution.owner.classes)

    def _subclasses(self, cls: ClassInfo) -> list[ClassInfo]:
        project = cls.project
        if self._subclass_index is None or self._subclass_index[0] is not project:
            table: dict[str, list[ClassInfo]] = {}
            for info in project.project_classes():
                for base in info.mro[1:]:
                    table.setdefault(base.qualified, []).append(info)
            self._subclass_index = (project, table)
        return self._subclass_index[1].get(cls.qualified, [])

    def _at_readers(self, sink: Sink, level: str, scope: _Scope, depth: int, via: str) -> Hazard | None:
        """A property's value judged where each reader sends its ``self.<property>`` read: a device placing
        inputs only for hooked calls (their hooks move the arguments) is no hazard; one meeting an unhooked
        computation, returned or stored is."""
        for reader_class, reader, chain in scope.readers:
            if self._onloaded_for(reader_class, reader, chain, level):
                continue  # read inside the forward whose hook onloads the weight: the property gives the compute device
            flow = self.helper_flow(reader_class, reader)
            callers = self.callers_of(reader_class, reader) if self.callers_of is not None else ()
            # The property runs inside its reader: the modules offloaded where it reads the weight are the ones
            # offloaded where the reader sends the value.
            inner = _Scope(flow.result_sinks, self._helper_peers(reader_class, flow), callers,
                           scalar_parameters=self.placed_by_callers(reader, callers, level),
                           argument_origins=flow.argument_origins, owner=reader_class,
                           module_offloaded=scope.module_offloaded)
            where = f"{reader_class.name}.{reader.name}()"
            reads = [access for access in flow.accesses if access.chain == chain]
            if not reads:
                return Hazard(sink, level, via)  # read in a way the flow does not follow
            for access in reads:
                found = self._judge(reader_class, access.sinks, level, inner, None, depth + 1,
                                    f"{via} → {where}" if via else where)
                if found is not None:
                    return found
        return None

    def _onloaded_for(self, reader_class: ClassInfo, reader: MethodSummary, chain: tuple[str, ...], level: str) -> bool:
        """Whether the weight the property reads is onloaded where ``reader`` reads ``self.<property>``: the reader
        runs inside its class's forward (Alphafold3's ``self.device``, a root buffer's device, read in ``forward``;
        the root's hook onloads its own tensors at every level) and the weight is not stale there."""
        if len(chain) != 1 or self._origin is None or self.runs_hooked is None \
                or not self.runs_hooked(reader_class, reader.name):
            return False
        resolution = self.semantics.resolve(reader_class, self._origin)
        if resolution is None:
            return False
        return level not in self.semantics.offloaded(reader_class, resolution, True).levels

    def fallback_taken(self, method: MethodSummary, parameter: str,
                       callers: tuple[tuple[ClassInfo, MethodSummary, tuple[str, ...]], ...]) -> bool:
        """Whether some caller can leave ``parameter`` of ``method`` out (or pass ``None``), so that an
        ``if parameter is None:`` fallback runs. Only the known callers of a private method can say no
        (a public one may have callers the index cannot type: ``self.rope.get_embed()``): each call of
        the method in each of them passes it, by position or keyword (``*args``/``**kwargs`` might not)."""
        if not callers or parameter not in method.params or not method.name.startswith("_"):
            return True
        position = method.params.index(parameter) - (0 if method.is_static else 1)
        for caller_class, caller, chain in callers:
            flow = self.helper_flow(caller_class, caller)
            calls = [number for number, callee in flow.result_callees.items() if callee == chain]
            if not calls:
                return True  # called in a way the flow does not see (a reference, an alias)
            for number in calls:
                passed = flow.call_arguments.get(number, frozenset())
                if parameter not in passed and position not in passed:
                    return True
        return False

    def _helper_peers(self, cls: ClassInfo, flow: "CollectedMethod") -> Callable[[int, str], bool | None]:
        """Inside a helper, a ``self`` chain met by a parameter: no tensor (a config value) or,
        conservatively, a tensor on the compute device."""
        def offloaded(index: int, level: str) -> bool | None:
            if not 0 <= index < len(flow.accesses):
                return None
            resolution = self.semantics.resolve(cls, flow.accesses[index].chain)
            if resolution is None or resolution.rest[:1] in _METADATA_STEPS:
                return None
            return False
        return offloaded

    @staticmethod
    def _peer_on_device(peer: int, level: str, scope: _Scope) -> bool:
        if scope.peer_offloaded is None:
            return True
        return scope.peer_offloaded(peer, level) is False

    def _call(self, cls: ClassInfo, sink: Sink, level: str, scope: _Scope,
              returns_to: _ReturnsTo, depth: int, via: str) -> Hazard | None:
        callee = sink.callee or ()
        if self.semantics.call_moves_arguments(cls, callee, level):
            return None
        if self.semantics.calls_missing_attribute(cls, callee):
            return None  # the call fails whatever the placement: no evidence about hooks
        if self.semantics.loss_ignores_argument(cls, callee, sink.argument):
            return None  # a model's loss that moves only a criterion without tensors there
        if self.semantics.is_weightless_call(cls, callee) and sink.result is not None and depth < _HELPER_DEPTH:
            # Dropout, an activation: a function of its input, on its input's device; follow the result.
            return self._judge(cls, scope.results.sinks(sink.result), level, scope, returns_to, depth + 1, via)
        layer = self.semantics.unhooked_layer(cls, callee, level)
        if layer is not None and scope.module_offloaded is not None and sink.result is not None \
                and depth < _HELPER_DEPTH and BY_KEY[level].move_is_fix and scope.module_offloaded(layer, level):
            # A layer no hook onloads here computes with its weights on the offload device, where the stale
            # value is too: no mismatch in the call, and its output stays there; follow the output.
            return self._judge(cls, scope.results.sinks(sink.result), level, scope, returns_to, depth + 1, via)
        helper, owner = self._helper(cls, callee), cls
        if helper is None:
            owner, helper = self._object_method(cls, callee)
        if helper is None:
            owner, helper = self._child_method(cls, callee, sink.argument)
        if helper is None or owner is None:
            return self._unhooked_child(cls, sink, level, scope, depth, via, returns_to)
        if depth >= _HELPER_DEPTH:
            return Hazard(sink, level, via)  # too deep to follow: judged as a use
        parameter = _parameter(helper, sink.argument)
        if parameter is None:
            return Hazard(sink, level, via)
        flow = self.helper_flow(owner, helper)
        # The helper runs under the caller's hooks: the same modules are offloaded.
        inner = _Scope(flow.result_sinks, self._helper_peers(owner, flow),
                       scalar_parameters=_scalar_parameters(helper, sink) | self._plain_arguments(helper, sink, scope,
                                                                                                  level),
                       module_offloaded=scope.module_offloaded if owner is cls else None,
                       argument_origins=flow.argument_origins, owner=owner)
        name = "self." + ".".join(callee) if owner is not cls else f"self.{helper.name}"
        return self._judge(owner, flow.parameter_sinks.get(parameter, ()), level, inner,
                           (replace(scope, owner=scope.owner or cls), sink.result, returns_to),
                           depth + 1, via or f"{name}()")

    def _object_method(self, cls: ClassInfo, callee: tuple[str, ...]) -> tuple[ClassInfo | None, MethodSummary | None]:
        """``self.<attr>.<method>`` where ``self.<attr>`` is built in the class as a plain (non-module) object of
        a project class (``self.ema = EMA(beta)``): its method, followed like a same-class helper (it has no
        hook and runs on what it is given)."""
        if len(callee) != 2:
            return None, None
        attr, method = callee
        if attr in cls.owned:
            return None, None  # a child module or a tensor, not a plain object
        project = cls.project
        built = {record.callee for info in cls.mro for summary in info.summary.methods.values()
                 for record in summary.assigns if record.name == attr and record.kind == "call" and record.callee}
        if len(built) != 1:
            return None, None
        info = project.lookup_project_class(project.qualify(cls.file, built.pop()))
        if info is None or info.is_module:
            return None, None
        found = info.methods.get(method)
        if found is None or found[1].is_property or found[1].is_static:
            return None, None
        return info, found[1]

    def _child_method(self, cls: ClassInfo, callee: tuple[str, ...],
                      argument: int | str | None) -> tuple[ClassInfo | None, MethodSummary | None]:
        """``self.<child>.<method>(...)``, a method other than forward() of a child of a project class: no hook runs
        for the call itself, so it is followed like a helper of the child's class (XTTS's ``self.gpt.get_style_emb(
        mel)``, whose ``self.conditioning_encoder(mel)`` a leaf-level hook moves). Not for a device handed to the
        child's ``device`` parameter: the child builds there what it keeps for its later forward() (timm's
        ``patch_interpolator.prewarm(sizes, device=...)`` fills a cache of matrices), stores the flow does not
        follow into every container, so that call stays a use."""
        if len(callee) < 2 or callee[-1] in ("forward", "__call__"):
            return None, None
        resolution = self.semantics.resolve(cls, callee[:-1])
        if resolution is None or resolution.target != MODULE or resolution.rest:
            return None, None
        info = resolution.owner.info
        found = info.methods.get(callee[-1]) if info is not None and not info.external else None
        if found is None or found[1].is_property or found[1].is_static:
            return None, None
        if (_parameter(found[1], argument) or "").endswith("device"):
            return None, None
        return found[0], found[1]

    def _unhooked_child(self, cls: ClassInfo, sink: Sink, level: str, scope: _Scope, depth: int,
                        via: str, returns_to: "_ReturnsTo" = None) -> Hazard | None:
        """A child without a hook at this level runs its forward() on what it is given: judged by
        where that forward() sends the parameter (a DETR decoder adding it: a hazard; a wrapper
        handing it straight to a hooked embedding: none)."""
        callee = sink.callee or ()
        prefix = callee[:-1] if callee[-1:] == ("forward",) else callee
        resolution = self.semantics.resolve(cls, prefix) if callee else None
        node = resolution.owner if resolution is not None and resolution.target == MODULE \
            and not resolution.rest else None
        first = self.semantics.first_called(node) if node is not None else None
        if first is not None:
            # A Sequential hands its arguments to its first module: judged by what that one does with them.
            node, prefix = first, prefix + (INDEX,)
        child = node.info if node is not None else None
        found = child.methods.get("forward") if child is not None else None
        if found is None or depth >= _HELPER_DEPTH:
            return Hazard(sink, level, via)
        forward = found[1]
        parameter = _parameter(forward, sink.argument)
        if parameter is None:
            return Hazard(sink, level, via)
        flow = self.helper_flow(child, forward)
        outer = scope.module_offloaded
        # The child's own modules are the caller's ``self.<child>.<...>``: offloaded as the caller sees them.
        inner = _Scope(flow.result_sinks, self._helper_peers(child, flow),
                       scalar_parameters=_scalar_parameters(forward, sink), argument_origins=flow.argument_origins,
                       module_offloaded=(lambda chain, at: outer(prefix + chain, at)) if outer is not None else None)
        # What its forward() returns is the call's result: judged where the caller sends that.
        found_hazard = self._judge(child, flow.parameter_sinks.get(parameter, ()), level, inner,
                                   (scope, sink.result, returns_to),
                                   depth + 1, via or f"{sink.text}.forward()")
        return found_hazard

    @staticmethod
    def _plain_arguments(helper: MethodSummary, sink: Sink, scope: _Scope, level: str) -> frozenset[str]:
        """The helper's parameters this call fills with plain attributes of the module (``self.block_size``)
        or with tensors offloaded at ``level`` as the judged one is (``self.center``, a root buffer beside the
        root buffer judged): values that bring no compute-device tensor into the helper."""
        arguments = scope.argument_origins.get(sink.result, {}) if sink.result is not None else {}
        if scope.peer_offloaded is None:
            return frozenset()
        plain = set()
        for key, origins in arguments.items():
            if origins and all(isinstance(o, int) and (scope.peer_offloaded(o, "") is None
                                                       or scope.peer_offloaded(o, level) is True) for o in origins):
                name = _parameter(helper, key)
                if name is not None:
                    plain.add(name)
        return frozenset(plain)

    @staticmethod
    def _helper(cls: ClassInfo, callee: tuple[str, ...]) -> MethodSummary | None:
        """The method of ``cls`` a ``self.<name>(...)`` call runs, past pure forwarders (``generate_next(*args,
        **kwargs)`` handing everything to ``generate_one``): the arguments land where the forwarded-to method
        takes them."""
        seen: set[str] = set()
        while len(callee) == 1 and callee[0] != "forward" and callee[0] not in seen:
            seen.add(callee[0])
            found = cls.methods.get(callee[0])
            if found is None or found[1].is_property:
                return None
            if not found[1].forwards_to:
                return found[1]
            callee = (found[1].forwards_to,)
        return None


def _scalar_parameters(callee: MethodSummary, sink: Sink) -> frozenset[str]:
    """The callee's parameters that this call fills with Python numbers."""
    names = (_parameter(callee, argument) for argument in sink.scalar_arguments)
    return frozenset(name for name in names if name is not None)


def _parameter(helper: MethodSummary, argument: int | str | None) -> str | None:
    if isinstance(argument, str):
        return argument if argument in helper.params else None
    first = 0 if helper.is_static else 1  # ``self`` takes no argument of the call
    if isinstance(argument, int) and argument + first < len(helper.params):
        return helper.params[argument + first]
    return None


__all__ = ["Hazard", "HazardJudge"]
