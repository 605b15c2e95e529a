"""Facts about module-level functions that drive models from outside any of their methods.

Training scripts (``main()``) and helpers (diffusers' ``cast_training_params``) reach a model's parameters through
``<model>.parameters()``; the index records what they do with them (``FileSummary.function_uses``), and this module
judges each use against the strategies: which ones keep something there that is not the weight. Premise, as for
every strategy finding: the model is offloaded or sharded when the function runs.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ..index.project import ProjectIndex
from ..index.summary import FileSummary, FunctionUses
from ..strategies import BY_KEY
from .facts import parameter_writes
from .semantics import OffloadSemantics


class Use(Enum):
    WRITE = "write"  # ``p.data.copy_(...)``, ``p.data = ...``
    CAST = "cast"  # ``p.data = p.to(dtype)``
    HANDED = "handed"  # ``ema.copy_to(model.parameters())``
    COUNT = "count"  # ``p.numel()``


@dataclass(frozen=True)
class ParameterUse:
    function: str
    line: int
    column: int
    use: Use
    spelled: str  # what the line touches, as written (``param.data``, ``ema_unet.copy_to``, ``p.numel()``)
    model: str  # the model, as spelled (empty where the index kept only the parameter)
    levels: tuple[str, ...]
    why: str  # the trace a user reads: which fact made it a use


def parameter_uses(file: FileSummary, project: ProjectIndex, semantics: OffloadSemantics) -> list[ParameterUse]:
    """Every use of a model's parameters by ``file``'s module-level functions that breaks under some of the levels
    linted."""
    levels = tuple(semantics.levels)
    found = []
    for uses in file.function_uses.values():
        found += _writes(uses, levels) + _handed(uses, file, project, semantics) + _counts(uses, levels)
    return sorted(found, key=lambda use: (use.line, use.column))


def _gathered(uses: FunctionUses, line: int) -> bool:
    return any(first <= line <= last for first, last in uses.gathered)


def _keep(levels: tuple[str, ...], uses: FunctionUses, line: int, breaks) -> tuple[str, ...]:
    """``levels`` under which ``breaks(strategy)``, less ZeRO-3 inside ``GatheredParameters`` (``gathered_blocks``)."""
    inside = _gathered(uses, line)
    return tuple(key for key in levels if breaks(BY_KEY[key]) and not (inside and BY_KEY[key].gathered_blocks))


def _writes(uses: FunctionUses, levels: tuple[str, ...]) -> list[ParameterUse]:
    found = []
    for line, column, written, cast in uses.writes:
        # A cast of the parameter written back breaks only where the hook gathers from what is there
        # (Strategy.keeps_local_piece); any other whole write lands in no copy of the weight (write_misses_weight).
        breaks = (lambda s: s.write_misses_weight and s.keeps_local_piece) if cast else \
            (lambda s: s.write_misses_weight)
        kept = _keep(levels, uses, line, breaks)
        if kept:
            found.append(ParameterUse(uses.name, line, column, Use.CAST if cast else Use.WRITE, written, "", kept,
                                      "a loop over a model's .parameters()"))
    return found


def _handed(uses: FunctionUses, file: FileSummary, project: ProjectIndex,
            semantics: OffloadSemantics) -> list[ParameterUse]:
    """``ema.copy_to(unet.parameters())``: the local's class (as the function constructs it) has that method, and
    the index saw the method overwrite the parameters it is handed (``MethodSummary.parameter_writes``)."""
    found = []
    for line, column, classes, method, model in uses.handed:
        for spelled in classes:
            info = project.lookup_class(project.qualify(file, spelled))
            if info is None or method not in info.methods:
                continue
            owner, _ = info.methods[method]
            written = [write for write in parameter_writes(owner, semantics) if write.method == method]
            kept = tuple(key for key in semantics.levels if any(key in write.levels for write in written)
                         and not (_gathered(uses, line) and BY_KEY[key].gathered_blocks))
            if kept:
                found.append(ParameterUse(uses.name, line, column, Use.HANDED, f"{spelled}.{method}", model, kept,
                                          f"at line {written[0].line} of {owner.name}'s file"))
                break
    return found


def _counts(uses: FunctionUses, levels: tuple[str, ...]) -> list[ParameterUse]:
    """``p.numel()`` where the strategy's size reads are not the weight's (``Strategy.shape_read_true``: a ZeRO-3
    partition has 0 elements), unless the function reads DeepSpeed's own sizes (``ds_numel``)."""
    if uses.partition_aware:
        return []
    found = []
    for line, column, spelled in uses.counts:
        kept = _keep(levels, uses, line, lambda s: not s.shape_read_true)
        if kept:
            found.append(ParameterUse(uses.name, line, column, Use.COUNT, spelled, "", kept,
                                      "over a model's .parameters()"))
    return found


