"""What a rule sees and how it reports.

A rule is a small class with a code, a name, its declared capabilities and one check:
- its :class:`Scope` says what it looks at, and so which check the engine calls: ``check_method``
  on every analyzed method, with its accesses already resolved and classified (libcst pass +
  semantics), or ``check_class`` once per class (construction-site rules);
- its :class:`Confirm` says how the runtime confirmer decides its findings, ``has_fix`` whether
  its findings carry fixes.
The engine, the confirmer, the readiness report and the tests read these attributes from the
registry (:data:`offload_lint.rules.ALL_RULES`); nothing keeps a list of codes beside them.
Rules ask :class:`~offload_lint.analyze.semantics.OffloadSemantics` what is offloaded;
they never re-derive the hooks' behaviour.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import ClassVar, Iterable, Protocol

from ..analyze.records import Access, RawAccess
from ..analyze.entry_points import EntryPoints, MethodContext
from ..analyze.function_facts import ParameterUse, parameter_uses
from ..analyze.facts import AccessFact, HandedStateDict, HeldWeightData, LeafBypass, OwnWeightWrite, ParameterCount, \
    ParameterWrite, Touch, UnhookedWeights, WrappedLayers, every_layer_wrapped, handed_state_dicts, held_weight_data, \
    leaf_bypasses, own_weight_writes, parameter_counts, parameter_writes, unhooked_weights
from ..analyze.method_facts import NON_TENSOR_ANNOTATIONS, NON_TENSOR_NAME, MethodFacts
from ..analyze.semantics import OffloadSemantics
from ..finding import CallSite, Finding
from ..fix.locations import ClassSpan, SourceFile, Span, moved_before_tensor_index, source_text
from ..fix.fixes import InputTensor, move_weight_to_input
from ..fix.model import Fix
from ..index.project import ClassInfo, ProjectIndex
from ..index.summary import INDEX, FileSummary, MethodSummary
from ..strategies import LAYER_HOOK_KEYS, unmovable_note


class FindingsLookup(Protocol):
    """The engine's answer to "what do the module rules find in K.m?" (one place, memoized).

    ``method`` analyzes a method of any class the index can read (installed packages too),
    with ``cls`` on top, whatever rules the user selected; ``of_class`` is every finding
    reported for a linted class so far (late rules run after all others).
    """

    def method(self, cls: ClassInfo, name: str) -> list[Finding]: ...

    def of_class(self, qualified: str) -> list[Finding]: ...


# Unannotated parameters whose names say they are sizes, indices or options, not tensors.
# What is no tensor argument: one definition, in the analysis.
_NON_TENSOR_NAME = NON_TENSOR_NAME
_NON_TENSOR_ANNOTATIONS = NON_TENSOR_ANNOTATIONS


@dataclass
class MethodCheck:
    """What a method rule sees: the method's facts, derived once per method in the analysis
    (:class:`~offload_lint.analyze.method_facts.MethodFacts`), and how to word and place a finding on them."""

    derived: MethodFacts
    path: str
    findings: FindingsLookup | None = None

    # The facts' subjects and questions, as the rules ask them.
    @property
    def cls(self) -> ClassInfo:
        return self.derived.cls

    @property
    def method(self) -> MethodSummary:
        return self.derived.method

    @property
    def context(self) -> MethodContext:
        return self.derived.context

    @property
    def semantics(self) -> OffloadSemantics:
        return self.derived.semantics

    @property
    def entry_points(self) -> EntryPoints:
        return self.derived.entry_points

    @property
    def raw_accesses(self) -> list[RawAccess]:
        return self.derived.raw_accesses

    def facts(self, *touches: Touch) -> list[AccessFact]:
        """The method's accesses that touch one of ``touches``, each judged once per method."""
        return self.derived.facts(*touches)

    move_helps = staticmethod(MethodFacts.move_helps)

    @property
    def source(self) -> SourceFile:
        """The file the method is written in, for fixes (which parse only the statement they edit)."""
        defining = self.cls.methods.get(self.method.name, (self.cls, self.method))[0]
        return _source_file(self.path, defining)

    @property
    def input_name(self) -> str:
        """The first tensor-like argument: the one whose device a fix should use."""
        for name, annotation in zip(self.method.params[1:], self.method.annotations[1:]):
            if annotation.split(".")[-1] not in _NON_TENSOR_ANNOTATIONS and not _NON_TENSOR_NAME.search(name):
                return name
        return "<input>"

    @property
    def input_tensor(self) -> InputTensor | None:
        """``input_name`` for fixes, with whether its annotation says it is a tensor (None: none known)."""
        name = self.input_name
        if name == "<input>":
            return None
        annotation = dict(zip(self.method.params, self.method.annotations)).get(name, "")
        found = InputTensor.of(name, annotation)
        # forward()'s first argument is what the module computes on: the hooks put it on the device.
        if not found.annotated and not annotation and self.method.name == "forward" and self.method.params[1:2] == (name,):
            return InputTensor(name, annotated=True)
        return found

    @staticmethod
    def span(raw: RawAccess) -> Span:
        """The access's position as findings and edits give it (1-based, end exclusive)."""
        return (raw.range.start.line, raw.range.start.column + 1, raw.range.end.line, raw.range.end.column + 1)

    def weight_span(self, access: Access) -> Span:
        """The span of the weight itself: ``self.w`` in ``self.w.float()``, ``self.w.type(torch.float32)``
        (the access's chain runs on to the method, but ``.to(...)`` goes on the weight)."""
        line, column, end_line, end_column = self.span(access.raw)
        rest = access.resolution.rest if access.resolution is not None else ()
        if rest[:1] == (INDEX,) and line == end_line:
            return self._before_tensor_index(access, (line, column, end_line, end_column))
        if not rest or line != end_line or any(not isinstance(step, str) or not step.isidentifier() for step in rest):
            return (line, column, end_line, end_column)
        trailing = "." + ".".join(rest)
        written = source_text(self.source, (line, column, end_line, end_column)) or ""
        if written.endswith(trailing) and len(written) > len(trailing):
            return (line, column, end_line, end_column - len(trailing))
        return (line, column, end_line, end_column)

    def _before_tensor_index(self, access: Access, span: Span) -> Span:
        """The weight read with indices after it (``self.embedding.weight[codes]``, ``self.pos_embed[1:, :]``): where
        a move goes (:func:`~offload_lint.fix.locations.moved_before_tensor_index`)."""
        line, column, _, _ = span
        name = access.resolution.name if access.resolution is not None else ""
        end = moved_before_tensor_index(source_text(self.source, span) or "", name)
        return span if end is None else (line, column, line, column + end)

    def goes(self, access: Access, levels: tuple[str, ...]) -> str:
        """``; its value meets tensors on the compute device in F.linear`` for messages."""
        hazard = next((h for level in levels if (h := self.derived.hazard(access, level)) is not None), None)
        return f"; {hazard.phrase}" if hazard is not None else ""

    def move_fix(self, fact: AccessFact) -> Fix | None:
        """The fix that moves the weight to the method's input tensor's device, where that helps."""
        device_of = self.input_tensor
        if not device_of or not self.move_helps(fact):
            return None
        return move_weight_to_input(self.source, self.weight_span(fact.access), device_of)

    def unmovable_note(self, levels: tuple[str, ...]) -> str:
        """What to do instead of ``.to(device)`` under the strategies where a move is no fix."""
        return unmovable_note(levels, self.method.name)

    def is_buffer(self, name: str) -> bool:
        """Whether the class's own ``name`` is a buffer (absent: known from a torch.nn base, never one)."""
        owned = self.cls.owned.get(name)
        return owned is not None and owned.is_buffer

    @staticmethod
    def spelled(path: tuple[str, ...]) -> str:
        """``blocks[i].attn`` for a module path."""
        return "".join("[i]" if step == INDEX else f".{step}" for step in path).lstrip(".")

    def where(self, fact: AccessFact | None = None) -> str:
        """Why the method runs outside forward(), for messages (through the way in from a module on top
        when that is what makes ``fact`` stale)."""
        outer = fact.outer if fact is not None else None
        if outer is not None:
            return (f"{self.method.name}() (reached from {outer.top.name}.{outer.top_method}() at {outer.site}) "
                    f"runs outside {outer.top.name}.forward()")
        hook = self._hook_path(fact)
        if hook is not None:
            return hook
        if self.context.external_calls and self.context.hooked is False and not self.context.via:
            site = self.context.external_calls[0]
            return f"{self.method.name}() (called from {site}) runs outside forward()"
        if self.context.via:
            return f"{self.method.name}() (reached from {', '.join(v + '()' for v in self.context.via[:2])}) runs outside forward()"
        if self.method.name == "forward" and self.method.is_generator:
            return ("forward() is a generator, so its body runs when the caller iterates it, after the hook's "
                    "post_forward has offloaded the weights: outside the hook")
        return f"{self.method.name}() runs outside forward()"

    def _hook_path(self, fact: AccessFact | None) -> str | None:
        """The method (or a closure in it around ``fact``) runs from a forward (pre-)hook registered on a module
        (``self.model.register_forward_pre_hook(self._seed_pre_hook)``): when that module runs, not when the
        registering method does."""
        name = self.method.name
        line = fact.access.raw.range.start.line if fact is not None else None
        for callback, receiver, kind, first, last in self.method.registered_hooks:
            if first and line is not None and first <= line <= last:
                return (f"{callback}(), a function in {name}() registered as a {kind} on {receiver}, runs when "
                        f"{receiver} runs, outside forward(),")
        for registering, (_, summary) in self.cls.methods.items():
            for callback, receiver, kind, first, _ in summary.registered_hooks:
                if first or callback not in self.cls.methods:
                    continue
                if callback == name:
                    return (f"{name}() runs from a {kind} on {receiver} (registered in {registering}()), when "
                            f"{receiver} runs, outside forward(),")
                if name in self._reached_from(callback):
                    return (f"{name}() (reached from {callback}(), a {kind} on {receiver} registered in "
                            f"{registering}()) runs when {receiver} runs, outside forward(),")
        return None

    def _reached_from(self, start: str) -> set[str]:
        seen: set[str] = set()
        stack = [start]
        while stack:
            current = stack.pop()
            if current in seen or current not in self.cls.methods:
                continue
            seen.add(current)
            stack.extend(self.cls.methods[current][1].self_calls)
        return seen - {start}

    def finding(self, rule: "Rule", access: Access, message: str, levels: tuple[str, ...],
                fix: Fix | None = None) -> Finding:
        call_site: CallSite | None = self.context.external_calls[0] if self.context.external_calls else None
        trace = self.typing_trace(access)
        if self.context.after_load:
            roots = self.context.via or (self.method.name,)
            trace = "; ".join(filter(None, (trace, (
                f"{roots[0]}() is called on a loaded model to change it; from_pretrained applies accelerate's "
                f"device_map hooks and ZeRO-3 while it loads, the other strategies come after such changes"))))
        if trace and trace not in message:
            # The child's class came from a heuristic (a class held in a name, an unread package's annotation).
            head, fix_text, tail = message.partition(". Fix:")
            message = f"{head} ({trace}){fix_text}{tail}" if fix_text else f"{message} ({trace})"
        return self.finding_at(rule, access.raw, message, levels, access.resolution.dotted, call_site, fix)

    def typing_trace(self, access: Access) -> str:
        """How the index typed the class's child that ``access`` goes through, when a heuristic did: the child is
        built by calling a name that holds a class (``Owned.built_from``), or is annotated with a class of a package
        it cannot read and used as a module; "" otherwise."""
        consumed = access.resolution.consumed
        head = consumed[0] if consumed else None
        owned = self.cls.owned.get(head) if isinstance(head, str) else None
        if owned is None:
            return ""
        if owned.built_from:
            return f"'{head}' is {owned.built_from}"
        return f"'{head}' is {owned.unread_factory}" if owned.given and owned.unread_factory else ""

    def finding_at(self, rule: "Rule", raw: RawAccess, message: str, levels: tuple[str, ...], attribute: str,
                   call_site: CallSite | None = None, fix: Fix | None = None) -> Finding:
        """A finding on the span of one raw access (rules that resolve chains themselves)."""
        span = raw.range
        return Finding(
            path=self.path,
            line=span.start.line,
            column=span.start.column + 1,
            end_line=span.end.line,
            end_column=span.end.column + 1,
            code=rule.code,
            name=rule.name,
            message=message,
            class_name=self.cls.name,
            method=self.method.name,
            levels=levels,
            attribute=attribute,
            module=self.cls.file.module,
            call_site=call_site,
            fix=fix,
        )


