"""Rows from facts: for each pipeline, each component × level × streams gets the findings that the
pipeline's own calls reach (with the paths' conditions), or the reason it has none.

The findings come from the linter (one run over the tree, plus the files that define components
outside it: a transformers text encoder), the reach from :mod:`.paths`, streams from
:mod:`..analyze.streams`. Which finding counts for which component:
- a finding in the component's class (or a base) counts when the pipeline reaches its method; a
  finding judged "outside forward" that the pipeline reaches only through ``forward`` counts at
  leaf level only, for the rules whose hazard holds inside forward too;
- a finding in a class the component holds (a child) counts at leaf level, where each leaf is
  hooked alone, when it is in that child's forward (at block level the component's own groups
  cover its children);
- the pipeline's own OFL2xx count for the component they name, at the lines its calls reach.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any, Iterable

from ..analyze.components import SAFE_COMPONENT_ATTRIBUTES
from ..analyze.entry_points import Context, EntryPoints
from ..analyze.semantics import OffloadSemantics
from ..analyze.streams import StreamHook, installed_stream_hook, stream_facts
from ..engine import SUPPRESSED_BY_OPT_OUT
from ..finding import LEAF, Finding
from ..index.project import KNOWN_MODULE_BASES, ClassInfo, ProjectIndex
from ..index.summary import INDEX
from ..rules import ALL_RULES
from ..rules.component_moved_by_hand import ComponentMovedByHand
from .components import components, members, pipelines
from .model import LEVELS, STREAMS, Cause, Component, PipelineReadiness, Row, Verdict
from .paths import Passed, Path, Reach, Walker, add_path, switched_on
from .sub_pipelines import SubPipeline, sub_pipelines

# Rules whose hazard holds inside the component's forward too at leaf level (a leaf is onloaded
# only while it runs): a public method reached only through forward keeps these at leaf level.
_LEAF_INSIDE_FORWARD = frozenset(rule.code for rule in ALL_RULES if rule.leaf_inside_forward)
# Findings made at a class's construction or for the class as a whole: they hold wherever it runs.
_CLASS_WIDE = frozenset(rule.code for rule in ALL_RULES if rule.holds_wherever_class_runs)
# A component moved by hand masks the others (rows say so); the other rules that judge code outside
# modules (a pipeline driving a component) give causes for the component they name.
_MOVED_BY_HAND = ComponentMovedByHand.code
_PIPELINE_CODES = frozenset(rule.code for rule in ALL_RULES if rule.scope.outside_modules) - {_MOVED_BY_HAND}
_ENTRY = "__call__"
# Calls on a component that run none of its weights (``self.vae.enable_tiling()``, ``.to(device)``).
_NOT_AN_ENTRY = SAFE_COMPONENT_ATTRIBUTES | {"modules", "named_modules", "register_to_config", "requires_grad_"}


@dataclass
class FindingIndex:
    by_method: dict[tuple[str, str | None], list[Finding]]
    by_class: dict[str, list[Finding]]

    @classmethod
    def of(cls, findings: Iterable[Finding], keep_opted_out: bool = False) -> "FindingIndex":
        """``keep_opted_out``: also the findings that ``_supports_group_offloading = False`` hides."""
        by_method: dict[tuple[str, str | None], list[Finding]] = {}
        by_class: dict[str, list[Finding]] = {}
        for finding in findings:
            hidden = finding.suppressed_by and not (keep_opted_out and finding.suppressed_by == SUPPRESSED_BY_OPT_OUT)
            if finding.class_name is None or finding.module is None or hidden:
                continue
            qualified = f"{finding.module}.{finding.class_name}"
            by_method.setdefault((qualified, finding.method), []).append(finding)
            by_class.setdefault(qualified, []).append(finding)
        return cls(by_method, by_class)


class Assessor:
    def __init__(self, project: ProjectIndex, semantics: OffloadSemantics, entry_points: EntryPoints,
                 findings: FindingIndex, hook: StreamHook | None = None,
                 inputs: dict[str, dict[str, Any]] | None = None,
                 built: dict[str, dict[str, str]] | None = None, ignore_opt_out: bool = False,
                 switches: dict[str, dict[str, tuple[str, ...]]] | None = None) -> None:
        self.project = project
        self.semantics = semantics
        self.entry_points = entry_points
        self.findings = findings
        self.hook = hook or installed_stream_hook()
        self.inputs = inputs or {}  # pipeline name -> the test's dummy inputs (literals)
        self.built = built or {}  # pipeline name -> component -> the class its test builds
        self.switches = switches or {}  # pipeline name -> component -> what its test switches on
        self._walks: dict[tuple[str, str, str, Passed | None, tuple[str, ...]], Reach] = {}
        self._pipelines: dict[str, PipelineReadiness | None] = {}  # assessed, by qualified name
        # Assess opted-out components as if they had not opted out (``--check`` asks whether an
        # opt-out is still needed); their Component records keep the flag.
        self.ignore_opt_out = ignore_opt_out

    def assess(self, only: set[str] | None = None) -> list[PipelineReadiness]:
        out = []
        for cls in pipelines(self.project):
            if only and cls.name not in only and cls.qualified not in only:
                continue
            out.append(self.pipeline(cls))
        return out

    def pipeline(self, cls: ClassInfo) -> PipelineReadiness:
        if cls.qualified not in self._pipelines:
            self._pipelines[cls.qualified] = None  # a sub-pipeline that builds its builder again is not followed
            self._pipelines[cls.qualified] = self._assess_pipeline(cls)
        return self._pipelines[cls.qualified] or PipelineReadiness(cls.name, cls.qualified, cls.file.path,
                                                                   cls.summary.line)

    def _assess_pipeline(self, cls: ClassInfo) -> PipelineReadiness:
        held = components(cls, self.semantics, self.built.get(cls.name))
        names = frozenset(c.name for c in held)
        subs = sub_pipelines(cls, self.project)
        reach = Walker(cls, names | {sub.attribute for sub in subs}).walk(_ENTRY, self.inputs.get(cls.name))
        own = [f for info in cls.mro for f in self.findings.by_class.get(info.qualified, ())]
        result = PipelineReadiness(cls.name, cls.qualified, cls.file.path, cls.summary.line)
        for component in held:
            moved = [f for f in own if f.code == _MOVED_BY_HAND and _component_of(f) == component.name
                     and (f.path, f.line) in reach.lines]
            if moved:
                component = replace(component, moved_by_hand=_cause(moved[0], reach.lines[(moved[0].path, moved[0].line)]))
            result.components.append(component)
            result.rows.extend(self._rows(cls, component, reach, own, subs))
        if reach.unfollowed:
            result.notes.append("helpers given the pipeline itself are not followed: "
                                + ", ".join(sorted(reach.unfollowed)))
        return result

    def _run_by_sub_pipeline(self, cls: ClassInfo, component: Component, reach, subs: list[SubPipeline]) -> list[Row]:
        """A component ``__call__`` never runs itself but hands to a pipeline it runs (``self.decoder_pipe(...)``):
        that pipeline's rows for the name it is handed in as, its causes reached through the call."""
        for sub in subs:
            inner_name = sub.name_for(component.name)
            calls = [path for method, path in reach.entries.get(sub.attribute, ()) if method == "forward"]
            if inner_name is None or not calls:
                continue
            inner = self.pipeline(sub.cls)
            rows = [row for row in inner.rows if row.component == inner_name]
            if not rows:
                continue
            via = " -> ".join((_ENTRY,) + min(calls, key=lambda p: (not p.taken, len(p.via))).via)
            return [replace(row, pipeline=cls.name, component=component.name,
                            causes=tuple(replace(cause, via=f"{via} -> {cause.via}") for cause in row.causes),
                            masked=tuple(replace(cause, via=f"{via} -> {cause.via}") for cause in row.masked),
                            reason=_joined(row.reason, f"{cls.name}.__call__ runs {component.name} through "
                                                       f"self.{sub.attribute}(...), a {sub.cls.name} built with "
                                                       f"{inner_name}={component.name}: its row"),
                            runtime=None)
                    for row in rows]
        return []

    # --- one component ---------------------------------------------------------------------
    def _rows(self, pipeline: ClassInfo, component: Component, reach, own: list[Finding],
              subs: list[SubPipeline]) -> list[Row]:
        rows: list[Row] = []
        entries = [(method, path) for method, path in reach.entries.get(component.name, [])
                   if method not in _NOT_AN_ENTRY and not self.entry_points.is_setup(method)]
        cls_name = self._class_called(component, {method for method, _ in entries})
        info = self.project.lookup_class(cls_name) if cls_name and cls_name not in KNOWN_MODULE_BASES else None
        moved_note = (f"the pipeline moves {component.name} by hand ({component.moved_by_hand.location()}): "
                      f"it stays on the device outside the hooks",) if component.moved_by_hand else ()

        def row(level: str, streams: bool, verdict: Verdict, causes=(), reason: str = "", notes=()) -> Row:
            return Row(pipeline.name, component.name, cls_name, level, streams, verdict, tuple(causes), reason,
                       tuple(notes) + moved_note)

        if not component.supports_group_offloading and not self.ignore_opt_out:
            reason = f"{component.short_class} sets _supports_group_offloading = False"
            return [row(level, streams, Verdict.OPTED_OUT, reason=reason) for streams in STREAMS for level in LEVELS]
        if info is None:
            if cls_name is None:
                reason = f"no class is named for '{component.name}'"
            elif cls_name in KNOWN_MODULE_BASES:
                reason = (f"annotated only as {component.short_class} (any model): --tests reads the class the "
                          f"test's get_dummy_components() builds")
            else:
                reason = f"class {cls_name} could not be read"
            return [row(level, streams, Verdict.UNKNOWN, reason=reason) for streams in STREAMS for level in LEVELS]
        pipeline_causes = self._pipeline_causes(component.name, own, reach)
        if not entries and not any(pipeline_causes.values()):
            delegated = self._run_by_sub_pipeline(pipeline, component, reach, subs)
            if delegated:
                return delegated
            reason = f"{pipeline.name}.__call__ never runs {component.name}"
            return [row(level, streams, Verdict.PASSES, reason=reason) for streams in STREAMS for level in LEVELS]
        inner = Reach()
        for method, path in entries:
            switches = self.switches.get(pipeline.name, {}).get(component.name, ())
            local = self._walk(info, component.name, method, reach.passed.get((component.name, method)), switches)
            for table, joined_table in ((local.methods, inner.methods), (local.lines, inner.lines)):
                for key, paths in table.items():
                    joined = joined_table.setdefault(key, [])
                    for local_path in paths:
                        add_path(joined, path.joined(local_path))
        entered_by = tuple(dict.fromkeys(method for method, _ in entries))
        facts = stream_facts(component.name, entered_by,
                             _conditional_children(self._walk(info, component.name, "forward")),
                             any(m.startswith("tiled_") for _, m in inner.methods), self.hook)
        for level in LEVELS:
            found = self._component_causes(info, level, inner)
            places = {(c.path, c.line) for c in found}
            causes = _one_per_place(found + [c for c, cited in pipeline_causes[level]
                                             if cited is None or (cited[:2] not in places and _runs_in(info, cited))])
            masked: list[Cause] = []
            if causes and component.moved_by_hand is not None and component.moved_by_hand.taken_by_test:
                masked, causes = causes, []
            verdict = Verdict.FAILS if causes else Verdict.PASSES
            reason = (f"masked: the pipeline moves {component.name} to the device by hand "
                      f"({component.moved_by_hand.location()}, OFL207), so its weights are there when "
                      f"{', '.join(sorted({c.method or '?' for c in masked}))} read them; it fails once that "
                      f"line goes") if masked else ""
            for streams in STREAMS:
                details = facts.details if streams else ()
                if streams and facts.undecided and verdict is Verdict.PASSES:
                    made = row(level, streams, Verdict.UNKNOWN, causes, facts.undecided, facts.notes)
                else:
                    made = row(level, streams, verdict, causes, reason, facts.notes if streams else ())
                rows.append(replace(made, masked=tuple(masked), details=details))
        return rows

    def _component_causes(self, root: ClassInfo, level: str, inner) -> list[Cause]:
        causes: list[Cause] = []
        for (owner, method), paths in inner.methods.items():
            through_forward_only = all(_entry_step(p) == "forward" for p in paths)
            for finding in self.findings.by_method.get((owner, method), ()):
                if level not in finding.levels or not self._holds_for(finding, root, level):
                    continue
                if through_forward_only and method != "forward" and not self._hooked(owner, method) and (
                        level != LEAF or finding.code not in _LEAF_INSIDE_FORWARD):
                    continue
                # The tests guarding the finding's own line (``if not force_not_quantize:``) count too, and those
                # of its repeats in the same file (the same layer called in both branches of
                # ``if self.gradient_checkpointing:``: unconditional once either branch is); a line the walk never
                # recorded is on a dead path.
                places = [(finding.path, finding.line)] + [(r.path, r.line) for r in finding.related
                                                           if r.path == finding.path]
                reached = [path for place in places for path in inner.lines.get(place, ())]
                if not reached and any((finding.path, n) in inner.lines for n in _method_lines(owner, method, self)):
                    continue
                causes.append(_cause(finding, reached or paths))
        own = {info.qualified for info in root.mro}
        forward_paths = [p for paths in inner.methods.values() for p in paths] or [Path()]
        if level == LEAF:
            for child in members(root, self.project, skip=_children_on_dead_paths(root, inner)):
                if child.qualified in own:
                    continue
                causes.extend(self._child_causes(child, forward_paths))
        for info in root.mro:
            for finding in self.findings.by_class.get(info.qualified, ()):
                if finding.code in _CLASS_WIDE and level in finding.levels:
                    causes.append(_cause(finding, forward_paths))
        return causes

    def _class_called(self, component: Component, methods: set[str]) -> str | None:
        """Of a union annotation's classes (``ClapTextModelWithProjection | ClapModel``), the first that
        defines every method the pipeline calls on the component."""
        for qualified in (component.class_name, *component.alternatives):
            info = self.project.lookup_class(qualified) if qualified else None
            if info is not None and methods <= set(info.methods) | {"forward"}:
                return qualified
        return component.class_name

    def _walk(self, info: ClassInfo, label: str, method: str, passed: Passed | None = None,
              switches: tuple[str, ...] = ()) -> Reach:
        """What ``info.<method>`` reaches of its own class (its children's calls as entries), once per
        class, method, the arguments callers pass, the switches the test turned on and the name the pipeline
        gives the component (it labels the tests)."""
        key = (info.qualified, label, method, passed, switches)
        if key not in self._walks:
            walker = Walker(info, _child_names(info), label=f"self.{label}.", switched=switched_on(info, switches))
            self._walks[key] = walker.walk(method, passed=passed)
        return self._walks[key]

    def _child_causes(self, child: ClassInfo, entered: list[Path]) -> list[Cause]:
        """Leaf-level findings of a class the component holds, in what its forward reaches (with the
        tests on the way, its parameters at their defaults: how the parent usually calls it)."""
        found = [f for info in child.mro for f in self.findings.by_class.get(info.qualified, ()) if LEAF in f.levels]
        if not found:
            return []
        inside = self._walk(child, child.name, "forward").methods
        prefix = min(entered, key=lambda p: (not p.taken, len(p.via)))
        causes = []
        for finding in found:
            if finding.code in _CLASS_WIDE:
                causes.append(_cause(finding, entered))
                continue
            owner = f"{finding.module}.{finding.class_name}"
            paths = inside.get((owner, finding.method or ""))
            if paths:
                causes.append(_cause(finding, [Path(prefix.guards + p.guards, prefix.via + (f"{child.name}.forward",)
                                                    + p.via) for p in paths]))
        return causes

    def _holds_for(self, finding: Finding, root: ClassInfo, level: str) -> bool:
        """A base class's OFL102 (a child called outside forward) holds for ``root`` when the semantics
        says that call leaves the child offloaded in ``root`` too: ``root`` may list the child in its own
        ``_group_offload_block_modules``."""
        if finding.code != "OFL102" or finding.class_name == root.name or not finding.attribute:
            return True
        resolution = self.semantics.resolve(root, _chain(finding.attribute))
        if resolution is None:
            return True
        return level in self.semantics.offloaded(root, resolution, hooked=False, calls_module=True).levels

    def _hooked(self, owner: str, method: str) -> bool:
        info = self.project.lookup_class(owner)
        return info is not None and self.entry_points.context(info, method).context is Context.HOOKED

    def _pipeline_causes(self, component: str, own: list[Finding], reach,
                         ) -> dict[str, list[tuple[Cause, tuple[str, int, str] | None]]]:
        """The pipeline's own findings on ``component`` by level, each with the component finding it
        cites (OFL202's ``defined_at``), which is the one cause to show when the component's is shown."""
        found: dict[str, list[tuple[Cause, tuple[str, int, str] | None]]] = {level: [] for level in LEVELS}
        for finding in own:
            if finding.code not in _PIPELINE_CODES or _component_of(finding) != component:
                continue
            paths = reach.lines.get((finding.path, finding.line))
            if not paths:
                continue
            # OFL202 cites the component finding it is about; the component's own cause is the one to show,
            # and a finding of another class (a subclass pipeline holding a fixed model) is not this one's.
            defined = finding.extra.get("defined_at") or {}
            cited = (defined.get("path"), defined.get("line"),
                     f"{defined.get('module')}.{defined.get('class')}.{defined.get('method')}") if defined else None
            for level in LEVELS:
                if level in finding.levels:
                    found[level].append((_cause(finding, paths), cited))
        return found


