"""Exact findings on the fixtures: every ``# expect: CODE`` marker is found, nothing else is."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from offload_lint.config import Settings
from offload_lint.engine import Options, lint
from offload_lint.finding import BLOCK, LEAF

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "core"
_EXPECT = re.compile(r"#\s*expect(?P<suppressed>-suppressed)?:\s*(?P<codes>OFL\d{3}(?:\s*,\s*OFL\d{3})*)")


def expected_markers(suppressed: bool) -> Counter:
    found: Counter = Counter()
    for path in sorted(FIXTURES.rglob("*.py")):
        for number, line in enumerate(path.read_text().splitlines(), start=1):
            match = _EXPECT.search(line)
            if match and bool(match.group("suppressed")) == suppressed:
                for code in re.findall(r"OFL\d{3}", match.group("codes")):
                    found[(path.name, number, code)] += 1
    return found


@pytest.fixture(scope="module")
def findings():
    options = Options(paths=[str(FIXTURES)], settings=Settings(), jobs=1, show_suppressed=True)
    return lint(options).findings


def test_every_marker_is_found_and_nothing_else(findings):
    got = Counter((Path(f.path).name, f.line, f.code) for f in findings if not f.suppressed_by)
    assert got == expected_markers(suppressed=False)


def test_opt_out_suppresses_instead_of_dropping(findings):
    got = Counter((Path(f.path).name, f.line, f.code) for f in findings if f.suppressed_by)
    assert got == expected_markers(suppressed=True)
    hidden = lint(Options(paths=[str(FIXTURES / "optout.py")], jobs=1))
    assert hidden.findings == [] and hidden.suppressed == 1


def by_attribute(findings, name: str, attribute: str):
    return [f for f in findings if Path(f.path).name == name and f.attribute == attribute]


def test_levels_follow_the_hooks(findings):
    # Root parameters outside forward(): both levels.
    (clip_std,) = by_attribute(findings, "prior.py", "clip_std")
    assert clip_std.levels == (BLOCK, LEAF)
    # A leaf weight read inside forward(): the unmatched group is onloaded at block level.
    (proj,) = by_attribute(findings, "leaf_reads.py", "proj.weight")
    assert proj.levels == (LEAF,)
    # An unmatched child called from an entry point: block level only.
    assert {f.levels for f in findings if f.code == "OFL102"} == {(BLOCK,)}
    # Scorer.score is called from Ranker.forward, where block level onloads Scorer's weights.
    (score,) = by_attribute(findings, "helpers.py", "weight_vector")
    assert score.levels == (LEAF,)


def test_messages_name_the_attribute_method_hook_and_fix(findings):
    (finding,) = by_attribute(findings, "prior.py", "clip_std")
    assert finding.class_name == "Prior" and finding.method == "post_process_latents"
    for part in ("post_process_latents()", "'clip_std'", "Prior.forward()", "block and leaf level",
                 "self.clip_std.to(prior_latents.device)"):
        assert part in finding.message


def test_external_call_site_is_named(findings):
    (finding,) = by_attribute(findings, "helpers.py", "weight_vector")
    assert finding.call_site is not None and finding.call_site.line == 44
    assert "called from" in finding.message and "helpers.py:44" in finding.message
    decode = [f for f in findings if Path(f.path).name == "vae.py" and f.code == "OFL102" and f.method == "decode"]
    assert {(f.class_name, f.call_site.line) for f in decode} == {("TinyVAE", 56), ("CheckpointedVAE", 57)}


@pytest.mark.parametrize("level, expected", [("block", {"OFL101", "OFL102", "OFL105", "OFL202"}),
                                             ("leaf", {"OFL101", "OFL103", "OFL104", "OFL105", "OFL202"})])
def test_level_option_restricts_findings(level, expected):
    options = Options(paths=[str(FIXTURES)], settings=Settings(levels=(level,)), jobs=1)
    findings = lint(options).findings
    assert {f.code for f in findings} == expected
    assert all(f.levels == (level,) for f in findings)
