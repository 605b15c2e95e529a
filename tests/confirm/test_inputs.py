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


def test_sizes_learned_from_mismatch_messages():
    from offload_lint.confirm.trigger import learned_sizes

    assert learned_sizes((1, 4, 16), "The size of tensor a (5) must match the size of tensor b (33) at "
                                     "non-singleton dimension 1") == (1, 32, 16)  # a cat added one token
    assert learned_sizes((1, 32, 16), "mat1 and mat2 shapes cannot be multiplied (33x16 and 32x32)") == (1, 32, 32)
    assert learned_sizes((2, 8), "The size of tensor a (3) must match the size of tensor b (5)") is None


def test_token_count_and_width_learned_from_failures():
    for backend in ("fake-cuda", "tracking"):
        report = confirm(models.TinyTokenPool, "pool", backend=backend, level="both")
        for level, result in report.levels.items():
            assert result.verdict == "confirmed", report.to_text()
            assert "proj.weight via linear" in result.evidence, result.evidence
            assert result.completed and result.errors, result.errors  # wrong guesses first, then the learned one