def _children_on_dead_paths(root: ClassInfo, inner: Reach) -> frozenset[str]:
    """``root``'s children that the methods the call runs name only on lines it does not run
    (``self.vquantizer`` under ``if not force_not_quantize:`` when nobody passes it)."""
    seen: dict[str, bool] = {}
    for owner, method in inner.methods:
        info = root.project.lookup_class(owner)
        summary = info.summary.methods.get(method) if info is not None else None
        if summary is None:
            continue
        lines = _source_lines(info.file.path)
        for number in range(summary.start_line, min(summary.end_line, len(lines)) + 1):
            for name in _SELF_ATTRIBUTE.findall(lines[number - 1]):
                if name in root.owned:
                    seen[name] = seen.get(name, False) or (info.file.path, number) in inner.lines
    return frozenset(name for name, live in seen.items() if not live)


_SELF_ATTRIBUTE = re.compile(r"\bself\.(\w+)")


def _joined(reason: str, delegated: str) -> str:
    return f"{delegated} ({reason})" if reason else delegated


def _source_lines(path: str) -> tuple[str, ...]:
    from .paths import _lines

    return tuple(line.rstrip("\n") for line in _lines(path))


def _method_lines(owner: str, method: str, assessor: "Assessor") -> range:
    """The lines of ``owner.method`` (empty when unknown): a walked method records the lines it runs."""
    info = assessor.project.lookup_class(owner)
    summary = info.summary.methods.get(method) if info is not None else None
    return range(summary.start_line, summary.end_line + 1) if summary is not None else range(0)


