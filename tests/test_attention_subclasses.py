"""torch's facts about nn.MultiheadAttention hold for subclasses that keep its forward only
(fixtures/core/attention_subclasses.py); the runs under diffusers' leaf-level hooks agree."""

from __future__ import annotations

import warnings

from offload_lint.config import Settings
from offload_lint.engine import Options, lint
from tests.conftest import FIXTURES

FIXTURE = FIXTURES / "core" / "attention_subclasses.py"


def test_attentions_with_their_own_forward_are_not_reported_those_keeping_torch_s_are():
    found = [(f.class_name, f.code, f.attribute) for f in lint(Options(paths=[str(FIXTURE)], settings=Settings(),
                                                                       jobs=1)).findings]
    assert sorted(found) == [("OptionalModel", "OFL204", "optional"), ("TaggedModel", "OFL204", "attention"),
                             ("TaggedModel", "OFL204", "layers")]


def test_own_forwards_call_out_proj_under_its_hook_torch_s_forward_does_not(monkeypatch):
    from offload_lint.confirm.runner import confirm
    from offload_lint.confirm.scenario import CheckConfig

    monkeypatch.syspath_prepend(str(FIXTURE.parent))
    warnings.simplefilter("ignore")
    own = confirm("attention_subclasses:AttentionModels", "forward", CheckConfig(level="leaf", backend="tracking"))
    assert own.verdict == "refuted", own.to_text()
    kept = confirm("attention_subclasses:TaggedModel", "forward", CheckConfig(level="leaf", backend="tracking"))
    assert kept.verdict == "confirmed" and "attention.out_proj.weight" in kept.to_text(), kept.to_text()
    assert "layers.0.self_attn.out_proj.weight" in kept.to_text(), kept.to_text()
    optional = confirm("attention_subclasses:OptionalModel", "forward", CheckConfig(level="leaf", backend="tracking"))
    assert optional.verdict == "confirmed" and "optional.0.self_attn.out_proj.weight" in optional.to_text(), \
        optional.to_text()
