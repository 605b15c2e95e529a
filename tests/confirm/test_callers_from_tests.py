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
from offload_lint.confirm.caller import arguments_reaching, run_caller_level, build_from_tests
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


def test_arguments_reaching_stops_at_the_method_and_says_none_when_it_is_not_reached():
    import torch

    pipeline = confirm_from_tests.ShiftedLatentsPipeline(confirm_from_tests.TinyShiftedAutoencoder(shift_factor=1.0))
    image = torch.ones(1, 4, 2, 2)
    args, kwargs = arguments_reaching(pipeline, "prepare_latents", {"image": image})
    assert args[0] is image and args[1] is None and kwargs == {}
    fresh = confirm_from_tests.ShiftedLatentsPipeline(confirm_from_tests.TinyShiftedAutoencoder(shift_factor=1.0))
    assert arguments_reaching(fresh, "prepare_latents", {}) is None  # the call refuses a missing image first


def test_the_tests_path_is_read_relative_to_the_pyproject_that_names_it(tmp_path):
    config = parse_confirm_table({"tests": "../diffusers"}, str(tmp_path / "pyproject.toml"))
    assert config.tests == str(tmp_path / "../diffusers")
    with pytest.raises(ValueError, match="tests must be a path"):
        parse_confirm_table({"tests": 3}, str(tmp_path / "pyproject.toml"))