def _runs_in(root: ClassInfo, cited: tuple[str, int, str]) -> bool:
    """Whether the cited finding's line is in the method ``root``'s instances run (not in an override of
    it that a subclass replaced, nor in another class's)."""
    path, line, qualified_method = cited
    found = root.methods.get(qualified_method.rpartition(".")[2])
    if found is None:
        return False
    definer, method = found
    return definer.file.path == path and method.start_line <= line <= method.end_line


def _chain(attribute: str) -> tuple[str, ...]:
    """``blocks[i].norm`` as the index spells chains: ``("blocks", "[]", "norm")``."""
    steps: list[str] = []
    for part in attribute.split("."):
        name, _, rest = part.partition("[")
        steps.append(name)
        steps.extend(INDEX for _ in range(rest.count("]")))
    return tuple(steps)


def _entry_step(path: Path) -> str:
    """The component method the path entered through: ``decode`` for ``self.vae.decode(...)``,
    ``forward`` for ``self.vae(...)``."""
    entered = [step for step in path.via if step.startswith("self.") and step.endswith("(...)")]
    if not entered:
        return ""
    chain = entered[0][: -len("(...)")].split(".")
    return "forward" if len(chain) == 2 else chain[2]


def _child_names(info: ClassInfo) -> frozenset[str]:
    return frozenset(name for name, owned in info.owned.items() if owned.kind and not owned.is_tensor)


