"""The rule docs are tests: every bad example is flagged exactly on its marked lines, every
good example is silent, and docs and rules match one to one."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from offload_lint.rules import ALL_RULES
from offload_lint.ruledocs import all_docs
from offload_lint.strategies import DEFAULT_KEYS, parse_strategies

SECTIONS = ("## What it does", "## Why it breaks, at which level", "## Example", "## Use instead", "## Fix safety")
# ```python bad```, ```python good fixed``` / ```python good fixed-unsafe``` (the bad example before it
# after --fix, which tests/test_fixes.py checks; here one more good example), each optionally with
# ``strategy=zero3``: the strategies the example is linted under. ```python bad check``` / ```python
# good check```: a ``readiness --check`` example (pipelines and a tests/ folder, tests/readiness/examples.py).
_BLOCK = re.compile(r"```python (bad|good)( check)?(?: fixed(?:-unsafe)?)?(?: strategy=([\w,-]+))?\n(.*?)```", re.S)
_MARK = re.compile(r"#\s*(OFL\d{3})\s*$")

DOCS = all_docs()


def examples():
    for code, text in sorted(DOCS.items()):
        for index, (kind, checked, strategy, source) in enumerate(_BLOCK.findall(text)):
            if not checked:
                yield pytest.param(code, kind, strategy, source, id=f"{code}-{kind}-{index}")


def check_examples():
    for code, text in sorted(DOCS.items()):
        for index, (kind, checked, _, source) in enumerate(_BLOCK.findall(text)):
            if checked:
                yield pytest.param(code, kind, source, id=f"{code}-{kind}-{index}")


def test_every_rule_has_a_doc_and_every_doc_a_rule():
    codes = [rule.code for rule in ALL_RULES]
    assert len(codes) == len(set(codes)), "a code is used twice"
    assert sorted(codes) == sorted(DOCS), "rules without docs or docs without rules"


@pytest.mark.parametrize("code", sorted(DOCS))
def test_doc_shape(code):
    text = DOCS[code]
    rule = {r.code: r for r in ALL_RULES}[code]
    assert text.startswith(f"# {code} {rule.name}\n")
    positions = [text.find(section) for section in SECTIONS]
    assert all(p >= 0 for p in positions) and positions == sorted(positions), "sections missing or out of order"
    kinds = [kind for kind, _, _, _ in _BLOCK.findall(text)]
    assert "bad" in kinds and "good" in kinds


@pytest.mark.parametrize("code, kind, strategy, source", list(examples()))
def test_doc_example_behaves_as_documented(code, kind, strategy, source, lint_source):
    levels = parse_strategies(strategy) if strategy else DEFAULT_KEYS
    findings = lint_source(source, select=[code], levels=levels)
    got = sorted({(f.line, f.code) for f in findings})
    if kind == "good":
        assert got == [], f"good example flagged: {[f.message for f in findings]}"
        return
    expected = sorted(
        (number, match.group(1))
        for number, line in enumerate(source.splitlines(), start=1)
        if (match := _MARK.search(line))
    )
    assert expected, "a bad example must mark its flagged lines with '# OFLnnn'"
    assert got == expected, [f.message for f in findings]


@pytest.mark.parametrize("code, kind, source", list(check_examples()))
def test_check_doc_example_behaves_as_documented(code, kind, source, tmp_path):
    from tests.markers import expected
    from tests.readiness.examples import check_example, split_files

    findings = [f for f in check_example(source, tmp_path) if f.code == code]
    got = sorted((Path(f.path).relative_to(tmp_path).as_posix(), f.line, f.code) for f in findings)
    if kind == "good":
        assert got == [], f"good example flagged: {[f.message for f in findings]}"
        return
    marked = sorted(key for name, text in split_files(source).items() for key in expected(text, name)[0])
    assert marked, "a bad example must mark its flagged lines with '# OFLnnn'"
    assert got == marked, [f.message for f in findings]


def test_readme_rules_table_lists_every_rule():
    from pathlib import Path

    from offload_lint.rules import PARSE_ERROR_CODE, PARSE_ERROR_NAME

    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text()
    table = readme.split("## Rules", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| (OFL\d{3}) \| ([a-z0-9-]+) \|", table, re.M)
    expected = [(PARSE_ERROR_CODE, PARSE_ERROR_NAME)] + [(rule.code, rule.name) for rule in ALL_RULES]
    assert rows == expected


@pytest.mark.parametrize("code", sorted(DOCS))
def test_why_it_breaks_says_what_each_strategy_does(code):
    from offload_lint.strategies import STRATEGIES

    why = DOCS[code].split("## Why it breaks, at which level", 1)[1].split("## Example", 1)[0]
    assert "By strategy:" in why
    assert [s.name for s in STRATEGIES if f"`{s.name}`" not in why] == []
