"""Names a file binds to ``math`` (``from math import log, pi``, ``import math as m``) are Python numbers to the
value flow, as ``math.log`` is: a tensor placed with an offloaded weight's device and scaled by them mixes no
devices (fixtures/core/placed_values_moved_by_hooks.py has the whole-run cases)."""

from __future__ import annotations

import ast

from offload_lint.analyze.collect import collect_method
from offload_lint.analyze.records import COMPUTE
from offload_lint.index.extract import summarize

SOURCE = """import math as m
from math import log, pi
from torch import log as tensor_log


class Angles:
    def forward(self, n):
        steps = torch.arange(n, device=self.proj.weight.device)
        return self.proj(steps * pi / log(n) * m.sqrt(n))
"""
LINES = SOURCE.splitlines(keepends=True)
START = next(number for number, line in enumerate(LINES, 1) if "def forward" in line)


def _compute_sinks(numbers: tuple[tuple[str, str], ...]) -> list:
    collected = collect_method(LINES, START, len(LINES), "self", numbers=numbers)
    (access,) = [a for a in collected.accesses if a.chain[:2] == ("proj", "weight")]
    return [sink for sink in access.sinks if sink.kind == COMPUTE]


def test_the_summary_names_what_the_file_binds_to_math_and_nothing_else():
    summary = summarize(ast.parse(SOURCE), "angles.py", "angles", False)
    assert summary.number_names() == (("log", "math.log"), ("m", "math"), ("pi", "math.pi"))


def test_names_bound_to_math_mix_no_devices_and_unknown_names_still_do():
    assert _compute_sinks(summarize(ast.parse(SOURCE), "angles.py", "angles", False).number_names()) == []
    assert _compute_sinks(()), "without the file's imports `pi` and `log(n)` are values of unknown placement"
