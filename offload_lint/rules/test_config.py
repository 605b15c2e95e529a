"""Rules about a diffusers checkout's pipeline test configs, reported by ``offload-lint readiness
--check TESTS_DIR`` (:mod:`offload_lint.readiness.check`), not by a lint run: they compare the
tests' group-offloading lists, skips and xfails with the pipelines' readiness rows. They are rules
here so that ``offload-lint rule``, selectors, SARIF and the docs know them like any other."""

from __future__ import annotations

from typing import ClassVar

from .base import Confirm, Rule, Scope


class TestConfigRule(Rule):
    """A rule that only ``readiness --check`` reports; a lint run has nothing for it to look at."""

    reported_by: ClassVar[str] = "readiness --check"
    scope = Scope.TEST_CONFIG
    confirm = Confirm.NOT_RUN


class UnlistedFailingComponent(TestConfigRule):
    code = "OFL301"
    name = "unlisted-failing-component"
    summary = "A component fails group offloading under the test's inputs and no test list leaves it out"


class NeedlessTestExclusion(TestConfigRule):
    code = "OFL302"
    name = "needless-test-exclusion"
    summary = "A component a group-offloading list leaves out passes at the listed levels: coverage lost"


class UnknownTestComponent(TestConfigRule):
    code = "OFL303"
    name = "unknown-test-component"
    summary = "A group-offloading list names no component of the test's pipeline"


class StaleTestSkip(TestConfigRule):
    code = "OFL304"
    name = "stale-test-skip"
    summary = "A skip, xfail or do-nothing override of a group-offloading test whose pipeline now passes"


class LeafExclusionFailsAtBlock(TestConfigRule):
    code = "OFL305"
    name = "leaf-exclusion-fails-at-block"
    summary = "A component listed for the leaf-level test only fails at block level too"


class UnjustifiedPipelineOptOut(TestConfigRule):
    code = "OFL306"
    name = "unjustified-pipeline-opt-out"
    summary = "A diffusers component opts out of group offloading though it passes at both levels in the pipeline"


__all__ = ["LeafExclusionFailsAtBlock", "NeedlessTestExclusion", "StaleTestSkip", "TestConfigRule",
           "UnjustifiedPipelineOptOut", "UnknownTestComponent", "UnlistedFailingComponent"]