@dataclass
class ClassCheck:
    cls: ClassInfo
    project: ProjectIndex
    semantics: OffloadSemantics
    entry_points: EntryPoints
    path: str
    # Findings the method rules produced for this class (for rules about the class as a whole).
    method_findings: list[Finding] = field(default_factory=list)
    findings: FindingsLookup | None = None

    @property
    def source(self) -> SourceFile:
        """The class's file, for fixes (which parse only the statement they edit)."""
        return _source_file(self.path, self.cls)

    def leaf_bypasses(self) -> list[LeafBypass]:
        """Layers built here whose weights leaf-level offloading never onloads before use (where hooks sit on
        layers only: ``Strategy.layer_hooks``)."""
        if not set(LAYER_HOOK_KEYS) & set(self.semantics.levels):
            return []
        return leaf_bypasses(self.cls, self.project)

    def every_layer_wrapped(self) -> list[WrappedLayers]:
        """Legacy wrappers ``__init__`` applies to every layer at once (``apply_spectral_norm(self)``), where hooks sit
        on layers only."""
        if not set(LAYER_HOOK_KEYS) & set(self.semantics.levels):
            return []
        return every_layer_wrapped(self.cls, self.project)

    def parameter_writes(self) -> list[ParameterWrite]:
        """Whole-parameter writes into parameters handed to the class's methods (an EMA's ``copy_to``)."""
        return parameter_writes(self.cls, self.semantics)

    def own_weight_writes(self) -> list[OwnWeightWrite]:
        """Whole writes into the module's own parameters from its methods outside the hook (``init_weights``,
        ``fuse_projections``)."""
        return own_weight_writes(self.cls, self.semantics, self.entry_points)

    def handed_state_dicts(self) -> list[HandedStateDict]:
        """``state_dict()`` of a model handed to the class's methods, where the strategy's state dict holds no values."""
        return handed_state_dicts(self.cls, self.project, self.semantics)

    def held_weight_data(self) -> list[HeldWeightData]:
        """Weight data of the models an object that is no module holds (textual inversion's embeddings handler)."""
        return held_weight_data(self.cls, self.semantics)

    def parameter_counts(self) -> list[ParameterCount]:
        """Counts of a model's parameters (``p.numel()`` over ``.parameters()``) where sizes are not the weight's."""
        return parameter_counts(self.cls, self.semantics)

    def unhooked_weights(self) -> UnhookedWeights | None:
        """Weights of a module without forward(): no hook onloads them."""
        return unhooked_weights(self.cls, self.project, self.semantics, self.entry_points)

    def finding(self, rule: "Rule", line: int, column: int, message: str, levels: tuple[str, ...],
                attribute: str | None = None, method: str | None = None, end_column: int | None = None) -> Finding:
        return Finding(
            path=self.path, line=line, column=column, end_line=line,
            end_column=end_column if end_column is not None else column + 1,
            code=rule.code, name=rule.name, message=message, class_name=self.cls.name,
            method=method, levels=levels, attribute=attribute, module=self.cls.file.module,
        )


