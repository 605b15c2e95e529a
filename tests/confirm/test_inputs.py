"""Inputs the method really takes: ranks from the code, and from the first failure."""

import confirm_models as models
from offload_lint.confirm import confirm
from offload_lint.confirm.trigger import unpacked_ranks


def test_rank_is_read_from_the_unpacking():
    assert unpacked_ranks(models.TinyVideoVAE.decode) == [5]


def test_five_d_latent_is_tried_first_and_confirms():
    report = confirm(models.TinyVideoVAE, "decode", backend="fake-cuda", level="block")
    result = report.levels["block"]
    assert result.verdict == "confirmed", report.to_text()
    assert "5-D" in result.evidence or not result.errors  # the first try was already 5-D


def test_rank_learned_from_the_first_failure():
    for backend in ("fake-cuda", "tracking"):
        report = confirm(models.TinyFrameMixer, "mix", backend=backend, level="block")
        result = report.levels["block"]
        assert result.verdict == "confirmed", report.to_text()
        assert any("permute" in error for error in result.errors), result.errors  # the first, failed try
        assert len(result.errors) == 1  # one failed 2-D try, then the learned 5-D one ran
