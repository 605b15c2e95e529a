"""Result types of the runtime confirmer. Pure data: no torch import here."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any

from ..finding import RuntimeVerdict

CONFIRMED = "confirmed"
REFUTED = "refuted"
UNTRIGGERED = "untriggered"

# Access kinds. Only the offending ones make a verdict "confirmed".
# The meaning of "confirmed" (docs/confirmer.md, "What confirmed means"): an offloaded tensor, a tensor computed
# only from offloaded ones, or one placed with an offloaded tensor's device meets a compute-device tensor (an
# onloaded weight or an input) in an op. Everything else is evidence.
COMPUTE = "compute"  # such a tensor met an onload-device tensor in an op: the only offending kind
DEVICE = "device"  # `.device` (or is_cuda/get_device) read on an offloaded tensor: evidence; what is placed with it is tracked
RETURNED = "returned"  # the method returned such a tensor to its caller: evidence; judge the caller
MOVED = "moved"  # `.to(device)` / `.cuda()`: the fix
MOVED_BACK = "Module.to() back to the offload device"  # the op of a MOVED access that undoes a move by hand
METADATA = "metadata"  # shape/dtype/size...: harmless
MISMATCH = "device-mismatch"  # devices mixed, but no offloaded weight involved (not an offload bug)
OFFENDING_KINDS = frozenset({COMPUTE})
# How a tensor that is not itself a weight is tied to one (Access.weight "placed on the device of X").
DERIVED_PREFIX = "derived from "
PLACED_PREFIX = "placed on the device of "


def same_file(observed: str, reported: str) -> bool:
    """Whether a frame's file is the reported one: the same real path, or a reported relative path that ends it."""
    observed_path = os.path.realpath(observed)
    reported_path = os.path.realpath(reported)
    if observed_path == reported_path:
        return True
    reported_parts = os.path.normpath(reported).split(os.sep)
    observed_parts = observed_path.split(os.sep)
    tail = [part for part in reported_parts if part not in ("", ".")]
    return bool(tail) and observed_parts[-len(tail):] == tail


def weight_root(weight: str) -> str:
    """The weight behind an access: ``derived from X`` and ``placed on the device of X`` name X."""
    return weight.removeprefix(DERIVED_PREFIX).removeprefix(PLACED_PREFIX)


@dataclass(frozen=True)
class Frame:
    path: str
    line: int
    function: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line} ({self.function})"


@dataclass(frozen=True)
class Access:
    """One observed use of an offloaded tensor."""

    kind: str
    weight: str  # qualified name in the model ("clip_std", "decoder.conv.weight") or "derived from X"
    op: str  # the torch function or attribute ("mul", "F.linear", ".device")
    frames: tuple[Frame, ...]  # innermost first; torch/accelerate/diffusers.hooks/confirmer frames left out
    level: str = ""
    step: str = ""
    caller: Frame | None = None  # first frame outside torch/diffusers/confirmer (the user's line)
    origin: Frame | None = None  # for a placed tensor: where the offloaded tensor's `.device` was read
    operands: str = ""  # the devices of the op's operands, "cpu (offloaded clip_std) with cuda:0 (input)"
    origin_frames: tuple[Frame, ...] = ()  # the innermost frames of that `.device` read (origin is the first)
    # The op's other offloaded operands (``F.linear(x, weight, bias)`` with both read off the offloaded module):
    # the access is of each of them too.
    also: tuple[str, ...] = ()

    @property
    def offending(self) -> bool:
        return self.kind in OFFENDING_KINDS

    @property
    def source(self) -> Frame | None:
        return self.frames[0] if self.frames else None

    @property
    def every_frame(self) -> tuple[Frame, ...]:
        """Where the access happened and where what it used came from: its user frames, its caller, and for a
        placed tensor where the device was read."""
        return (*self.frames, *(frame for frame in (self.caller, self.origin) if frame), *self.origin_frames)

    def at(self, path: str, lines: range) -> bool:
        """Whether one of :attr:`every_frame` is on one of ``lines`` of the file ``path`` (reported paths may be
        relative to where the linter ran)."""
        return any(frame.line in lines and same_file(frame.path, path) for frame in self.every_frame)

    def of_attribute(self, attribute: str | None) -> bool:
        """Whether the access is of ``self.<attribute>``'s weights (or a value computed from them, placed on them)."""
        if not attribute:
            return False
        return any(weight == attribute or weight.startswith(attribute + ".")
                   for weight in map(weight_root, (self.weight, *self.also)))

    def describe(self) -> str:
        where = self.source or self.caller
        operands = f" [{self.operands}]" if self.operands else ""
        origin = f" (device read at {self.origin})" if self.origin else ""
        weights = " and ".join((self.weight, *self.also))
        return f"{self.kind} access to {weights} via {self.op}{operands} at {where}{origin}"

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "weight": self.weight,
            "op": self.op,
            "source": str(self.source) if self.source else None,
            "caller": str(self.caller) if self.caller else None,
            **({"origin": str(self.origin)} if self.origin else {}),
            **({"operands": self.operands} if self.operands else {}),
            **({"also": list(self.also)} if self.also else {}),
            "level": self.level,
            "step": self.step,
        }


