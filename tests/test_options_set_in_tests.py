"""An option only a test sets is no configuration the package builds (fixtures/options_set_in_tests): the finding
on what it binds is kept suppressed with the reason, as it is when the package is linted without its tests; an
option the package's own code sets stays reported."""

from __future__ import annotations

from offload_lint.engine import Options, lint
from offload_lint.index.project import is_test_module
from tests.conftest import FIXTURES
from tests.markers import expected

APP = FIXTURES / "options_set_in_tests"
MODEL = APP / "attnres" / "model.py"


def _found(path):
    return {(f.line, f.code, bool(f.suppressed_by)) for f in lint(Options(paths=[str(path)], jobs=1,
                                                                         show_suppressed=True)).findings}


def test_the_tree_with_its_tests_gives_the_package_s_findings():
    shown, suppressed = expected(MODEL.read_text())
    marked = {(line, code, False) for _, line, code in shown} | {(line, code, True) for _, line, code in suppressed}
    assert _found(APP) == marked == _found(APP / "attnres" / "model.py")


def test_tests_are_named_as_pytest_collects_them():
    assert is_test_module("attnres.tests.test_mixer") and is_test_module("pkg.conftest")
    assert is_test_module("tests.models.helpers") and is_test_module("mixer_test")
    assert not is_test_module("attnres.model") and not is_test_module("latest.testing_utils")
