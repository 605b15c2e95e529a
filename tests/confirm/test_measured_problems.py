"""Regression tests for the confirmer problems measured on diffusers (docs/confirm-diffusers.md, C1-C8)."""

import pytest

import confirm_models as models
from offload_lint.confirm import confirm, confirm_findings
from offload_lint.finding import Finding
from tests.lines import line_of

MODELS = models.__file__
MODULE = "confirm_models"




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
        finding("LinearWithBias", "forward", "proj.bias", line_of(MODELS, "# C1_BIAS"), levels=("leaf",)),
        finding("ConcatProjections", "forward", "to_k.weight", line_of(MODELS, "# C1_CAT"), levels=("leaf",)),
        finding("ConcatProjections", "forward", "to_v.weight", line_of(MODELS, "# C1_CAT"), levels=("leaf",)),
    ]
    verdicts = [v for f, v in confirm_findings(findings, backend="tracking") if f.code != "OFL900"]
    assert [v.verdict for v in verdicts] == ["confirmed"] * 3, [v.evidence for v in verdicts]


# --- a `.device` read is evidence; what is placed with it and meets the input confirms ----------------------
def test_device_read_confirms_through_the_tensor_placed_with_it():
    line = line_of(MODELS, "# DEVICE_READ")
    device_rule = finding("TinyPriorDeviceRead", "post_process_latents", "clip_std", line, code="OFL105")
    pairs = confirm_findings([device_rule], backend="tracking")
    assert [f.code for f, _ in pairs] == ["OFL105"]  # explained: no runtime-only OFL900 for the same access
    verdict = pairs[0][1]
    assert verdict.verdict == "confirmed", verdict.evidence
    assert "placed on the device of clip_std via add" in verdict.evidence
    assert f"device read at {MODELS}:{line}" in verdict.evidence


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


# --- C2: fake-cuda limits fall back to tracking, errors reach the verdict ---------------------------
def test_c2_fake_cuda_limit_falls_back_to_tracking_after_a_first_access():
    report = confirm(models.DataDependentAfterAccess, "forward", backend="fake-cuda", level="leaf")
    leaf = report.levels["leaf"]
    assert leaf.backend == "tracking" and leaf.completed, report.to_text() + str(leaf.errors)
    assert {a.weight.removeprefix("derived from ") for a in leaf.offending} == {"proj.weight", "proj.bias"}
    assert "DataDependentOutputException" in leaf.evidence  # why it left fake-cuda


def test_c2_later_levels_of_the_target_go_straight_to_tracking():
    report = confirm(models.DataDependentAfterAccess, "forward", backend="fake-cuda")
    assert {r.backend for r in report.levels.values()} == {"tracking"}
    assert any("skipped" in e for e in report.levels["leaf"].errors)


def test_c2_indexing_a_virtual_gpu_tensor_runs_on_fake_cuda():
    report = confirm(models.SlicesOnDevice, "forward", backend="fake-cuda", level="leaf")
    leaf = report.levels["leaf"]
    assert leaf.backend == "fake-cuda" and leaf.completed, report.to_text() + str(leaf.errors)
    assert {a.weight.removeprefix("derived from ") for a in leaf.offending} == {"proj.weight", "proj.bias"}


def test_c2_error_text_in_verdict_and_annotate_output():
    from offload_lint.confirm import annotate

    never = finding("FailsAfterAccess", "shift_and_scale", "shift", line_of(MODELS, "# C2_NEVER"), code="OFL101")
    annotated = annotate([never], progress=False, backend="tracking")
    data = annotated[0].to_json()
    assert data["verdict"] == "untriggered"
    assert "C2-boom" in data["error"] and "C2-boom" in data["evidence"]
    report = confirm(models.FailsAfterAccess, "shift_and_scale", backend="fake-cuda", level="block")
    assert report.levels["block"].verdict == "confirmed" and "C2-boom" in report.levels["block"].error


# --- C7: a completed call that never ran the finding's line is "untriggered", not "refuted" --------
def test_c7_line_not_reached_is_untriggered():
    gated = finding("GatedBranch", "adjust", "bias", line_of(MODELS, "# C7_GATED"), code="OFL101")
    pairs = confirm_findings([gated], backend="fake-cuda")
    verdict = pairs[0][1]
    assert verdict.verdict == "untriggered", verdict.evidence
    assert "line not reached" in verdict.evidence


