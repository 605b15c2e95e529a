"""ParameterDict / ParameterList items that are modules (fixtures/core/parameter_dict_modules.py; issue 22 round bg,
cause PD): calling one runs its own hooks, so nothing is reported there and no fix moves a module with ``.to(...)``;
the tensors a ParameterDict holds stay reported. The run under diffusers' hooks agrees: only the tensor's line is
confirmed."""

from __future__ import annotations

import warnings

from offload_lint.config import Settings
from offload_lint.engine import Options, lint
from tests.conftest import FIXTURES
from tests.markers import expected

FIXTURE = FIXTURES / "core" / "parameter_dict_modules.py"


def test_only_the_tensor_of_a_parameter_dict_is_reported():
    found = lint(Options(paths=[str(FIXTURE)], settings=Settings(), jobs=1)).findings
    shown, _ = expected(FIXTURE.read_text())
    assert sorted(("", f.line, f.code) for f in found) == sorted(shown.elements())


def test_a_called_item_of_a_container_the_index_cannot_type_is_no_tensor(tmp_path):
    """``nn.ParameterDict(make_heads(...))``: the items are unknown, but no tensor is callable."""
    (tmp_path / "m.py").write_text(
        "from torch import nn\n\n\ndef make_heads(names):\n    return {n: nn.Linear(4, 4) for n in names}\n\n\n"
        "class Heads(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
        "        self.heads = nn.ParameterDict(make_heads('ab'))\n\n"
        "    def forward(self, x):\n        return self.heads['a'](x)\n")
    assert lint(Options(paths=[str(tmp_path)], settings=Settings(), jobs=1)).findings == []


def test_the_run_under_the_hooks_confirms_only_the_tensor(monkeypatch):
    from offload_lint.confirm.runner import confirm
    from offload_lint.confirm.scenario import CheckConfig

    monkeypatch.syspath_prepend(str(FIXTURE.parent))
    warnings.simplefilter("ignore")
    report = confirm("parameter_dict_modules:LevelConditioned", "forward", CheckConfig(level="both", backend="tracking"))
    assert report.verdict == "confirmed", report.to_text()
    shown, _ = expected(FIXTURE.read_text())
    (marked,) = {line for _, line, _ in shown}
    assert f"parameter_dict_modules.py:{marked} " in report.to_text()
    assert "self.layers" not in report.to_text() and "stack." not in report.to_text()
