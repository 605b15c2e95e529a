"""Readiness as a person reads it: a table per pipeline (text or markdown), one JSON object per row,
and ``config``: the three test-config lists a maintainer writes, each name with its cause, the
model-level declarations that would make a list unnecessary, and the end user's call."""

from __future__ import annotations

import json
import re
from typing import IO, Iterable

from ..finding import BLOCK, LEAF, display_path
from .model import LEVELS, STREAMS, Cause, Component, PipelineReadiness, Row, Verdict

_CAUSES_SHOWN = 3  # per component in the table's explanations; JSON has them all
_COLUMNS: tuple[tuple[str, bool], ...] = tuple((level, streams) for streams in STREAMS for level in LEVELS)


def _column_title(level: str, streams: bool) -> str:
    return f"{level}+streams" if streams else level


def _cell(row: Row | None) -> str:
    if row is None:
        return "-"
    text = row.verdict.value
    if row.verdict is Verdict.FAILS and not row.fails_under_test:
        text += "*"  # only on a path the test's inputs do not take
    if row.masked:
        text += " (masked)"
    if row.runtime is not None:
        text += f" (runtime: {row.runtime.verdict})"
    return text


def render_text(pipelines: Iterable[PipelineReadiness], out: IO[str]) -> None:
    for pipeline in pipelines:
        out.write(f"{pipeline.name}  ({display_path(pipeline.path)}:{pipeline.line})\n")
        header = ["component", "class"] + [_column_title(*c) for c in _COLUMNS]
        table = [header] + [[c.name + (" (optional)" if c.optional else ""), c.short_class]
                            + [_cell(pipeline.row(c.name, *col)) for col in _COLUMNS] for c in pipeline.components]
        widths = [max(len(r[i]) for r in table) for i in range(len(header))]
        for line in table:
            out.write("  " + "  ".join(v.ljust(w) for v, w in zip(line, widths)).rstrip() + "\n")
        for text in _explanations(pipeline):
            out.write(f"    {text}\n")
        out.write("\n")
    out.write("* fails only when the call takes the condition's path (not with the test's inputs)\n")


def render_markdown(pipelines: Iterable[PipelineReadiness], out: IO[str]) -> None:
    for pipeline in pipelines:
        out.write(f"### {pipeline.name}\n\n")
        titles = [_column_title(*c) for c in _COLUMNS]
        out.write("| component | class | " + " | ".join(titles) + " |\n")
        out.write("|---|---|" + "---|" * len(titles) + "\n")
        for component in pipeline.components:
            cells = [_cell(pipeline.row(component.name, *col)) for col in _COLUMNS]
            out.write(f"| `{component.name}` | `{component.short_class}` | " + " | ".join(cells) + " |\n")
        explanations = _explanations(pipeline)
        if explanations:
            out.write("\n" + "".join(f"- {text}\n" for text in explanations))
        out.write("\n")
    out.write("`*`: fails only on a path the test's inputs do not take (see its condition).\n")


