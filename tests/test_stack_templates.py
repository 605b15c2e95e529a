"""The layer a torch layer stack deep-copies (fixtures/outside/stack_templates.py) is no finding of its own unless it
also runs; at runtime only the stack's copies are reached."""

from __future__ import annotations

import warnings

import pytest

from offload_lint.config import Settings
from offload_lint.engine import Options, lint
from tests.conftest import FIXTURES

FIXTURE = FIXTURES / "outside" / "stack_templates.py"


def test_the_template_is_not_reported_the_stack_and_a_template_that_runs_are():
    found = lint(Options(paths=[str(FIXTURE)], settings=Settings(select=["OFL204"]), jobs=1)).findings
    assert sorted((f.class_name, f.attribute) for f in found) == [
        ("TemplateEncoder", "transformer_encoder"), ("TemplateRunTooEncoder", "first_layer"),
        ("TemplateRunTooEncoder", "stack")]


@pytest.mark.parametrize(("model", "template_reached"), [("TemplateEncoder", False), ("TemplateRunTooEncoder", True)])
def test_only_a_template_that_runs_is_reached_at_leaf_level(monkeypatch, model, template_reached):
    from offload_lint.confirm.runner import confirm
    from offload_lint.confirm.scenario import CheckConfig

    monkeypatch.syspath_prepend(str(FIXTURE.parent))
    warnings.simplefilter("ignore")
    text = confirm(f"stack_templates:{model}", "forward", CheckConfig(level="leaf", backend="tracking")).to_text()
    template = "encoder_layer" if model == "TemplateEncoder" else "first_layer"
    assert (f"access to {template}." in text) is template_reached, text
    assert "layers.0.self_attn.out_proj" in text or template_reached, text