@dataclass
class FunctionCheck:
    """The module-level functions of one linted file (training scripts, helpers handed a model)."""

    file: FileSummary
    project: ProjectIndex
    semantics: OffloadSemantics

    @property
    def path(self) -> str:
        return self.file.path

    def parameter_uses(self) -> list[ParameterUse]:
        """Uses of models' parameters reached through ``<model>.parameters()`` that break under a strategy linted."""
        return parameter_uses(self.file, self.project, self.semantics)

    def finding(self, rule: "Rule", line: int, column: int, message: str, levels: tuple[str, ...],
                function: str) -> Finding:
        return Finding(
            path=self.path, line=line, column=column, end_line=line, end_column=column + 1, code=rule.code,
            name=rule.name, message=message, class_name=None, method=function, levels=levels, attribute=None,
            module=self.file.module,
        )


def _source_file(path: str, cls: ClassInfo) -> SourceFile:
    """``path`` with the index's statement positions, when ``cls`` was indexed from it."""
    if cls.file.path != path:
        return SourceFile(path)
    return SourceFile(path, cls.file.statements, _class_spans(cls.file))


def _class_spans(file: FileSummary) -> tuple[ClassSpan, ...]:
    return tuple(ClassSpan(summary.line, summary.end_line,
                           summary.body_layout.statements if summary.body_layout is not None else None)
                 for summary in file.classes)


