"""--fix --confirm: the confirmer runs every fixed finding on the code before and after its fix; a
fix is proven when the failure seen before is refuted after. On CPU (fake-cuda / tracking)."""

from __future__ import annotations

import json
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from offload_lint.cli import apply_fixes, main
from offload_lint.config import Settings
from offload_lint.confirm_bridge import NOT_PROVEN, PROVEN, confirm_before_fix, confirm_fixed
from offload_lint.engine import Options, lint
from offload_lint.fix.apply import FixPolicy
from offload_lint.fix.model import Edit

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "confirm"
# A few classes of the confirm fixtures, one per kind of fix (the others take minutes to confirm).
CLASSES = {"TinyPrior", "TinyNormalizer", "FunctionalProjection", "TinyVAE"}


def _copy(tmp_path: Path, name: str) -> Path:
    target = tmp_path / f"{name}.py"  # a module name no other test imports
    shutil.copy(FIXTURES / "confirm_models.py", target)
    return target


def _chosen(options: Options):
    result = lint(options)
    return replace(result, findings=[f for f in result.findings if f.class_name in CLASSES])


def test_each_fix_of_the_confirm_fixtures_is_proven(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    target = _copy(tmp_path, "fix_proof_models")
    options = Options(paths=[str(target)], settings=Settings(select=["OFL101", "OFL102", "OFL103", "OFL105"]), jobs=1)
    policy = FixPolicy(unsafe=True)
    chosen = _chosen(options)
    before = confirm_before_fix(chosen, policy)
    fixed = apply_fixes(chosen, policy, options)
    fixed.fixes.applied = [a for a in fixed.fixes.applied if a.finding.class_name in CLASSES]
    fixed = confirm_fixed(fixed, before)
    verdicts = {(a.finding.class_name, a.finding.method, a.finding.code, a.finding.attribute): a.finding.extra["fix_verdict"]
                for a in fixed.fixes.applied}
    assert verdicts == {
        ("TinyPrior", "post_process_latents", "OFL101", "clip_std"): PROVEN,
        ("TinyPrior", "post_process_latents", "OFL101", "clip_mean"): PROVEN,
        ("TinyNormalizer", "scale", "OFL101", "mean"): PROVEN,
        ("TinyNormalizer", "scale", "OFL101", "std"): PROVEN,
        ("TinyNormalizer", "unscale", "OFL101", "std"): PROVEN,
        ("TinyNormalizer", "unscale", "OFL101", "mean"): PROVEN,
        # F.linear(x, w, b) -> self.proj(x): one edit fixes both findings
        ("FunctionalProjection", "forward", "OFL103", "proj.weight"): PROVEN,
        ("FunctionalProjection", "forward", "OFL103", "proj.bias"): PROVEN,
        ("TinyVAE", "encode", "OFL102", "encoder"): PROVEN,
        ("TinyVAE", "decode", "OFL102", "decoder"): PROVEN,  # fixed in the second round
    }, [a.finding.extra["fix_evidence"] for a in fixed.fixes.applied]
    assert all(a.finding.extra["verdict_before_fix"] == "confirmed" for a in fixed.fixes.applied)
    text = target.read_text()
    assert '_group_offload_block_modules = ["encoder", "decoder"]' in text
    assert "prior_latents = (prior_latents * self.clip_std.to(prior_latents.device)) + self.clip_mean.to(" in text


def test_a_fix_that_leaves_the_failure_is_not_proven(tmp_path, monkeypatch):
    """The proof can fail: an edit that changes nothing the method computes is reported not proven."""
    monkeypatch.chdir(tmp_path)
    target = _copy(tmp_path, "fix_disproof_models")
    options = Options(paths=[str(target)], settings=Settings(select=["OFL101"]), jobs=1)
    result = lint(options)
    (finding,) = [f for f in result.findings if f.class_name == "TinyNormalizer" and f.method == "scale"
                  and f.attribute == "mean"]
    line = target.read_text().splitlines()[finding.line - 1]
    useless = Edit.insertion(finding.line, len(line) + 1, "  # looked at")
    finding = replace(finding, fix=replace(finding.fix, edits=(useless,)))
    chosen = replace(result, findings=[finding])
    policy = FixPolicy()
    before = confirm_before_fix(chosen, policy)
    fixed = apply_fixes(chosen, policy, options)
    # The re-lint of the loop fixes the file's other findings too; only this one is confirmed here.
    fixed.fixes.applied = [a for a in fixed.fixes.applied if a.finding.fix.edits == (useless,)]
    fixed = confirm_fixed(fixed, before)
    (applied,) = fixed.fixes.applied
    assert applied.finding.extra["fix_verdict"] == NOT_PROVEN
    assert "# looked at" in target.read_text()


PRIOR = '''import torch
from diffusers.configuration_utils import ConfigMixin, register_to_config
from diffusers.models.modeling_utils import ModelMixin
from torch import nn


class SmallPrior(ModelMixin, ConfigMixin):
    @register_to_config
    def __init__(self, dim: int = 8):
        super().__init__()
        self.proj = nn.Linear(dim, dim)
        self.clip_std = nn.Parameter(torch.ones(1, dim))

    def forward(self, hidden_states: torch.Tensor) -> torch.Tensor:
        return self.proj(hidden_states)

    def post_process_latents(self, latents: torch.Tensor) -> torch.Tensor:
        return latents * self.clip_std
'''


def test_cli_json_reports_the_fix_verdict(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "small_prior_for_fix.py").write_text(PRIOR)
    status = main(["--no-cache", "small_prior_for_fix.py", "--fix", "--confirm", "--output-format", "json"])
    data = json.loads(capsys.readouterr().out)
    assert status == 0
    (entry,) = data
    assert entry["fixed"] is True and entry["fix_verdict"] == PROVEN and entry["verdict_before_fix"] == "confirmed"
    assert entry["fix"]["edits"][0]["content"] == ".to(latents.device)"
    assert "refuted" in entry["fix_evidence"]
    assert "latents * self.clip_std.to(latents.device)" in (tmp_path / "small_prior_for_fix.py").read_text()


@pytest.fixture(autouse=True)
def _forget_fixture_modules():
    import sys

    yield
    for name in ("fix_proof_models", "fix_disproof_models", "small_prior_for_fix"):
        sys.modules.pop(name, None)
