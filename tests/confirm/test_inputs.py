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


def test_two_failures_that_name_each_others_channels_do_not_loop():
    from offload_lint.confirm import confirm_findings
    from offload_lint.finding import Finding

    for backend in ("fake-cuda", "tracking"):
        result = confirm(models.MismatchedQuantVAE, "encode", backend=backend, level="block", timeout=60).levels["block"]
        assert result.verdict == "confirmed" and not result.timed_out, result.evidence
        assert {a.weight for a in result.offending} >= {"quant_conv.weight"}, result.evidence
        assert len(result.errors) <= 8, result.errors  # one try per input shape, not until the limit
    line = next(i for i, text in enumerate(open(models.__file__).read().splitlines(), 1)
                if "# MISMATCHED_QUANT_CONV" in text)
    quant = Finding(models.__file__, line, 9, line, 30, "OFL102", "rule", "msg", class_name="MismatchedQuantVAE",
                    method="encode", levels=("block",), attribute="quant_conv", module="confirm_models")
    verdict = confirm_findings([quant], backend="fake-cuda")[0][1]
    assert verdict.verdict == "confirmed" and "(line match)" in verdict.evidence, verdict.evidence


def test_a_channel_count_is_learned_only_from_the_layer_that_got_the_input():
    import torch

    from offload_lint.confirm.trigger import Candidate, Shape, retry_candidates

    module = models.MismatchedQuantVAE()
    failed = Candidate("x <- [1, 3, 16, 16]", lambda: ((), {}), Shape((1, 3, 16, 16), "first leaf"))
    cpu = torch.device("cpu")
    inner = RuntimeError("Given groups=1, weight of size [16, 16, 1, 1], expected input[1, 8, 16, 16] to have 16 "
                         "channels, but got 8 channels instead")
    assert retry_candidates(module, "encode", cpu, inner, failed) == []
    direct = RuntimeError("Given groups=1, weight of size [8, 3, 3, 3], expected input[1, 16, 16, 16] to have 3 "
                          "channels, but got 16 channels instead")
    wrong = Candidate("x <- [1, 16, 16, 16]", lambda: ((), {}), Shape((1, 16, 16, 16), "config"))
    assert [c.shape.dims for c in retry_candidates(module, "encode", cpu, direct, wrong)] == [(1, 3, 16, 16)]