class Scope(Enum):
    """What a rule looks at: which of its checks the engine calls, on which classes."""

    # ``check_method`` on each method of a module the analysis visits. These are the module rules:
    # whatever is selected, the engine's one answer to "is K.m unsafe?" (``CoreFindings``) runs them all.
    METHOD = "method"
    # ``check_class`` once per module class (construction sites, classes as a whole).
    CLASS = "class"
    # ``check_method`` on methods of any class, modules or not, that drive components (pipelines);
    # ``visits``/``focus`` pick the methods and the statements the libcst pass must see.
    CALLER_METHOD = "caller-method"
    # ``check_class`` once per class, modules or not (pipeline code judged with the module rules' answers).
    CALLER_CLASS = "caller-class"
    # ``check_function`` once per linted file, over its module-level functions (code driving models from outside
    # their methods: training scripts, helpers handed a model).
    FUNCTION = "function"
    # No check in a lint run: ``offload-lint readiness --check`` reports it (:mod:`offload_lint.readiness.check`).
    TEST_CONFIG = "test-config"

    @property
    def checks_methods(self) -> bool:
        return self in (Scope.METHOD, Scope.CALLER_METHOD)

    @property
    def checks_classes(self) -> bool:
        return self in (Scope.CLASS, Scope.CALLER_CLASS)

    @property
    def checks_functions(self) -> bool:
        return self is Scope.FUNCTION

    @property
    def outside_modules(self) -> bool:
        """Whether the rule looks at classes that are not modules (pipelines) too."""
        return self in (Scope.CALLER_METHOD, Scope.CALLER_CLASS)


