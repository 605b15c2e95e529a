"""A trainer's move of the model it trains (fixtures/outside/trainers_moving_models.py) is kept, suppressed with the
sign that makes the class a trainer; a class that only runs the model keeps OFL207."""

from __future__ import annotations

from offload_lint.config import Settings
from offload_lint.engine import Options, lint
from tests.conftest import FIXTURES
from tests.lines import line_of

FIXTURE = FIXTURES / "outside" / "trainers_moving_models.py"


def test_trainer_moves_are_suppressed_with_the_training_sign():
    found = lint(Options(paths=[str(FIXTURE)], settings=Settings(select=["OFL207"]), jobs=1,
                         show_suppressed=True)).findings
    reasons = {f.class_name: f.suppressed_by for f in found}
    assert f"optimizer (AdamW) over a held model's parameters (line {line_of(FIXTURE, 'torch.optim.AdamW(')})" \
        in reasons["Trainer"]
    assert f"self.opt.step() (line {line_of(FIXTURE, 'self.opt.step()')})" in reasons["RateFinder"]
    assert reasons["Predictor"] is None