def _explanations(pipeline: PipelineReadiness) -> list[str]:
    """One line per cause (component, levels, condition, rule, place), then the reasons and notes."""
    lines: list[str] = []
    for component in pipeline.components:
        rows = [r for r in pipeline.rows_of(component.name) if not r.streams]
        by_cause: dict[tuple[str, int, str], tuple[Cause, list[str]]] = {}
        for row in rows:
            for cause in row.causes:
                key = (cause.path, cause.line, cause.code)
                by_cause.setdefault(key, (cause, []))[1].append(row.level)
        ranked = sorted(by_cause.values(), key=lambda item: (item[0].condition is not None, not item[0].taken_by_test))
        for cause, levels in ranked[:_CAUSES_SHOWN]:
            when = f" when {cause.condition}" if cause.condition else ""
            lines.append(f"{component.name} fails at {' and '.join(levels)} level{when}: {cause.code} "
                         f"{cause.location()} {_cause_summary(cause)} (via {cause.via})")
        if len(ranked) > _CAUSES_SHOWN:
            lines.append(f"{component.name}: {len(ranked) - _CAUSES_SHOWN} more causes (--output-format json "
                         f"lists every one)")
        reasons = dict.fromkeys(r.reason for r in rows if r.reason and (r.verdict is not Verdict.PASSES or r.masked))
        lines.extend(f"{component.name}: {reason}" for reason in reasons)
        stream_rows = [r for r in pipeline.rows_of(component.name) if r.streams]
        for note in dict.fromkeys(n for r in stream_rows for n in r.notes):
            lines.append(f"{component.name} with streams: {note}")
        differing: dict[tuple[str, str], list[str]] = {}
        for row in pipeline.rows_of(component.name):
            if row.runtime is not None and row.runtime.verdict != _static(row) and not row.streams:
                differing.setdefault((row.runtime.verdict, row.runtime.evidence), []).append(row.level)
        for (verdict, evidence), levels in differing.items():
            lines.append(f"{component.name} at {' and '.join(levels)} level: at runtime {verdict}: {evidence}")
    streams_runtime = {r.runtime.evidence for r in pipeline.rows if r.streams and r.runtime is not None}
    if len(streams_runtime) == 1:
        lines.append(f"streams rows at runtime: {streams_runtime.pop()}")
    lines.extend(pipeline.notes)
    return lines


def _static(row: Row) -> str:
    return "fails" if row.fails_under_test else "passes" if row.verdict in (Verdict.PASSES, Verdict.FAILS) \
        else row.verdict.value


def _cause_summary(cause: Cause) -> str:
    where = f"{cause.class_name}.{cause.method}()" if cause.class_name and cause.method else ""
    what = f" touches {cause.attribute}" if cause.attribute else ""
    return (where + what).strip()


def render_json(pipelines: Iterable[PipelineReadiness], out: IO[str]) -> None:
    rows = [row.to_json() for pipeline in pipelines for row in pipeline.rows]
    json.dump(rows, out, indent=2)
    out.write("\n")


# --- config ------------------------------------------------------------------------------------
def render_config(pipelines: Iterable[PipelineReadiness], out: IO[str]) -> None:
    for pipeline in pipelines:
        out.write(pipeline_config(pipeline))
        out.write("\n")


def pipeline_config(pipeline: PipelineReadiness) -> str:
    """The test config's lists for ``pipeline`` as Python, following the test's inputs (a failure only
    on a path they do not take lists nothing), then the declarations and the end user's call."""
    both, leaf_only, block_only, opted_out, unknown = [], [], [], [], []
    for component in pipeline.components:
        failing = {level for level in LEVELS if (row := pipeline.row(component.name, level)) and row.fails_under_test}
        row = pipeline.row(component.name, BLOCK)
        if row is not None and row.verdict is Verdict.OPTED_OUT:
            opted_out.append(component)
        elif row is not None and row.verdict is Verdict.UNKNOWN:
            unknown.append(component)
        if failing == {BLOCK, LEAF}:
            both.append(component)
        elif failing == {LEAF}:
            leaf_only.append(component)
        elif failing == {BLOCK}:
            block_only.append(component)
    lines = [f"# {pipeline.name} ({display_path(pipeline.path)})",
             f"class {pipeline.name}TesterConfig:  # your test config class",
             f"    pipeline_class = {pipeline.name}"]
    lines += _list("group_offloading_exclude_modules", [(c, _why(pipeline, c, BLOCK)) for c in both + block_only])
    lines += _list("group_offloading_leaf_level_exclude_modules", [(c, _why(pipeline, c, LEAF)) for c in leaf_only])
    lines += _list("group_offloading_onload_component_names", [])
    notes = []
    for component in block_only:
        notes.append(f"# {component.name} ({component.short_class}) fails at block level only and no list is "
                     f"block-only, so it is excluded at both levels; instead fix it in the model: "
                     f"{_fix_hint(pipeline, component, BLOCK)}")
    for component in both + leaf_only:
        if component.is_diffusers_model:
            level = BLOCK if component in both else LEAF
            notes.append(f"# {component.name} is a diffusers model ({component.short_class}): instead of a list, "
                         f"fix it ({_fix_hint(pipeline, component, level)}) or declare "
                         f"{component.short_class}._supports_group_offloading = False")
    for component in opted_out:
        notes.append(f"# {component.name} ({component.short_class}) sets _supports_group_offloading = False: "
                     f"the tests skip it")
    for component in unknown:
        reason = next((r.reason for r in pipeline.rows_of(component.name) if r.reason), "")
        notes.append(f"# {component.name}: unknown ({reason})")
    conditional = [(c, r) for c in pipeline.components for r in pipeline.rows_of(c.name)
                   if not r.streams and r.verdict is Verdict.FAILS and not r.fails_under_test]
    for component, row in conditional:
        notes.append(f"# {component.name} fails at {row.level} level only when {row.condition} "
                     f"(the test's inputs do not): not listed")
    lines += notes
    lines += ["", "# End user, one call per level:"] + end_user_calls(pipeline)
    return "\n".join(lines) + "\n"