def test_c7_reached_line_without_offloaded_compute_is_still_refuted():
    moved = finding("GatedBranch", "adjust", "scale", line_of(MODELS, "y = x * self.scale.to(x.device)"), code="OFL101")
    assert confirm_findings([moved], backend="tracking")[0][1].verdict == "refuted"


# --- C8: per-target time limit, no hub access --------------------------------------------------------
def test_c8_time_limit_gives_untriggered_timed_out():
    import time

    started = time.perf_counter()
    report = confirm(models.Slow, "run", backend="tracking", level="block", timeout=0.5)
    assert time.perf_counter() - started < 20, "the limit cut run()'s 20 s sleep short (slack for a loaded machine)"
    result = report.levels["block"]
    assert result.verdict == "untriggered" and "timed out" in result.evidence and "timed out" in result.error


def test_time_limit_counts_cpu_time_and_a_waiting_check_ends_at_the_wall_clock_backstop():
    from offload_lint.confirm.limits import WALL_FACTOR

    busy = confirm(models.Busy, "run", backend="tracking", level="block", timeout=0.5).levels["block"]
    assert busy.verdict == "untriggered" and "timed out after 0.5 s of CPU time" in busy.evidence, busy.evidence
    waiting = confirm(models.Slow, "run", backend="tracking", level="block", timeout=0.5).levels["block"]
    assert f"timed out after {0.5 * WALL_FACTOR:g} s of wall-clock time (waiting)" in waiting.evidence


def test_c8_timeout_from_config_reaches_the_join(tmp_path):
    from offload_lint.confirm import load_confirm_config

    (tmp_path / "pyproject.toml").write_text("[tool.offload-lint.confirm]\ntimeout = 0.5\n")
    config = load_confirm_config(tmp_path)
    assert config.timeout == 0.5 and config.offline is True
    slow = finding("Slow", "run", "scale", line_of(MODELS, "return x * self.scale\n"), levels=("block",), code="OFL101")
    verdict = confirm_findings([slow], backend="tracking", config=config)[0][1]
    assert verdict.verdict == "untriggered" and "timed out" in verdict.error


def test_c8_hub_is_offline_while_confirming(monkeypatch):
    import os

    monkeypatch.delenv("HF_HUB_OFFLINE", raising=False)
    monkeypatch.delenv("TRANSFORMERS_OFFLINE", raising=False)
    import huggingface_hub.constants

    monkeypatch.setattr(huggingface_hub.constants, "HF_HUB_OFFLINE", False)
    report = confirm(models.Slow, "run", backend="tracking", level="block", timeout=0.5,
                     factory=models.make_slow_checking_offline)
    assert "timed out" in report.levels["block"].evidence, report.to_text()  # built: the factory saw offline
    assert "HF_HUB_OFFLINE" not in os.environ and huggingface_hub.constants.HF_HUB_OFFLINE is False


def test_an_access_observed_before_the_time_limit_stands():
    for backend in ("fake-cuda", "tracking"):
        result = confirm(models.BusyAfterAccess, "run", backend=backend, level="block", timeout=0.5).levels["block"]
        assert result.verdict == "confirmed" and result.timed_out, result.evidence
        assert "scale via mul" in result.evidence and "timed out after 0.5 s of CPU time" in result.evidence
        assert not result.completed and "timed out" in result.error


def test_a_fallback_that_runs_out_of_time_keeps_the_first_backends_observation(monkeypatch):
    from offload_lint.confirm import engine
    from offload_lint.confirm.limits import TargetTimeout

    original = engine.run_on_backend

    def tracking_times_out(target, level, scenario, backend, *args, **kwargs):
        if backend.name == "tracking":
            raise TargetTimeout(30)
        return original(target, level, scenario, backend, *args, **kwargs)

    monkeypatch.setattr(engine, "run_on_backend", tracking_times_out)
    result = confirm(models.DataDependentAfterAccess, "forward", backend="fake-cuda", level="leaf").levels["leaf"]
    assert result.verdict == "confirmed" and result.backend == "fake-cuda", result.evidence
    assert any("[tracking] timed out" in error for error in result.errors), result.errors
