"""Construction sites, classes without forward, and the backends' fallback rules."""

from __future__ import annotations

import warnings

import confirm_models as models
from offload_lint.confirm.backends import FAKE_CUDA, TRACKING, fallback_for
from offload_lint.confirm.join import confirm_findings
from offload_lint.finding import Finding
from tests.lines import line_of

PATH = models.__file__




def finding(code: str, cls: str, method: str, attribute: str | None, line: int, levels=("block", "leaf")) -> Finding:
    return Finding(PATH, line, 1, line, 2, code, "rule", "msg", class_name=cls, method=method, levels=levels,
                   attribute=attribute, module="confirm_models")


def test_construction_site_is_confirmed_through_forward_at_leaf_level():
    warnings.simplefilter("ignore", FutureWarning)  # torch deprecates the legacy weight_norm
    site = finding("OFL204", "LegacyWeightNormUnit", "__init__", "conv", line_of(PATH, "# CONSTRUCTION_SITE"), ("leaf",))
    pairs = confirm_findings([site], backend=TRACKING)
    assert [f.code for f, _ in pairs] == ["OFL204"]
    verdict = pairs[0][1]
    assert verdict.verdict == "confirmed", verdict.evidence
    assert "conv.weight_" in verdict.evidence and "the layer built at line" in verdict.evidence


def test_a_site_explains_its_layers_in_an_enclosing_class_run():
    warnings.simplefilter("ignore", FutureWarning)
    line = line_of(PATH, "# CONSTRUCTION_SITE")
    site = finding("OFL204", "LegacyWeightNormUnit", "__init__", "conv", line, ("leaf",))
    stack = finding("OFL204", "LegacyWeightNormStack", "__init__", "head", line - 1, ("leaf",))  # not its layer
    pairs = confirm_findings([site, stack], backend=TRACKING)
    assert "OFL900" not in [f.code for f, _ in pairs]  # units.0.conv.weight_v is the site's layer, not unreported


def test_class_without_forward_is_confirmed_by_the_method_that_uses_its_weights():
    cls_line = line_of(PATH, "class WeightsWithoutForward")
    pairs = confirm_findings([finding("OFL205", "WeightsWithoutForward", "apply_gain", None, cls_line)],
                             backend=TRACKING)
    assert pairs[0][1].verdict == "confirmed", pairs[0][1].evidence
    assert "has no forward" in pairs[0][1].evidence


def test_fallback_rules_match_exception_types_not_text():
    from torch._subclasses.fake_tensor import DataDependentOutputException

    data_dependent = DataDependentOutputException.__new__(DataDependentOutputException)
    assert fallback_for(FAKE_CUDA, [data_dependent]) is not None
    assert fallback_for(FAKE_CUDA, [RuntimeError("PyTorch is not linked with support for cuda devices")]) is not None
    # the same words in another exception type do not send a run elsewhere
    assert fallback_for(FAKE_CUDA, [ValueError("not linked with support for cuda")]) is None
    assert fallback_for(FAKE_CUDA, [RuntimeError("mat1 and mat2 shapes cannot be multiplied")]) is None
    assert fallback_for(TRACKING, [data_dependent]) is None
