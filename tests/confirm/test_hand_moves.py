"""OFL207 (a component moved by hand) is judged by running the caller with the component offloaded: confirmed when
its weights are still on the compute device after the call returned, outside its hooks; refuted when not."""

from __future__ import annotations

import pytest

import confirm_callers
from offload_lint.confirm.join import confirm_findings
from offload_lint.finding import Finding
from tests.lines import line_of

PATH = confirm_callers.__file__




def hand_move(method: str, component: str, marker: str, levels: tuple[str, ...] = ("block", "leaf")) -> Finding:
    line = line_of(PATH, marker)
    return Finding(PATH, line, 9, line, 30, "OFL207", "component-moved-by-hand", "msg", class_name="HandMovePipeline",
                   method=method, levels=levels, attribute=component, module="confirm_callers")


def judged(finding: Finding):
    ((_, verdict),) = [pair for pair in confirm_findings([finding]) if pair[0].code == "OFL207"]
    return verdict


CASES = [
    ("noise_embeds", "normalizer", "# HAND_MOVE_STAYS", "confirmed"),
    ("move_then_forward", "normalizer", "# HAND_MOVE_THEN_HOOKED", "refuted"),
    ("cast", "normalizer", "# HAND_MOVE_DTYPE_ONLY", "refuted"),
    ("noise_mixin", "image_normalizer", "# HAND_MOVE_MIXIN_REFUSES", "refuted"),
    ("noise_and_restore", "normalizer", "# HAND_MOVE_RESTORED", "refuted"),
]


@pytest.mark.parametrize("method,component,marker,expected", CASES, ids=[c[2][2:] for c in CASES])
def test_a_hand_move_is_judged_by_what_stays_on_the_device(method, component, marker, expected):
    verdict = judged(hand_move(method, component, marker))
    assert verdict.verdict == expected, verdict.evidence
    assert "HandMovePipeline(" in verdict.evidence  # how the caller was built
    for level in ("block", "leaf"):  # both levels ran and agree
        assert f"{level}: {expected}" in verdict.evidence, verdict.evidence
    if expected == "confirmed":
        assert "normalizer.mean" in verdict.evidence and "not a device error" in verdict.evidence
        assert "moved in place by Module.to()" in verdict.evidence, verdict.evidence
    else:
        assert "every weight of" in verdict.evidence, verdict.evidence


def test_refusal_and_hooked_offload_are_told_apart():
    refused = judged(hand_move("noise_mixin", "image_normalizer", "# HAND_MOVE_MIXIN_REFUSES", ("block",)))
    offloaded_again = judged(hand_move("move_then_forward", "normalizer", "# HAND_MOVE_THEN_HOOKED", ("block",)))
    assert "moved no weight" in refused.evidence, refused.evidence
    assert "offloaded again by the hooks" in offloaded_again.evidence, offloaded_again.evidence
    restored = judged(hand_move("noise_and_restore", "normalizer", "# HAND_MOVE_RESTORED", ("block",)))
    assert "moved 1 back to the offload device itself" in restored.evidence, restored.evidence


def test_the_linter_reports_the_moves_it_claims_and_not_a_dtype_cast():
    from offload_lint.config import Settings
    from offload_lint.engine import Options, lint

    result = lint(Options(paths=[PATH], settings=Settings(select=["OFL207"]), jobs=1))
    lines = {f.line for f in result.findings if f.code == "OFL207" and f.class_name == "HandMovePipeline"}
    assert line_of(PATH, "# HAND_MOVE_STAYS") in lines and line_of(PATH, "# HAND_MOVE_MIXIN_REFUSES") in lines
    assert line_of(PATH, "# HAND_MOVE_DTYPE_ONLY") not in lines
