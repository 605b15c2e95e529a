"""Container elements a module-level factory builds (fixtures/core/factory_built_elements.py; issue 22 round bs's
hydragnn decoders): typed by the class the factory returns, they are blocks of the root's list, whose own forward
onloads their nested layers. Runs under diffusers' hooks at block level agree."""

from __future__ import annotations

import warnings

import pytest

from offload_lint.config import Settings
from offload_lint.engine import Options, lint
from offload_lint.index.project import ProjectIndex
from tests.conftest import FIXTURES
from tests.markers import expected

FIXTURE = FIXTURES / "core" / "factory_built_elements.py"


def test_only_the_decoder_offloaded_on_its_own_is_reported():
    shown, _ = expected(FIXTURE.read_text())
    found = lint(Options(paths=[str(FIXTURE)], settings=Settings(), jobs=1)).findings
    assert sorted(("", f.line, f.code) for f in found) == sorted(shown.elements())
    assert {f.class_name for f in found} == {"StandaloneDecoder"}


def test_the_factorys_class_types_the_elements():
    import ast

    from offload_lint.index import extract

    summary = extract.summarize(ast.parse(FIXTURE.read_text()), str(FIXTURE), "factory_built_elements", False)
    stack = ProjectIndex([summary]).lookup_class("factory_built_elements.Stack")
    assert stack.owned["decoders"].classes == ("factory_built_elements.MultiheadDecoder",)
    assert stack.owned["more"].classes == ("factory_built_elements.MultiheadDecoder",)


@pytest.mark.parametrize(("cls", "verdict"), [("Stack", "refuted"), ("StandaloneDecoder", "confirmed")])
def test_the_runs_under_the_hooks_agree(monkeypatch, cls, verdict):
    from offload_lint.confirm.runner import confirm
    from offload_lint.confirm.scenario import CheckConfig

    monkeypatch.syspath_prepend(str(FIXTURE.parent))
    warnings.simplefilter("ignore")
    report = confirm(f"factory_built_elements:{cls}", "forward", CheckConfig(level="block", backend="tracking"))
    assert report.verdict == verdict, report.to_text()
