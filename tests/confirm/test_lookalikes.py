"""Look-alikes of offloading bugs from diffusers and transformers patterns: none confirmed; the real bugs next to
them confirmed. Each runs at block and leaf level on both CPU backends."""

import pytest

import confirm_lookalikes as lookalikes
from offload_lint.confirm import confirm

BACKENDS = ["fake-cuda", "tracking"]


def test_there_are_at_least_25_negatives():
    assert len(set(lookalikes.NEGATIVES)) >= 25


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("cls", lookalikes.NEGATIVES, ids=lambda cls: cls.__name__)
def test_lookalike_is_refuted(backend, cls):
    report = confirm(cls, lookalikes.method_of(cls), backend=backend)
    assert {level: r.verdict for level, r in report.levels.items()} == {"block": "refuted", "leaf": "refuted"}, \
        report.to_text()


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("cls,levels", lookalikes.POSITIVES, ids=lambda value: getattr(value, "__name__", ""))
def test_real_bug_next_to_the_lookalikes_is_confirmed(backend, cls, levels):
    report = confirm(cls, lookalikes.method_of(cls), backend=backend)
    expected = {level: "confirmed" if level in levels else "refuted" for level in ("block", "leaf")}
    assert {level: r.verdict for level, r in report.levels.items()} == expected, report.to_text()
    for level in levels:
        access = report.levels[level].offending[0]
        assert access.op and " with " in access.operands  # the op and both operands' devices


def test_helper_only_forward_reaches_runs_through_forward():
    report = confirm(lookalikes.HelperOnlyForwardCalls, "_modulate", backend="tracking", level="block")
    assert "forward(" in report.levels["block"].evidence and "reaches _modulate" in report.levels["block"].evidence
