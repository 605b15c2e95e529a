"""Regression tests for the confirmer problems measured on diffusers (docs/confirm-diffusers.md, C1-C8)."""

import pytest

import confirm_models as models
from offload_lint.confirm import confirm, confirm_findings
from offload_lint.finding import Finding

MODELS = models.__file__
MODULE = "confirm_models"


def line_of(text: str) -> int:
    lines = open(MODELS).read().splitlines()
    return next(i for i, line in enumerate(lines, 1) if text in line)


def finding(cls, method, attribute, line, levels=("block", "leaf"), code="OFL103"):
    return Finding(MODELS, line, 9, line, 30, code, "rule", "msg", class_name=cls, method=method,
                   levels=levels, attribute=attribute, module=MODULE)


# --- C1: every offloaded operand of an op is recorded ---------------------------------------------
@pytest.mark.parametrize("backend", ["fake-cuda", "tracking"])
def test_c1_linear_records_weight_and_bias(backend):
    report = confirm(models.LinearWithBias, "forward", backend=backend, level="leaf")
    weights = {a.weight for a in report.levels["leaf"].offending}
    assert weights == {"proj.weight", "proj.bias"}, report.to_text()


@pytest.mark.parametrize("backend", ["fake-cuda", "tracking"])
def test_c1_cat_of_three_weights_reports_all_three(backend):
    report = confirm(models.ConcatProjections, "forward", backend=backend, level="leaf")
    weights = {a.weight.removeprefix("derived from ") for a in report.levels["leaf"].offending}
    assert weights == {"to_q.weight", "to_k.weight", "to_v.weight"}, report.to_text()


def test_c1_findings_on_second_and_third_operand_are_confirmed():
    findings = [
        finding("LinearWithBias", "forward", "proj.bias", line_of("# C1_BIAS"), levels=("leaf",)),
        finding("ConcatProjections", "forward", "to_k.weight", line_of("# C1_CAT"), levels=("leaf",)),
        finding("ConcatProjections", "forward", "to_v.weight", line_of("# C1_CAT"), levels=("leaf",)),
    ]
    verdicts = [v for f, v in confirm_findings(findings, backend="tracking") if f.code != "OFL900"]
    assert [v.verdict for v in verdicts] == ["confirmed"] * 3, [v.evidence for v in verdicts]


# --- C5: a `.device` read alone confirms OFL105 only --------------------------------------------
def test_c5_device_read_confirms_only_ofl105():
    line = line_of("# DEVICE_READ")
    device_rule = finding("TinyPriorDeviceRead", "post_process_latents", "clip_std", line, code="OFL105")
    other_rule = finding("TinyPriorDeviceRead", "post_process_latents", "clip_std", line, code="OFL101")
    pairs = confirm_findings([device_rule, other_rule], backend="tracking")
    assert [v.verdict for _, v in pairs[:2]] == ["confirmed", "refuted"], [v.evidence for _, v in pairs]
    # and no runtime-only OFL900 for the read either
    alone = confirm_findings([other_rule], backend="tracking")
    assert [f.code for f, _ in alone] == ["OFL101"]


# --- C3: argument synthesis reads names, annotations and defaults --------------------------------
@pytest.mark.parametrize("backend", ["fake-cuda", "tracking"])
def test_c3_device_int_string_and_list_arguments_are_synthesised(backend):
    report = confirm(models.NeedsTypedArguments, "render", backend=backend, level="block")
    result = report.levels["block"]
    assert result.verdict == "confirmed", report.to_text() + str(result.errors)
    assert {a.weight for a in result.offending} == {"scale"}


def test_c3_annotation_text_and_values():
    import inspect
    from typing import Literal, Optional

    import torch

    from offload_lint.confirm.trigger import Shape, _argument_value, annotation_text

    assert annotation_text(Optional[int]) == "int"
    assert annotation_text(torch.device) == "torch.device"
    assert annotation_text("list[PIL.Image.Image] | None") == "list[PIL.Image.Image]"

    def value(name, annotation=inspect.Parameter.empty, default=inspect.Parameter.empty):
        parameter = inspect.Parameter(name, inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=annotation,
                                      default=default)
        return _argument_value(parameter, Shape((2, 8), "test"), torch.device("cpu"))

    assert value("device") == torch.device("cpu")
    assert value("fps", float) == 8.0 and value("num_frames") == 2 and value("width", int) == 8
    assert value("mode", Literal["a", "b"]) == "a"
    assert value("images", "list[PIL.Image.Image]")[0].height == 64
    assert value("flag", bool) is False and value("count", int) == 2
    assert tuple(value("x").shape) == (2, 8)
