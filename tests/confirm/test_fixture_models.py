"""Every fixture model gets the verdict its docstring promises, on both CPU backends."""

import pytest

import confirm_models as models
from offload_lint.confirm import confirm

C, R = "confirmed", "refuted"
CASES = [
    # (class, method, block verdict, leaf verdict)
    (models.TinyPrior, "post_process_latents", C, C),
    (models.TinyPriorFixed, "post_process_latents", R, R),
    (models.TinyPriorMetadata, "post_process_latents", R, R),
    (models.TinyPriorDeviceRead, "post_process_latents", C, C),
    (models.TinyNormalizer, "scale", C, C),
    (models.TinyNormalizer, "unscale", C, C),
    (models.FunctionalProjection, "forward", R, C),
    (models.NormWeightReader, "forward", R, C),
    (models.TinyVAE, "decode", C, R),
    (models.TinyVAEWithBlocks, "decode", R, R),
    (models.TinyVAE, "forward", R, R),
]


@pytest.mark.parametrize("backend", ["fake-cuda", "tracking"])
@pytest.mark.parametrize("cls,method,block,leaf", CASES, ids=[f"{c.__name__}.{m}" for c, m, *_ in CASES])
def test_fixture_verdicts(backend, cls, method, block, leaf):
    report = confirm(cls, method, backend=backend)
    assert report.verdict_at("block") == block, report.to_text()
    assert report.verdict_at("leaf") == leaf, report.to_text()
    assert {r.backend for r in report.levels.values()} == {backend}


def test_evidence_names_weight_kind_and_line():
    report = confirm(models.TinyPrior, "post_process_latents", backend="fake-cuda", level="block")
    access = report.levels["block"].offending[0]
    assert (access.kind, access.weight, access.op) == ("compute", "clip_std", "mul")
    assert access.source.path.endswith("confirm_models.py")
    assert "BUG" in open(access.source.path).read().splitlines()[access.source.line - 1]


def test_device_read_is_evidence_and_the_placed_tensor_meeting_the_input_confirms():
    for backend in ("fake-cuda", "tracking"):
        report = confirm(models.TinyPriorDeviceRead, "post_process_latents", backend=backend, level="leaf")
        result = report.levels["leaf"]
        (access,) = result.offending
        assert (access.kind, access.weight, access.op) == ("compute", "placed on the device of clip_std", "add")
        assert "DEVICE_READ" in open(access.origin.path).read().splitlines()[access.origin.line - 1]
        assert "with" in access.operands and "input" in access.operands, access.operands
        assert "device" in {a.kind for a in result.accesses}  # the read itself: evidence only


def test_fix_reads_as_moved_not_compute():
    report = confirm(models.TinyPriorFixed, "post_process_latents", backend="tracking", level="block")
    kinds = {a.kind for a in report.levels["block"].accesses}
    assert kinds == {"moved"}


def test_sequence_fuse_then_forward_on_virtual_gpu():
    plain = confirm(models.TinyAttention, "forward", backend="fake-cuda", level="leaf")
    fused = confirm(models.TinyAttention, "forward", backend="fake-cuda", level="leaf",
                    steps=["fuse_qkv_projections", "forward"])
    assert plain.verdict == "refuted"
    assert fused.verdict == "confirmed", fused.to_text()
    assert any(a.weight.startswith("to_qkv.weight") and a.step == "forward" for a in fused.levels["leaf"].offending)


def test_user_call_overrides_synthesis():
    seen = []

    def call(module, device):
        import torch

        seen.append(device)
        module.scale(torch.ones(3, 8, device=device))

    report = confirm(models.TinyNormalizer, "scale", backend="fake-cuda", level="block", call=call)
    assert report.verdict == "confirmed"
    assert seen and str(seen[0]) == "cuda:0"
    assert "user call" in report.levels["block"].evidence or report.levels["block"].offending


def test_untriggered_when_method_missing_or_unbuildable():
    missing = confirm(models.TinyNormalizer, "no_such_method", backend="tracking", level="block")
    assert missing.verdict == "untriggered"

    def broken():
        raise RuntimeError("needs a checkpoint")

    unbuildable = confirm(models.TinyNormalizer, "scale", backend="fake-cuda", level="block", factory=broken)
    assert unbuildable.verdict == "untriggered"
    assert "needs a checkpoint" in unbuildable.levels["block"].evidence


def test_string_target_and_block_modules_override():
    report = confirm("confirm_models:TinyVAE", "decode", backend="tracking", level="block",
                     block_modules=["encoder", "decoder"])
    assert report.verdict == "refuted"


def test_hooks_are_removed_after_a_check():
    import torch

    module = models.TinyPrior()
    confirm(models.TinyPrior, "post_process_latents", backend="tracking", level="block", factory=lambda: module)
    assert not any(hasattr(m, "_diffusers_hook") and m._diffusers_hook.hooks for m in module.modules())
    assert torch.equal(module.post_process_latents(torch.ones(1, 8)), torch.ones(1, 8))