class Confirm(Enum):
    """How the runtime confirmer (:mod:`offload_lint.confirm.join`) decides a rule's findings."""

    # Build the finding's class, offload it, run its method: an offloaded access at the finding's line (or to
    # the weight it names) confirms; the method run to completion without one refutes.
    METHOD = "method"
    # Pipeline code: build the calling class with tiny components, offload the component the finding names,
    # run the method (under the group levels only).
    CALLER = "caller"
    # As CALLER; the component's method the finding names (``text_encoder.generate``) gives the inputs' shapes.
    CALLER_ENTRY = "caller-entry"
    # As CALLER, judged by what stays on the compute device after the call (a component moved by hand).
    HAND_MOVE = "hand-move"
    # A construction site: build the class and run its forward at leaf level; an offloaded access to the
    # layer built at the finding's line confirms.
    CONSTRUCTION = "construction"
    # The class as a whole (no forward): any offloaded access while its method runs confirms.
    CLASS_WIDE = "class-wide"
    # A method handed a model (an argument annotated with a model class: ``from_unet(unet)``): build that model,
    # offload it under the strategy, call the method with it (``confirm/strategies/handed.py``).
    HANDED = "handed"
    # Nothing to run (``Rule.not_run_because`` says why).
    NOT_RUN = "not-run"

    @property
    def runs_caller(self) -> bool:
        """The finding is in pipeline code: the confirmer builds the caller and offloads a component."""
        return self in (Confirm.CALLER, Confirm.CALLER_ENTRY, Confirm.HAND_MOVE)

    @property
    def line_is_definition(self) -> bool:
        """The finding's line is a definition (a layer built, a class), not a statement the run must reach."""
        return self in (Confirm.CONSTRUCTION, Confirm.CLASS_WIDE)


