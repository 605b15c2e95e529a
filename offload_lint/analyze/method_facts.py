"""What offloading does to each access of one method, derived once per method.

:class:`MethodFacts` resolves a method's self chains (the libcst pass's raw accesses) against the
semantics, and judges each access once: which strategies leave the touched weight stale there
(:meth:`MethodFacts.offloaded`, with the ways in from modules on top, ZeRO-3's ``GatheredParameters``,
accelerate's ``@force_accelerate_hooks``, callers that never take a fallback), and where its stale value
meets the compute device (:meth:`MethodFacts.hazard`). The rules (:mod:`offload_lint.rules`) only filter
these facts and word their findings; the engine builds one per analyzed method.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from ..index.project import ClassInfo
from ..index.summary import INDEX, MethodSummary
from ..strategies import BY_KEY
from .entry_points import EntryPoints, MethodContext, OuterCall
from .facts import AccessFact, Touch, child_method_needs_weights, placement_of, tensor_container, touch_of
from .hazards import Hazard, HazardJudge
from .records import Access, AccessKind, CallResults, CollectedMethod, RawAccess, Sink, classify
from .records import COMPUTE, HOST, INDEX_SINK, MOVE, STORE
from .semantics import METHOD, MODULE, TENSOR, Offload, OffloadSemantics

# Arguments that are no tensors, by name or annotation (``num_classes: int``, ``global_pool: Optional[str]``).
NON_TENSOR_NAME = re.compile(r"^(num_|n_|is_|use_|return_)|(_length|_len|_size|_dim|_idx|_index|_type)$|"
                             r"^(length|size|dim|index|device|dtype|args|kwargs|name|mode)$")
NON_TENSOR_ANNOTATIONS = {"int", "float", "bool", "str", "list", "tuple", "dict", "List", "Tuple", "Dict", "None"}


def takes_no_tensor(method: MethodSummary) -> bool:
    """Whether every argument after ``self`` is known not to be a tensor (``fuse(self)``,
    ``reset_classifier(self, num_classes: int, global_pool: Optional[str] = None)``)."""
    # (The index keeps positional arguments only: keyword-only ones are not seen.)
    return all(annotation.split(".")[-1] in NON_TENSOR_ANNOTATIONS or NON_TENSOR_NAME.search(name)
               for name, annotation in zip(method.params[1:], method.annotations[1:]))


# How many calls deep a value is followed back through the outputs of hookless children (encoder -> decoder step ->
# postnet): past it, taken to be anywhere.
_CALL_DEPTH = 6


@dataclass
class MethodFacts:
    cls: ClassInfo
    method: MethodSummary
    context: MethodContext
    accesses: list[Access]
    semantics: OffloadSemantics
    entry_points: EntryPoints
    # Every self chain of the method, resolved or not (pipelines resolve through components).
    raw_accesses: list[RawAccess] = field(default_factory=list)
    # ``accesses`` by their raw index (None: a chain the semantics cannot resolve).
    by_index: list[Access | None] = field(default_factory=list)
    judge: HazardJudge | None = None
    result_sinks: CallResults = field(default_factory=CallResults)  # where each ``self.<...>(...)`` result goes
    argument_origins: dict = field(default_factory=dict)  # what each of those calls' arguments derive from
    result_callees: dict = field(default_factory=dict)  # what each of those calls called
    _facts: list[AccessFact] | None = field(default=None, init=False, repr=False)
    _hooked_under: frozenset[str] | None = field(default=None, init=False, repr=False)
    _outer_calls: tuple[OuterCall, ...] | None = field(default=None, init=False, repr=False)
    _callers: tuple | None = field(default=None, init=False, repr=False)
    _outside: dict[tuple[int, bool], list[tuple[OuterCall, Offload]]] = field(default_factory=dict, init=False,
                                                                              repr=False)

    @classmethod
    def of(cls, info: ClassInfo, method: MethodSummary, context: MethodContext, collected: CollectedMethod,
           semantics: OffloadSemantics, entry_points: EntryPoints, judge: HazardJudge | None) -> "MethodFacts":
        """The method's raw accesses resolved and classified (each by its raw index), ready to be judged."""
        raws = collected.accesses
        by_index: list[Access | None] = []
        for index, raw in enumerate(raws):
            resolution = semantics.resolve(info, raw.chain)
            kind = classify(resolution, raw, in_property=method.is_property) if resolution is not None else None
            by_index.append(Access(raw, resolution, kind, index) if resolution is not None else None)
        accesses = [access for access in by_index if access is not None]
        return cls(info, method, context, accesses, semantics, entry_points, raws, by_index, judge,
                   collected.result_sinks, collected.argument_origins, collected.result_callees)

    def facts(self, *touches: Touch) -> list[AccessFact]:
        """The method's accesses that touch one of ``touches``, each judged once per method."""
        if self._facts is None:
            self._facts = [fact for access in self.accesses if (fact := self._fact(access)) is not None]
        return [fact for fact in self._facts if fact.touch in touches]

    def _fact(self, access: Access) -> AccessFact | None:
        fact = self._judged_fact(access)
        if fact is None or not self.context.after_load:
            return fact
        # Reached only from a method users call on a loaded model: it runs on the offloaded model only where the
        # library offloaded it while loading.
        loaded = tuple(key for key in fact.offload.levels if BY_KEY[key].applied_at_load)
        return replace(fact, offload=self.restrict(fact.offload, loaded))

    def _judged_fact(self, access: Access) -> AccessFact | None:
        if self.context.after_load and self._rebuilt_before(access):
            # A module the change has just made (pegasus' resize: the new embed_positions), not the loaded model's:
            # the load's offloading never reached it. (Elsewhere such a module, made after offloading and left on
            # the CPU, is judged as before.)
            return None
        touch = touch_of(access, self.cls, self.method, self.semantics)
        if touch is None or self._fallback_never_taken(access) or self._rebound_by_every_caller(access):
            return None  # nothing offloading affects, a fallback no caller lets run, a tensor its callers re-bind
        if touch is Touch.MODEL_DEVICE:
            levels = self.semantics.module_weights_offloaded(self.cls, access.resolution.owner.path,
                                                             self.context.hooked, first_parameter=True,
                                                             hooked_under=self.hooked_under)
            levels = tuple(key for key in levels if not BY_KEY[key].device_read_true)
            return AccessFact(access, touch, Offload(self.hazard_levels(access, levels)))
        if touch in (Touch.CHILD_CALL, Touch.CHILD_METHOD):
            calls_module = touch is Touch.CHILD_CALL
            offload = self.offloaded(access, calls_module=calls_module)
            outer = self.outer_call(access, offload.levels, calls_module)
            if outer is not None:  # where the called child sits among the groups of the module on top
                placement, block = placement_of(outer.top, outer.receiver + access.resolution.owner.path, self.semantics)
            else:
                placement, block = placement_of(self.cls, access.resolution.owner.path, self.semantics)
            return AccessFact(access, touch, offload, placement, block, outer)
        offload = self.offloaded(access)
        if access.kind is AccessKind.MOVE:
            offload = self.restrict(offload, tuple(k for k in offload.levels if not BY_KEY[k].move_is_fix))
        if touch is Touch.WEIGHT_DEVICE:
            offload = self.restrict(offload, tuple(k for k in offload.levels if not BY_KEY[k].device_read_true))
        elif touch is Touch.WEIGHT_SHAPE:
            offload = self.restrict(offload, tuple(k for k in offload.levels if not BY_KEY[k].shape_read_true))
        elif access.resolution.is_scalar or access.zero_dim_element:  # a 0-dim CPU tensor mixes with any device
            offload = self.restrict(offload, tuple(k for k in offload.levels if not BY_KEY[k].cpu_copy))
        return AccessFact(access, touch, offload, outer=self.outer_call(access, offload.levels))

    def _rebuilt_before(self, access: Access) -> bool:
        """Whether the method rebinds the first child the access goes through (``self.embed_positions = ...``) on an
        earlier line: the access then reaches a module made after the model was loaded, with no hook."""
        path = access.resolution.owner.path
        line = access.raw.range.start.line
        return bool(path) and isinstance(path[0], str) and any(
            record.name == path[0] and record.kind in ("call", "container") and record.line < line
            for record in self.method.assigns)

    def offloaded(self, access: Access, calls_module: bool = False) -> Offload:
        """Levels at which the access touches a stale copy *and* (for values) that copy reaches
        something on the compute device."""
        offload = self._offloaded(access, calls_module)
        if calls_module or not access.is_value:
            return offload
        return self.restrict(offload, self.hazard_levels(access, offload.levels))

    def _rebound_by_every_caller(self, access: Access) -> bool:
        """``self.z_means`` read in a method that each of its callers (all known, all of this class) calls only after
        re-binding ``self.z_means`` to a new tensor (garage's ``reset_belief``): the read is that tensor, which no
        hook placed, not the buffer offloading moved."""
        if self.judge is None or access.resolution.target != TENSOR or access.resolution.owner.path:
            return False
        callers = self._known_callers()
        if not callers:
            return False
        name = access.raw.chain[0]
        return all(caller_class is self.cls and chain == (self.method.name,)
                   and name in self.judge.helper_flow(caller_class, caller).replaced_before_calls.get(self.method.name, ())
                   for caller_class, caller, chain in callers)

    def _fallback_never_taken(self, access: Access) -> bool:
        """``if device is None: device = self.device`` where no caller leaves ``device`` out."""
        parameter = access.raw.default_fallback
        if parameter is None or self.judge is None:
            return False
        return not self.judge.fallback_taken(self.method, parameter, self._known_callers())

    @property
    def hooked_under(self) -> frozenset[str]:
        """Strategies under which a declaration hooks this method (``@apply_forward_hook``, ...)."""
        if self._hooked_under is None:
            hooked = self.semantics.hooked_under(self.cls, self.method, self.context.via, self.context.entry_root)
            # Where every read during the root's forward is gathered, a method that only ever runs
            # inside some module's forward (a child's helper called from its parent's) is covered.
            gathering = frozenset(key for key in self.semantics.levels if BY_KEY[key].root_forward_gathers)
            if gathering - hooked and not self.context.hooked \
                    and self.entry_points.runs_inside_a_forward(self.cls, self.method.name):
                hooked |= gathering
            self._hooked_under = hooked
        return self._hooked_under

    @property
    def outer_calls(self) -> tuple[OuterCall, ...]:
        """For a class outside block scope: the ways into this method from modules in scope."""
        if self._outer_calls is None:
            self._outer_calls = () if self.context.hooked \
                else self.entry_points.outer_calls(self.cls, self.method.name)
        return self._outer_calls

    def _from_outside(self, access: Access, calls_module: bool) -> list[tuple[OuterCall, Offload]]:
        """The access judged through each way in from a module in block scope (see ``outer_calls``)."""
        key = (access.index, calls_module)
        if key in self._outside:
            return self._outside[key]
        judged = self._outside[key] = []
        for outer in self.outer_calls:
            offload = self.semantics.offloaded_from_outside(outer.top, outer.receiver, access.resolution,
                                                            outer.hooked, calls_module, outer.hooked_under)
            if offload:
                judged.append((outer, offload))
        return judged

    def outer_call(self, access: Access, levels: tuple[str, ...], calls_module: bool = False) -> OuterCall | None:
        """The way in from outside the class that makes the access stale at one of ``levels`` (None when the
        class's own hooks decide)."""
        return next((outer for outer, offload in self._from_outside(access, calls_module)
                     if set(offload.levels) & set(levels)), None)

    def _offloaded(self, access: Access, calls_module: bool = False) -> Offload:
        offload = self.semantics.offloaded(self.cls, access.resolution, self.context.hooked, calls_module,
                                           self.hooked_under)
        for _, outside in self._from_outside(access, calls_module):
            added = tuple(key for key in outside.levels if key not in offload.levels)
            if added:
                offload = Offload(offload.levels + added,
                                  {**offload.hook_by_level, **{key: outside.hook_by_level[key] for key in added}})
        offload = self.restrict(offload, tuple(key for key in offload.levels
                                               if not self._gathered(access, key) and not self._forced(access, key)))
        if not self.context.only_external:
            return offload
        # Only outside callers make this an entry point: judge at their call sites.
        at_callers = self.entry_points.levels_at_callers(self.context)
        return self.restrict(offload, tuple(level for level in offload.levels if level in at_callers))

    def _gathered(self, access: Access, key: str) -> bool:
        """Inside ``with deepspeed.zero.GatheredParameters(...)`` where the strategy honours it
        (``Strategy.gathered_blocks``: ZeRO-3 has gathered the weights)."""
        if not BY_KEY[key].gathered_blocks:
            return False
        line = access.raw.range.start.line
        return any(first <= line <= last for first, last in self.method.gathered)

    def _forced(self, access: Access, key: str) -> bool:
        """A child named in the method's ``@force_accelerate_hooks(...)`` where the strategy honours it
        (``Strategy.forced_hooks``: accelerate's hook onloads it)."""
        path = access.resolution.owner.path
        return BY_KEY[key].forced_hooks and bool(path) and path[0] in self.method.forced_hooks

    @staticmethod
    def restrict(offload: Offload, levels: tuple[str, ...]) -> Offload:
        return Offload(levels, {level: offload.hook_by_level[level] for level in levels if level in offload.hook_by_level})

    def hazard(self, access: Access, level: str) -> Hazard | None:
        """Where the stale value of ``access`` meets the compute device at ``level`` (None: it never does)."""
        if self.judge is None:
            return None
        sinks = access.raw.sinks
        if tensor_container(access) is not None and access.raw.chain.count(INDEX) == 1:
            # ``self.padding[modality]`` of a ParameterDict: the subscript picks a tensor by key, it gathers nothing.
            sinks = tuple(sink for sink in sinks if not (sink.kind == COMPUTE and sink.text == INDEX_SINK))
        return self.judge.hazard(self.cls, sinks, level, self.result_sinks, self._peer_offloaded,
                                 self._known_callers(), self._module_offloaded, self.method,
                                 _weight_chain(access), self.argument_origins)

    def child_call_hazard(self, access: Access, level: str) -> bool:
        """Whether calling the child ``access`` (no hook onloads it at ``level``) meets the compute device.

        A child given nothing but tensors on its own weights' device (moved to ``child.weight.device``, derived
        only from tensors offloaded with it, Python numbers) computes on the offload device without a mismatch;
        its output is then judged where it goes, as a hooked call's arguments are: saved with ``.cpu()`` or
        written into offloaded weights, nothing meets the compute device; returned or added to an input, it does."""
        if BY_KEY[level].move_is_fix and access.resolution.target == MODULE \
                and self.semantics.computes_with_moved_copies(access.resolution.owner.info):
            return False  # its forward moves what it uses of its own to where the call computes
        return not self._calls_stay_on_offload_device(access.raw.chain, access.raw.chain, level, False)

    def _on_offload_device(self, origins: frozenset, level: str, depth: int, child: tuple = (),
                           visiting: frozenset[int] = frozenset()) -> bool:
        """Whether a value derived from ``origins`` sits on the offload device at ``level`` (or is a number):
        where ``child``'s weights are, for a tensor moved to ``self.<child>...weight.device``. A call's output fed
        back into the same call (a decoder step in a loop: ``visiting``) is where its other inputs put it."""
        calls = {origin for origin in origins if isinstance(origin, str) and origin.startswith("r:")}
        for origin in origins:
            if isinstance(origin, int):
                peer = self.by_index[origin] if 0 <= origin < len(self.by_index) else None
                if peer is not None and peer.raw.called and calls:
                    continue  # the call's own access stands for its output: its ``r:`` origin decides
                chain = self.raw_accesses[origin].chain if 0 <= origin < len(self.raw_accesses) else ()
                if child and chain[-1:] == ("device",) and chain[:len(child)] == child:
                    continue  # placed on the called child's own weights' device
                if self._peer_offloaded(origin, level) is not True:
                    return False
            elif origin.startswith("p:"):
                if self.judge is None or origin[2:] not in self.judge.placed_by_callers(
                        self.method, self._known_callers(), level):
                    return False
            elif origin in calls:
                number = origin[2:].split(".", 1)[0]
                if number.isdigit() and int(number) in visiting:
                    continue
                chain = self.result_callees.get(int(number)) if number.isdigit() else None
                arguments = self.argument_origins.get(int(number)) if chain is not None else None
                if chain is None or arguments is None or "*" in arguments or depth >= _CALL_DEPTH \
                        or self.semantics.call_moves_arguments(self.cls, chain, level) \
                        or self.semantics.unhooked_layer(self.cls, chain, level) is None \
                        or not self._module_offloaded(chain, level) \
                        or not all(self._on_offload_device(inner, level, depth + 1, chain,
                                                           visiting | {int(number)})
                                   for inner in arguments.values()):
                    return False
            else:
                return False  # a tensor of unknown origin
        return True

    def _module_offloaded(self, chain: tuple[str, ...], level: str) -> bool:
        """Whether the weights of ``self.<chain>`` sit on the offload device at ``level`` in this method: by the
        class's own hooks, or (a class outside block scope) by those of a module on top whose way in makes the
        method's accesses stale (:meth:`outer_call`), in whose unmatched group the module rides with them."""
        if level in self.semantics.module_weights_offloaded(self.cls, chain, self.context.hooked,
                                                            hooked_under=self.hooked_under):
            return True
        return any(level in self.semantics.module_weights_offloaded_from_outside(
                       outer.top, outer.receiver, chain, outer.hooked, outer.hooked_under)
                   for outer in self.outer_calls)

    def _known_callers(self) -> tuple:
        """Who receives what this method returns, when all its callers are known (:meth:`EntryPoints.known_callers`);
        asked for every access and level, computed once."""
        if self._callers is None:
            self._callers = self.entry_points.known_callers(self.cls, self.method, self.context)
        return self._callers

    def hazard_levels(self, access: Access, levels: tuple[str, ...]) -> tuple[str, ...]:
        if self.judge is None:
            return levels
        kept = []
        for level in levels:
            hazard = self.hazard(access, level)
            if hazard is None or self._among_model_tensors(level, hazard):
                continue
            kept.append(level)
        return tuple(kept)

    def _among_model_tensors(self, level: str, hazard: Hazard) -> bool:
        """A module's method given no tensor, where the strategy moves the whole model at once
        (``Strategy.moves_whole_model``: model CPU offload): everything it computes with is the model's own, on one
        device, and what it stores on ``self`` moves with the model. A value that leaves the method (handed back or to
        a caller, passed to another object, stored elsewhere) may meet the compute device there: still a hazard."""
        sink = hazard.sink
        if hazard.via:
            return False  # met in a helper or a caller, which may hold tensors of its own
        stays = sink.kind == COMPUTE or sink.kind == STORE and (sink.callee is not None or sink.memo)
        return BY_KEY[level].moves_whole_model and stays and self.cls.is_module and takes_no_tensor(self.method)

    def child_method_among_model_tensors(self, access: Access, level: str) -> bool:
        """``_among_model_tensors`` one call further: a child's method (``self.head.reset(n)``) called from a
        module's method given no tensor, where the strategy moves the whole model at once, or at block level where
        no hook sits on or inside the child (the root's unmatched group moves every tensor its modules hold when it
        moves, a layer built in one of them since offloading too). The child computes with the model's own tensors,
        all on one device, and what it builds on itself moves with the model; its result must not leave the method
        (every call of it is a statement, or its result is computed with or stored on ``self`` as
        ``_among_model_tensors`` allows)."""
        moved_whole = BY_KEY[level].moves_whole_model \
            or self.semantics.hookless_subtree(self.cls, access.raw.chain[:-1], level)
        if not moved_whole or not self.cls.is_module or not takes_no_tensor(self.method):
            return False
        numbers = [number for number, callee in self.result_callees.items() if callee == access.raw.chain]
        if not numbers:
            return False  # called in a way the flow does not follow
        return all(_stays_in_model(sink) for number in numbers for sink in self.result_sinks.sinks(number))

    def child_method_reads_to_host(self, access: Access, level: str) -> bool:
        """``self.descriptor.serialize()`` where the child's method (and what it calls) reads its weights only back
        to host memory (``.detach().cpu().numpy()``): where the strategy keeps a usable CPU copy
        (``Strategy.cpu_copy``), that copy holds the weights' values, wherever the hooks left them."""
        resolution = access.resolution
        return BY_KEY[level].cpu_copy and resolution.target == METHOD and resolution.owner.info is not None \
            and not child_method_needs_weights(access, self.semantics, host_reads=False)

    def child_method_among_own_weights(self, access: Access, level: str) -> bool:
        """``self.ih.kl_loss()`` given no tensor, where the child's method computes only among its own weights (all
        offloaded together, so on one device) and hands back nothing but reductions of them (``kl.mean()``, a 0-dim
        tensor: bayesian-torch's KL terms): where the strategy keeps a usable CPU copy (``Strategy.cpu_copy``), the
        result is a 0-dim CPU tensor, which torch mixes with tensors on any device. Not when the method calls a
        module or a helper, meets an input or a local tensor, or returns or stores a weight-derived tensor."""
        resolution = access.resolution
        info = resolution.owner.info
        if not BY_KEY[level].cpu_copy or self.judge is None or resolution.target != METHOD or info is None \
                or not self.semantics.hookless_subtree(self.cls, access.raw.chain[:-1], level):
            return False
        found = info.methods.get(resolution.name)
        numbers = [number for number, callee in self.result_callees.items() if callee == access.raw.chain]
        if found is None or found[1].is_property or not numbers:
            return False
        for number in numbers:
            arguments = self.argument_origins.get(number)
            if arguments is None or any(origins for origins in arguments.values()):
                return False  # a tensor (or anything the flow cannot name) comes in
        flow = self.judge.helper_flow(found[0], found[1])
        if not flow.accesses:
            return False
        for raw in flow.accesses:
            if raw.called:
                return False  # a child module or helper runs: its hooks and tensors are another question
            for sink in raw.sinks:
                if sink.kind in (HOST, MOVE):
                    continue
                if sink.kind == COMPUTE and not sink.foreign and not sink.parameters and not sink.helper_results \
                        and sink.callee is None:
                    continue  # among the child's own weights
                return False
        return True

    def child_method_on_offload_device(self, access: Access, level: str) -> bool:
        """``self.gpt.get_style_emb(mel)`` with ``mel`` placed with the model's own device (its first parameter's,
        the offload device here): where no hook sits on or inside the child at ``level``, the child's weights sit
        on the offload device too, so its method computes there without a mismatch, as :meth:`child_call_hazard`
        says of a child's forward. Its output is then judged where it goes."""
        # A tensor of the model's own must come in: given numbers alone, the method may build its state on the
        # offload device for a later forward() (``warm_cache(samples)``); that is the other rule's case
        # (:meth:`child_method_among_model_tensors`).
        chain = access.raw.chain
        return self.semantics.hookless_subtree(self.cls, chain[:-1], level) \
            and self._calls_stay_on_offload_device(chain, chain[:-1], level, True)

    def _calls_stay_on_offload_device(self, chain: tuple, child: tuple, level: str, model_tensor_in: bool) -> bool:
        """Whether every call of ``self.<chain>`` the flow follows is given only tensors on the offload device at
        ``level`` (where ``child``'s weights are; with ``model_tensor_in``, at least one of the model's own) and
        its output meets no compute-device tensor. False when no call is followed."""
        if self.judge is None:
            return False
        numbers = [number for number, callee in self.result_callees.items() if callee == chain]
        if not numbers:
            return False  # called in a way the flow does not follow
        for number in numbers:
            arguments = self.argument_origins.get(number)
            if arguments is None or "*" in arguments \
                    or (model_tensor_in and not any(isinstance(origin, int) for origins in arguments.values()
                                                    for origin in origins)) \
                    or not all(self._on_offload_device(origins, level, 0, child) for origins in arguments.values()):
                return False
            if self.judge.hazard(self.cls, self.result_sinks.sinks(number), level, self.result_sinks,
                                 self._peer_offloaded, self._known_callers(), self._module_offloaded, self.method,
                                 None, self.argument_origins) is not None:
                return False
        return True

    def peer_offloaded(self, index: int, level: str) -> bool | None:
        """Whether the method's access ``index`` is offloaded at ``level`` (None: no tensor)."""
        return self._peer_offloaded(index, level)

    def _peer_offloaded(self, index: int, level: str) -> bool | None:
        peer = self.by_index[index] if 0 <= index < len(self.by_index) else None
        if peer is None:
            return None  # a config value or plain attribute: no tensor
        if peer.resolution.target == TENSOR:
            if peer.kind is AccessKind.METADATA or peer.kind is AccessKind.HARMLESS and not peer.raw.scalar:
                return None  # read for its metadata, or inspected: no tensor goes anywhere
            # Read inside a number (``float(self.proj(self.start).norm())``): the tensor itself still goes into the
            # computation the number is taken of, from where its hooks left it.
            return level in self._offloaded(peer).levels
        if peer.is_value:  # ``self.device``: where the model says it is
            return level in self.semantics.module_weights_offloaded(self.cls, peer.resolution.owner.path,
                                                                   self.context.hooked, first_parameter=True)
        if peer.raw.called:
            return False  # a module's or helper's output: on the compute device
        return None  # an attribute read off a module (``self.encoder.image_size``): no tensor we know of

    @staticmethod
    def move_helps(fact: AccessFact) -> bool:
        """Whether moving the weight to the input's device fixes the access under one of its strategies
        (not for an access that already is such a move)."""
        return fact.access.kind is not AccessKind.MOVE and any(BY_KEY[key].move_is_fix for key in fact.offload.levels)


def _stays_in_model(sink: Sink) -> bool:
    return sink.kind == COMPUTE or sink.kind == STORE and (sink.callee is not None or sink.memo)


def _weight_chain(access: Access) -> tuple[str, ...] | None:
    """``delta_embedding.weight`` of ``self.delta_embedding.weight.clone()``: the tensor an access reads."""
    rest = access.resolution.rest
    chain = access.raw.chain
    if access.resolution.target != TENSOR:
        return None
    trimmed = chain[:len(chain) - len(rest)] if rest else chain
    return tuple(trimmed) or None