def _conditional_children(inner) -> tuple[str, ...]:
    """Children of the component that its forward calls only behind a test of an input."""
    found = []
    for child, calls in inner.entries.items():
        paths = [path for _, path in calls]
        if paths and all(any(g.on_input and g.value is not True for g in p.guards) for p in paths):
            found.append(child)
    return tuple(sorted(found))


def _component_of(finding: Finding) -> str:
    return (finding.attribute or "").split(".", 1)[0].split("[", 1)[0]


def _cause(finding: Finding, paths: list[Path]) -> Cause:
    """A finding with the best path to it: one the test takes, without a condition if there is one."""
    ranked = sorted(paths, key=lambda p: (not p.taken, p.condition is not None, len(p.via)))
    best = ranked[0] if ranked else Path()
    unconditional = any(p.condition is None for p in paths) or not paths
    condition = None if unconditional else _either(p.condition for p in paths if p.condition)
    return Cause(finding.path, finding.line, finding.code, finding.message, finding.class_name, finding.method,
                 finding.attribute, condition, any(p.taken for p in paths) or not paths,
                 " -> ".join((_ENTRY,) + best.via))


def _either(conditions: Iterable[str], most: int = 3) -> str:
    """Alternative conditions, shortest first; a long list is cut (the paths say the rest)."""
    unique = sorted(dict.fromkeys(conditions), key=len)
    shown = " or ".join(f"({c})" if " and " in c and len(unique) > 1 else c for c in unique[:most])
    return shown + (f" or {len(unique) - most} more paths" if len(unique) > most else "")


def _one_per_place(causes: list[Cause]) -> list[Cause]:
    """One cause per place and rule (a line reached on several paths is one cause)."""
    seen: dict[tuple[str, int, str], Cause] = {}
    for cause in causes:
        seen.setdefault((cause.path, cause.line, cause.code), cause)
    return sorted(seen.values(), key=lambda c: (c.code, c.path, c.line))


__all__ = ["Assessor", "FindingIndex"]