class Rule:
    """A rule's code, names and declared capabilities (every discovered rule declares ``scope`` and
    ``confirm``; :func:`offload_lint.rules._discover` refuses one that does not)."""

    code: ClassVar[str]
    name: ClassVar[str]
    summary: ClassVar[str]  # one line, for --statistics and SARIF
    scope: ClassVar[Scope]
    confirm: ClassVar[Confirm]
    # Why the confirmer runs nothing for the rule's findings (``confirm`` is ``Confirm.NOT_RUN``).
    not_run_because: ClassVar[str] = "not a method of a module"
    # Its findings may carry a fix (``--fix``); its doc then shows one (``python good fixed``).
    has_fix: ClassVar[bool] = False
    enabled_by_default: ClassVar[bool] = True
    # Class rules that judge the findings of all other rules run after them.
    needs_all_findings: ClassVar[bool] = False
    # Findings stay visible on classes that set ``_supports_group_offloading = False``.
    applies_to_opted_out: ClassVar[bool] = False
    # The report keeps one finding per rule, method and attribute, at the first touch, and names the later touches
    # as its related locations (its fix edits them all): how such a touch is named (``{attribute}``, ``{method}``:
    # the finding's).
    related_note: ClassVar[str] = "another use of self.{attribute} in {method}()"
    # For the readiness report: the hazard holds inside the component's forward too at leaf level
    # (a leaf is onloaded only while it runs), so a public method reached only through forward keeps it.
    leaf_inside_forward: ClassVar[bool] = False
    # For the readiness report: made at a class's construction or for the class as a whole, the
    # finding holds wherever the class runs.
    holds_wherever_class_runs: ClassVar[bool] = False
    # For a module rule whose finding a caller rule cites (OFL202): the fix at the cited definition
    # (``{owner}``: the class that defines it).
    fix_where_defined: ClassVar[str] = "move the weights to the input's device where they are used"
    # The ``Strategy`` field (a bool) that says under which strategies ``fix_where_defined`` is a fix; where it holds
    # under none of the cited strategies, OFL202 gives theirs (``Strategy.hooked_method_fix``) instead.
    fix_where_defined_under: ClassVar[str] = "move_is_fix"

    def visits(self, cls: ClassInfo, method: MethodSummary, context: MethodContext,
               semantics: OffloadSemantics) -> bool:
        """For ``Scope.CALLER_METHOD`` rules: whether ``method`` needs the libcst pass."""
        return False

    def focus(self, cls: ClassInfo, method: MethodSummary, semantics: OffloadSemantics) -> frozenset[str] | None:
        """For ``Scope.CALLER_METHOD`` rules: the texts (``self.vae.latents_mean``) whose
        statements the libcst pass must see; None for the whole method."""
        return None

    def check_method(self, check: MethodCheck) -> Iterable[Finding]:
        """The check of ``Scope.METHOD`` and ``Scope.CALLER_METHOD`` rules."""
        return ()

    def check_class(self, check: ClassCheck) -> Iterable[Finding]:
        """The check of ``Scope.CLASS`` and ``Scope.CALLER_CLASS`` rules."""
        return ()

    def check_function(self, check: FunctionCheck) -> Iterable[Finding]:
        """The check of ``Scope.FUNCTION`` rules."""
        return ()
