"""Decide where the libcst visitors need to look.

The index already knows every ``self...`` chain a method mentions; a method is worth a
libcst parse only if one of those chains denotes a weight (or a module call) that the
semantics say is offloaded at that point, or if a rule for non-module classes asks for it.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ..index.project import ClassInfo, ProjectIndex
from ..index.summary import MethodSummary
from .entry_points import EntryPoints, MethodContext, OuterCall
from .semantics import METHOD, MODULE, TENSOR, OffloadSemantics, Resolution


@dataclass
class MethodTarget:
    cls: ClassInfo
    method: MethodSummary
    context: MethodContext
    # Statements to keep when parsing (texts they mention); None: the whole method.
    focus: frozenset[str] | None = None
    # A module-level function handed the pipeline (``get_embeddings(pipe=self)``): the file it is written in.
    function_path: str | None = None

    @property
    def path(self) -> str:
        """The file the method is written in (a mixin's, for a method the model inherits)."""
        if self.function_path is not None:
            return self.function_path
        return self.cls.methods.get(self.method.name, (self.cls, None))[0].file.path


def methods_to_visit(project: ProjectIndex, semantics: OffloadSemantics, entry_points: EntryPoints,
                     rules: list, classes: list[ClassInfo] | None = None) -> list[MethodTarget]:
    """``classes``: only these (default: every project class; the flake8 plugin lints one file)."""
    return list(iter_methods_to_visit(project, semantics, entry_points, rules, classes))


def iter_methods_to_visit(project: ProjectIndex, semantics: OffloadSemantics, entry_points: EntryPoints,
                          rules: list, classes: list[ClassInfo] | None = None) -> Iterator[MethodTarget]:
    """:func:`methods_to_visit` one by one, in the same order (the engine starts parsing the first
    methods while the later ones are still being picked)."""
    outside_rules = [r for r in rules if r.scope.outside_modules]
    for cls in project.project_classes() if classes is None else classes:
        if not cls.is_module and not outside_rules:
            continue
        for name, method in _own_and_mixin_methods(cls):
            if method.is_static:
                continue
            context = entry_points.context(cls, name)
            if not context.context.judged:
                continue
            outer = entry_points.outer_calls(cls, name) if cls.is_module and not context.hooked else ()
            if cls.is_module and touches_offloadable(cls, method, context, semantics, outer):
                yield MethodTarget(cls, method, context)
            else:
                visiting = [rule for rule in outside_rules if rule.visits(cls, method, context, semantics)]
                if visiting:
                    yield MethodTarget(cls, method, context, _union_focus(visiting, cls, method, semantics))
            if not cls.is_module:
                yield from _functions_handed(cls, method, context, project, semantics, outside_rules)


def _functions_handed(cls: ClassInfo, method: MethodSummary, context: MethodContext, project: ProjectIndex,
                      semantics: OffloadSemantics, rules: list) -> Iterator[MethodTarget]:
    """``get_embeddings(pipe=self, ...)`` in a pipeline's method: the function, read as a method of the
    pipeline (its first parameter is the pipeline), when it is linted."""
    for callee, key in method.handed_self:
        found = project.pipeline_function(cls.file, callee)
        if found is None:
            continue
        path, function = found
        if key not in (0, function.params[0]):
            continue
        if any(rule.visits(cls, function, context, semantics) for rule in rules):
            # Parsed whole: a focus is spelled with ``self.``, the function with its own first parameter.
            yield MethodTarget(cls, function, context, None, path)


def _own_and_mixin_methods(cls: ClassInfo):
    """A class's own methods, and for a module those it inherits from a project mixin that is no
    module itself (``WhisperGenerationMixin.generate``): they run with ``self`` being the model."""
    yield from cls.summary.methods.items()
    if not cls.is_module:
        return
    for name, (defining, method) in cls.methods.items():
        if defining is not cls and not defining.is_module and not defining.external and name not in cls.summary.methods:
            yield name, method


def _union_focus(rules: list, cls: ClassInfo, method: MethodSummary,
                 semantics: OffloadSemantics) -> frozenset[str] | None:
    texts: set[str] = set()
    for rule in rules:
        focus = rule.focus(cls, method, semantics)
        if focus is None:
            return None
        texts |= focus
    return frozenset(texts)


def touches_offloadable(cls: ClassInfo, method: MethodSummary, context: MethodContext,
                        semantics: OffloadSemantics, outer_calls: tuple[OuterCall, ...] = ()) -> bool:
    """Whether the method touches a weight that some strategy has offloaded there (``outer_calls``: the ways
    in from modules on top, for a class block level does not judge alone)."""
    if method.calls_next_parameters:
        return True
    defining = cls.methods.get(method.name, (cls, None))[0]
    if any(key == 0 and semantics.project.reads_first_parameter(defining.file, callee)
           for callee, key in method.handed_self):
        return True  # ``get_device_dtype(self)`` (timm): reads ``next(self.parameters())`` for the method

    def offloaded(resolution: Resolution, calls_module: bool = False) -> bool:
        return bool(semantics.offloaded(cls, resolution, context.hooked, calls_module=calls_module)) or any(
            semantics.offloaded_from_outside(outer.top, outer.receiver, resolution, outer.hooked, calls_module,
                                             outer.hooked_under)
            for outer in outer_calls)

    for chain in method.self_chains:
        resolution = semantics.resolve(cls, chain)
        if resolution is None:
            continue
        if resolution.target == TENSOR and offloaded(resolution):
            return True
        if resolution.target == METHOD and resolution.name == "device":
            return True
        if resolution.target in (MODULE, METHOD) and resolution.owner.path and offloaded(resolution, True):
            return True
    return False
