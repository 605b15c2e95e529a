"""Pipeline code built the way a diffusers checkout's own test builds it (``[tool.offload-lint.confirm] tests``):
the test's ``get_dummy_components()`` and ``get_dummy_inputs()`` come before the tiny builder, so a pipeline whose
tiny build cannot be called (a component config value left None, an image the call requires) is judged.

Fixture: fixtures/confirm/confirm_from_tests.py (``ShiftedLatentsPipeline``) and its test in
fixtures/confirm/tests_checkout.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

import confirm_from_tests
from offload_lint.confirm.caller import arguments_handed, build_from_tests, run_caller_level
from offload_lint.confirm.config import ConfirmConfig, parse_confirm_table
from offload_lint.confirm.report import CONFIRMED, REFUTED, UNTRIGGERED
from offload_lint.confirm.strategies.findings import confirm_findings_by_strategy
from offload_lint.finding import Finding
from tests.lines import line_of

pytest.importorskip("accelerate")

PATH = confirm_from_tests.__file__
MODULE = "confirm_from_tests"
CHECKOUT = Path(PATH).parent / "tests_checkout"
WITH_TESTS = dataclasses.replace(ConfirmConfig(), tests=str(CHECKOUT))


def finding(method: str, attribute: str, marker: str, strategy: str) -> Finding:
    line = line_of(PATH, marker)
    return Finding(PATH, line, 9, line, 30, "OFL202", "component-unsafe-entry-point", "msg",
                   class_name="ShiftedLatentsPipeline", method=method, levels=(strategy,), attribute=attribute,
                   module=MODULE)


ENCODE = ("prepare_latents", "vae.encode", "# FROM_TESTS_ENCODE")
DECODE = ("__call__", "vae.decode", "# FROM_TESTS_DECODE")


def judged(case: tuple[str, str, str], strategy: str, config: ConfirmConfig | None = None):
    findings = [finding(*ENCODE, strategy), finding(*DECODE, strategy)]  # judged together, as the command line does
    verdicts = dict((f.method, v) for f, v in confirm_findings_by_strategy(findings, strategy, config=config))
    return verdicts[case[0]]


@pytest.mark.parametrize("case", [ENCODE, DECODE], ids=["helper", "whole-call"])
def test_the_tiny_build_alone_cannot_call_it(case):
    verdict = judged(case, "fsdp2")
    assert verdict.verdict == UNTRIGGERED, verdict.evidence


def test_a_helper_is_called_with_what_a_whole_call_with_the_tests_inputs_hands_it():
    verdict = judged(ENCODE, "fsdp2", WITH_TESTS)
    assert verdict.verdict == CONFIRMED, verdict.evidence
    assert "the arguments __call__ hands it with the test's get_dummy_inputs()" in verdict.evidence
    assert "line match" in verdict.evidence, verdict.evidence


def test_the_whole_call_runs_with_the_tests_inputs_past_the_repaired_helper():
    """encode() stops the first run; registered as a forward method (its users' fix), the root stays unsharded
    after it and decode() then meets whole weights: refuted, and only a call with the test's inputs gets there."""
    verdict = judged(DECODE, "fsdp2", WITH_TESTS)
    assert verdict.verdict == REFUTED, verdict.evidence
    assert "the test's get_dummy_inputs()" in verdict.evidence
    assert "vae.encode fixed" in verdict.evidence


def test_group_offloading_runs_the_pipeline_built_from_its_test_too():
    line = line_of(PATH, "# FROM_TESTS_DECODE")
    plain = run_caller_level(f"{MODULE}:ShiftedLatentsPipeline", "__call__", "vae", "decode", "block", line, [PATH])
    assert plain.verdict == UNTRIGGERED, plain.evidence
    built = run_caller_level(f"{MODULE}:ShiftedLatentsPipeline", "__call__", "vae", "decode", "block", line, [PATH],
                             str(CHECKOUT))
    assert built.verdict == CONFIRMED, built.evidence
    assert "ShiftedLatentsPipelineFastTests.get_dummy_components()" in built.built_with


def test_no_test_for_the_pipeline_falls_back_to_the_tiny_builder_and_says_why(tmp_path):
    (tmp_path / "tests").mkdir()
    why = build_from_tests(confirm_from_tests.ShiftedLatentsPipeline, str(tmp_path))
    assert isinstance(why, str) and "no test" in why and "ShiftedLatentsPipeline" in why


def test_arguments_handed_stop_at_the_method_and_are_none_when_it_is_not_reached():
    import torch

    pipeline = confirm_from_tests.ShiftedLatentsPipeline(confirm_from_tests.TinyShiftedAutoencoder(shift_factor=1.0))
    image = torch.ones(1, 4, 2, 2)
    args, kwargs = arguments_handed(pipeline, ["prepare_latents"], lambda built: built(image=image))
    assert args[0] is image and args[1] is None and kwargs == {}
    fresh = confirm_from_tests.ShiftedLatentsPipeline(confirm_from_tests.TinyShiftedAutoencoder(shift_factor=1.0))
    assert arguments_handed(fresh, ["prepare_latents"], lambda built: built()) is None  # refuses a missing image


def test_the_tests_path_is_read_relative_to_the_pyproject_that_names_it(tmp_path):
    config = parse_confirm_table({"tests": "../diffusers"}, str(tmp_path / "pyproject.toml"))
    assert config.tests == str(tmp_path / "../diffusers")
    with pytest.raises(ValueError, match="tests must be a path"):
        parse_confirm_table({"tests": 3}, str(tmp_path / "pyproject.toml"))


# --- models built and called as their own test does ---------------------------------------------------------------
def model_finding(strategy: str) -> Finding:
    line = line_of(PATH, "# FRAMED_TILED_DECODE")
    return Finding(PATH, line, 9, line, 30, "OFL102", "child-call-outside-forward", "msg",
                   class_name="FramedAutoencoder", method="tiled_decode", levels=(strategy,), attribute="decoder",
                   module=MODULE)


def test_a_model_method_no_synthesised_input_reaches_is_undecided_without_the_checkout():
    ((_, verdict),) = confirm_findings_by_strategy([model_finding("model-cpu-offload")], "model-cpu-offload")
    assert verdict.verdict == UNTRIGGERED, verdict.evidence


@pytest.mark.parametrize("strategy", ["model-cpu-offload", "fsdp2"])
def test_a_model_method_gets_what_forward_hands_the_method_with_its_parameters(strategy):
    """tiled_decode() is off in forward; forward with the test's inputs hands _decode() the latents, and
    tiled_decode(latents) then runs the decoder outside forward: confirmed under model CPU offload, and under FSDP2
    in its spawned rank (the factory and the call travel pickled)."""
    ((_, verdict),) = confirm_findings_by_strategy([model_finding(strategy)], strategy, config=WITH_TESTS)
    assert verdict.verdict == CONFIRMED, verdict.evidence
    assert "the model built from the checkout's model test" in verdict.evidence


def test_arguments_from_forward_come_from_a_method_taking_the_same_parameters():
    import torch

    from offload_lint.confirm.model_tests import arguments_from_forward

    sample = torch.randn(1, 4, 7, 2, 2)
    model = confirm_from_tests.FramedAutoencoder()
    args, _ = arguments_from_forward(model, "tiled_decode", {"sample": sample})  # _decode(latents) stands in
    assert tuple(args[0].shape) == (1, 2, 7, 2, 2)
    assert arguments_from_forward(confirm_from_tests.FramedAutoencoder(), "tiled_decode",
                                  {"sample": torch.randn(1, 4, 2, 2, 2)}) is None  # forward refuses 2 frames


def test_a_given_call_that_fails_on_the_plain_model_is_undecided_not_a_tool_error():
    from offload_lint.confirm.scenario import Step
    from offload_lint.confirm.strategies.common import _prepare_step
    from offload_lint.confirm.trigger import NotTriggerable

    def failing(module):
        raise RuntimeError("shapes disagree")

    with pytest.raises(NotTriggerable, match="fails without offloading too.*shapes disagree"):
        _prepare_step(confirm_from_tests.FramedAutoencoder(), Step("tiled_decode", failing), [])