@dataclass
class LevelResult:
    """What one offloading level showed for one scenario."""

    level: str
    backend: str
    verdict: str
    evidence: str
    completed: bool = False
    accesses: list[Access] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    seconds: float = 0.0
    error: str | None = None  # what stopped the call (or made the confirmer give up), shown to the user
    # Lines executed per source file the join asked about (None: coverage not recorded).
    lines_run: dict[str, frozenset[int]] | None = None
    # How the module was built when not by its default constructor ("tiny config: dim=32, heads=1").
    built_with: str | None = None
    # Module path -> class name in the built model ("res_unit1" -> "ResidualUnit"): ties a weight to the class
    # whose constructor built its layer.
    module_classes: dict[str, str] = field(default_factory=dict, repr=False, compare=False)
    # The names the built module answers to (``dir()``: children, parameters, buffers, methods and properties); None:
    # not recorded. A finding's attribute missing here was never touched by the run, whatever it returned.
    attributes: frozenset[str] | None = field(default=None, repr=False, compare=False)
    # The exceptions behind ``errors``, for the backends' fallback rules (not serialised).
    failures: list[BaseException] = field(default_factory=list, repr=False, compare=False)
    # The time limit stopped the run after an offending access had been observed: the verdict is what was seen.
    timed_out: bool = False
    # Strategy runs: the method changed the model's modules (``reset_classifier`` builds a new head), so the forward
    # that follows was run too, and what it did is part of the verdict (``strategies.common.make_plan``).
    follow_up: str | None = None
    # Pipeline runs (caller.py): the offloaded component's weights still on the compute device after the called
    # method returned, outside every hook (a component moved by hand and left there: OFL207), and how many it has.
    resident: tuple[str, ...] = ()
    component_weights: int = 0
    # What the run tried and why, in order: each backend, each build try, each call candidate, each fallback
    # (``offload-lint confirm --explain``).
    trace: list[str] = field(default_factory=list)

    @property
    def offending(self) -> list[Access]:
        return [a for a in self.accesses if a.offending]

    def to_json(self) -> dict[str, Any]:
        return {
            "level": self.level,
            "backend": self.backend,
            "verdict": self.verdict,
            "evidence": self.evidence,
            "completed": self.completed,
            "accesses": [a.to_json() for a in self.accesses if a.kind != METADATA],
            "errors": self.errors,
            "error": self.error,
            "seconds": round(self.seconds, 3),
            **({"built_with": self.built_with} if self.built_with else {}),
            **({"trace": self.trace} if self.trace else {}),
        }


def combine_verdicts(verdicts: list[str]) -> str:
    """One verdict over several levels: any confirmation wins; refuted only if every level ran."""
    if CONFIRMED in verdicts:
        return CONFIRMED
    if verdicts and all(v == REFUTED for v in verdicts):
        return REFUTED
    return UNTRIGGERED


@dataclass
class ConfirmReport:
    target: str
    method: str
    levels: dict[str, LevelResult]

    @property
    def verdict(self) -> str:
        return combine_verdicts([r.verdict for r in self.levels.values()])

    @property
    def backend(self) -> str:
        return ",".join(sorted({r.backend for r in self.levels.values()}))

    def verdict_at(self, level: str) -> str:
        return self.levels[level].verdict

    def to_json(self) -> dict[str, Any]:
        return {
            "target": self.target,
            "method": self.method,
            "verdict": self.verdict,
            "backend": self.backend,
            "levels": {name: result.to_json() for name, result in self.levels.items()},
        }

    def to_text(self, explain: bool = False) -> str:
        """One line per level; ``explain``: each level's trace under it."""
        lines = [f"{self.target}.{self.method}: {self.verdict}"]
        for name, result in self.levels.items():
            lines.append(f"  {name:5} {result.verdict:11} [{result.backend}] {result.evidence}")
            if result.error and result.error not in result.evidence:
                lines.append(f"        error: {result.error}")
            if explain:
                lines += [f"        - {step}" for step in result.trace or ["(no trace recorded)"]]
        return "\n".join(lines)


# The confirmer's answer for one static finding: the typed field the join sets on each Finding (``runtime``).
Verdict = RuntimeVerdict