def _list(name: str, entries: list[tuple[Component, str]]) -> list[str]:
    if not entries:
        return [f"    {name} = []"]
    return [f"    {name} = ["] + [f'        "{c.name}",  # {why}' for c, why in entries] + ["    ]"]


def _why(pipeline: PipelineReadiness, component: Component, level: str) -> str:
    row = pipeline.row(component.name, level) or pipeline.row(component.name, LEAF)
    if row is None or not row.causes:
        return ""
    cause = next((c for c in row.causes if c.taken_by_test), row.causes[0])
    levels = [lv for lv in LEVELS if (r := pipeline.row(component.name, lv)) and r.fails_under_test]
    return f"{_in_model_terms(cause)} ({cause.code}, {cause.location()}); fails at {' and '.join(levels)} level"


_WHERE_CALLED = re.compile(r"\s*\((?:called|reached) from (?:[^()]|\([^()]*\))*\)")


def _in_model_terms(cause: Cause) -> str:
    """The finding's own first clause, with the class it is about: ``PriorTransformer: post_process_latents()
    runs outside forward() and uses root parameter 'clip_std'``."""
    first = _WHERE_CALLED.sub("", cause.message.split(";", 1)[0]).strip()
    return f"{cause.class_name}: {first}" if cause.class_name else first


def _fix_hint(pipeline: PipelineReadiness, component: Component, level: str) -> str:
    row = pipeline.row(component.name, level)
    if row is None or not row.causes:
        return "see its findings"
    message = row.causes[0].message
    return message.split("Fix: ", 1)[1].rstrip(".") if "Fix: " in message else f"{row.causes[0].code} at " \
        f"{row.causes[0].location()}"


def end_user_calls(pipeline: PipelineReadiness) -> list[str]:
    """``pipe.enable_group_offload(...)`` per level, excluding what fails there (and what opts out,
    which ``ModelMixin.enable_group_offload`` refuses)."""
    calls = []
    for level in LEVELS:
        excluded = [c.name for c in pipeline.components
                    if (row := pipeline.row(c.name, level)) is not None
                    and (row.fails_under_test or row.verdict is Verdict.OPTED_OUT)]
        blocks = ", num_blocks_per_group=1" if level == BLOCK else ""
        calls.append(f'pipe.enable_group_offload(torch.device("cuda"), offload_type="{level}_level"{blocks}, '
                     f"exclude_modules={excluded!r})")
    return calls


def render_traces(pipelines: Iterable[PipelineReadiness], out: IO[str]) -> None:
    """``--explain``: what the runtime builder tried for each row, and why."""
    for pipeline in pipelines:
        for row in pipeline.rows:
            if row.runtime is None or not row.runtime.trace:
                continue
            out.write(f"{pipeline.name}.{row.component} ({_column_title(row.level, row.streams)}): "
                      f"{row.runtime.verdict}\n")
            out.write("".join(f"    {step}\n" for step in row.runtime.trace))
            if row.runtime.stand_ins:
                out.write(f"    stand-ins: {', '.join(row.runtime.stand_ins)}\n")


FORMATS = {"text": render_text, "markdown": render_markdown, "json": render_json, "config": render_config}

__all__ = ["FORMATS", "end_user_calls", "pipeline_config", "render_config", "render_json", "render_markdown",
           "render_text", "render_traces"]
