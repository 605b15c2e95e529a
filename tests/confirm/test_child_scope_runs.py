"""The child-scope and loop-variable findings of fixtures/strategies hold at runtime under block-level hooks."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from offload_lint.config import Settings
from offload_lint.confirm.cli import annotate
from offload_lint.confirm.report import CONFIRMED
from offload_lint.engine import Options, lint
from offload_lint.strategies import parse_strategies

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "strategies"


@pytest.fixture(scope="module")
def confirmed():
    sys.path.insert(0, str(FIXTURES))  # the confirmer imports the linted module by its name, as the CLI does
    try:
        return _confirmed()
    finally:
        sys.path.remove(str(FIXTURES))


def _confirmed():
    paths = [str(FIXTURES / "child_scope.py"), str(FIXTURES / "loop_components.py")]
    found = lint(Options(paths=paths, settings=Settings(levels=parse_strategies("group-block")), jobs=1)).findings
    wanted = [f for f in found if (f.class_name, f.method) in
              {("SpectrumCoder", "unpack"), ("Codebook", "lookup"), ("TwoEncoderPipe", "encode_listed")}]
    return {(f.class_name, f.code, f.attribute): f.runtime for f in annotate(wanted, progress=False)
            if f.code != "OFL900"}


@pytest.mark.parametrize("key", [
    ("SpectrumCoder", "OFL102", "expand"),  # the child's own call, reached from AudioCoder.decode()
    ("Codebook", "OFL101", "codes"),  # a child of a child
    ("TwoEncoderPipe", "OFL202", "text_encoder.pooled"),  # through a loop variable over the components
], ids=lambda key: f"{key[0]}-{key[1]}")
def test_the_finding_is_confirmed(confirmed, key):
    verdict = confirmed[key]
    assert verdict.verdict == CONFIRMED, verdict.evidence
