"""An option handed on under its own name through the holders' constructors (fixtures/core/options_handed_on.py;
issue 22 round bm, cause BB: ACE's ``filter_type``): a class built only under a value no default reaches is kept
suppressed, with the holder that hands the option on named; where a holder's default differs it is shown. The models
built with their defaults agree."""

from __future__ import annotations

import importlib
import sys

from offload_lint.config import Settings
from offload_lint.engine import Options, lint
from tests.conftest import FIXTURES
from tests.markers import expected

FIXTURE = FIXTURES / "core" / "options_handed_on.py"


def _findings(path=FIXTURE):
    return lint(Options(paths=[str(path)], settings=Settings(), jobs=1, show_suppressed=True)).findings


def test_shown_and_suppressed_as_marked():
    shown, suppressed = expected(FIXTURE.read_text())
    found = _findings()
    assert sorted(("", f.line, f.code) for f in found if not f.suppressed_by) == sorted(shown.elements())
    assert sorted(("", f.line, f.code) for f in found if f.suppressed_by) == sorted(suppressed.elements())
    reason = next(f.suppressed_by for f in found if f.suppressed_by)
    assert "Net hands it on with the same default" in reason


def test_a_call_setting_the_outer_option_shows_it(tmp_path):
    copy = tmp_path / "options_handed_on.py"
    copy.write_text(FIXTURE.read_text() + '\n\nMODEL = Net(filter_type="non-linear")\n')
    assert not any(f.suppressed_by for f in _findings(copy) if f.class_name == "SpectralAttention")


def test_a_holder_with_another_default_shows_it(tmp_path):
    copy = tmp_path / "options_handed_on.py"
    copy.write_text(FIXTURE.read_text().replace('depth=2, filter_type="linear"', 'depth=2, filter_type="non-linear"'))
    assert not any(f.suppressed_by for f in _findings(copy) if f.class_name == "SpectralAttention")


def test_the_models_built_with_their_defaults_agree(monkeypatch):
    monkeypatch.syspath_prepend(str(FIXTURE.parent))
    module = importlib.import_module("options_handed_on")
    try:
        kinds = {type(m).__name__ for m in module.Net().modules()}
        gated = {type(m).__name__ for m in module.GatedNet().modules()}
    finally:
        sys.modules.pop("options_handed_on", None)
    assert "SpectralAttention" not in kinds and "SpectralConv" in kinds
    assert "GatedAttention" in gated
