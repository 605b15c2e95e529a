"""Weights handed to a function of the tree that copies its first argument to host memory are read back, not
computed with (fixtures/core/host_copies.py): not reported, and the run under diffusers' hooks agrees; a buffer
handed to a function that computes with it stays reported and confirmed."""

from __future__ import annotations

import ast
import warnings

from offload_lint.config import Settings
from offload_lint.engine import Options, lint
from offload_lint.index.extract import summarize
from tests.conftest import FIXTURES

FIXTURE = FIXTURES / "core" / "host_copies.py"
HELPERS = FIXTURES / "core" / "host_copy_helpers.py"


def test_host_copy_functions_are_the_ones_returning_a_host_copy_of_their_first_argument():
    summary = summarize(ast.parse(HELPERS.read_text()), str(HELPERS), "host_copy_helpers", False)
    assert summary.host_copies == frozenset({"to_numpy_array"})


def test_host_copies_of_weights_are_not_reported_a_computing_helper_is():
    found = {(f.method, f.code) for f in lint(Options(paths=[str(FIXTURE), str(HELPERS)], settings=Settings(),
                                                      jobs=1)).findings}
    assert found == {("rescaled", "OFL101")}


def test_the_copies_meet_nothing_the_computed_buffer_meets_the_input(monkeypatch):
    from offload_lint.confirm.runner import confirm
    from offload_lint.confirm.scenario import CheckConfig

    monkeypatch.syspath_prepend(str(FIXTURE.parent))
    warnings.simplefilter("ignore")
    copied = confirm("host_copies:Serialized", "serialize", CheckConfig(level="both", backend="tracking"))
    assert copied.verdict == "refuted", copied.to_text()
    computed = confirm("host_copies:Serialized", "rescaled", CheckConfig(level="both", backend="tracking"))
    assert computed.verdict == "confirmed", computed.to_text()


def test_a_helper_that_may_return_its_argument_or_a_tensor_is_no_host_copy():
    source = (
        "def bare(x):\n    if x is None:\n        return x\n    return x.cpu().numpy()\n\n"
        "def still_tensor(x):\n    if x.ndim:\n        return x.float()\n    return x.cpu().numpy()\n\n"
        "def numpy_branch(x):\n    if x is None:\n        return None\n    if hasattr(x, 'astype'):\n"
        "        return x.astype('float32')\n    return x.detach().cpu().numpy()\n"
    )
    assert summarize(ast.parse(source), "helpers.py", "helpers", False).host_copies == frozenset({"numpy_branch"})
