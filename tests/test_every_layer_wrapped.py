"""A legacy layer wrapper applied to every layer of a model at once in its ``__init__`` (fixtures/core/
every_layer_wrapped.py; issue 22 round bq's recall miss, miles-credit's ``apply_spectral_norm(self)``): OFL204 at the
wrapper call, the statement in ``__init__`` related; runs under diffusers' hooks at leaf level confirm each, and the
parametrizations wrapper is refuted."""

from __future__ import annotations

import warnings

import pytest

from offload_lint.config import Settings
from offload_lint.engine import Options, lint
from tests.conftest import FIXTURES
from tests.markers import expected

FIXTURE = FIXTURES / "core" / "every_layer_wrapped.py"


def _findings():
    return lint(Options(paths=[str(FIXTURE)], settings=Settings(), jobs=1)).findings


def test_each_wrapper_call_is_reported_once():
    shown, _ = expected(FIXTURE.read_text())
    assert sorted(("", f.line, f.code) for f in _findings()) == sorted(shown.elements())


def test_the_statement_in_init_is_a_related_location():
    source = FIXTURE.read_text().splitlines()
    related = {f.line: [source[r.line - 1].strip() for r in f.related] for f in _findings()}
    assert sorted(related.values()) == [[], [], ["apply_spectral_norm(self)"], ["self.apply(add_sn)"]]


def test_the_message_names_the_class_and_the_helper():
    messages = sorted(f.message for f in _findings() if f.related)
    assert messages[0].startswith("Discriminator.__init__ applies the legacy spectral_norm to every layer it holds "
                                  "through add_sn()")
    assert "parametrizations.spectral_norm" in messages[1] and messages[1].startswith("Generator.__init__")


def test_block_level_alone_reports_nothing():
    found = lint(Options(paths=[str(FIXTURE)], settings=Settings(levels=("block",)), jobs=1)).findings
    assert found == []


@pytest.mark.parametrize(("cls", "verdict"), [("Generator", "confirmed"), ("Discriminator", "confirmed"),
                                              ("Critic", "confirmed"), ("Decoder", "confirmed"),
                                              ("ModernCritic", "refuted")])
def test_the_runs_under_the_hooks_agree(monkeypatch, cls, verdict):
    from offload_lint.confirm.runner import confirm
    from offload_lint.confirm.scenario import CheckConfig

    monkeypatch.syspath_prepend(str(FIXTURE.parent))
    warnings.simplefilter("ignore")
    report = confirm(f"every_layer_wrapped:{cls}", "forward", CheckConfig(level="leaf", backend="tracking"))
    assert report.verdict == verdict, report.to_text()
