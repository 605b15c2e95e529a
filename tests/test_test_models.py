"""A model a test file defines and runs itself is the test's own (fixtures/outside/test_case_components.py): its
findings are kept suppressed with the reason while nothing in the file offloads; the package's component the tests
drive stays reported, and a test file that names an offloading call keeps its models judged."""

from __future__ import annotations

import shutil

from offload_lint.engine import Options, lint
from tests.conftest import FIXTURES

OUTSIDE = FIXTURES / "outside"


def _findings(paths):
    return lint(Options(paths=[str(path) for path in paths], jobs=1, show_suppressed=True)).findings


def test_a_test_s_own_model_is_suppressed_the_package_s_component_is_not():
    found = _findings([OUTSIDE / "test_case_components.py", OUTSIDE / "scorer_component.py"])
    own = [f for f in found if f.class_name == "TestOnlyModel"]
    assert own and all("is a model of a test (test_case_components)" in (f.suppressed_by or "") for f in own)
    assert [f.code for f in found if f.class_name == "Scorer" and not f.suppressed_by] == ["OFL102"]


def test_a_test_that_offloads_keeps_its_models_judged(tmp_path):
    copy = tmp_path / "test_offloaded.py"
    shutil.copy(OUTSIDE / "test_case_components.py", copy)
    shutil.copy(OUTSIDE / "scorer_component.py", tmp_path / "scorer_component.py")
    copy.write_text(copy.read_text() + "\n\ndef test_offloaded():\n    apply_group_offloading(TestOnlyModel())\n")
    own = [f for f in _findings([tmp_path]) if f.class_name == "TestOnlyModel"]
    assert own and not any("is a model of a test" in (f.suppressed_by or "") for f in own)
