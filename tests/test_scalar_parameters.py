"""Parameters annotated as Python numbers (``scale: float``, ``t_min: Optional[float] = None``,
``Union[int, float]``, ``int | None``) mix no devices: a tensor placed with an offloaded weight's device and scaled by
them meets nothing on the compute device there (sbi's ``train_schedule(num_samples, t_min: Optional[float] = None)``).
An unannotated or tensor-annotated parameter may be a tensor on the compute device."""

from __future__ import annotations

import pytest

from offload_lint.analyze.collect import collect_method
from offload_lint.analyze.records import COMPUTE

TEMPLATE = """import torch


class Schedule:
    def times(self, n, t_min{annotation}=None):
        return torch.rand(n, device=self.base.device) * t_min
"""


def _parameter_meetings(annotation: str) -> list:
    lines = TEMPLATE.format(annotation=annotation).splitlines(keepends=True)
    start = next(number for number, line in enumerate(lines, 1) if "def times" in line)
    collected = collect_method(lines, start, len(lines), "self")
    (access,) = [a for a in collected.accesses if a.chain[:1] == ("base",)]
    return [sink for sink in access.sinks if sink.kind == COMPUTE and sink.parameters]


@pytest.mark.parametrize("annotation", [": float", ": Optional[float]", ": typing.Optional[int]",
                                        ": Union[int, float]", ": Union[float, None]", ": float | None",
                                        ": int | float | None"])
def test_a_number_annotation_mixes_no_devices(annotation):
    assert _parameter_meetings(annotation) == []


@pytest.mark.parametrize("annotation", ["", ": Optional[torch.Tensor]", ": Union[float, torch.Tensor]",
                                        ": float | torch.Tensor"])
def test_a_parameter_that_may_be_a_tensor_still_meets_the_weights_device(annotation):
    assert _parameter_meetings(annotation), annotation
