"""The installed diffusers: known hazards confirmed, the upstream fix refuted."""

import pytest

from offload_lint.confirm import confirm

NORMALIZER = "diffusers.pipelines.stable_diffusion.stable_unclip_image_normalizer:StableUnCLIPImageNormalizer"


@pytest.mark.parametrize("backend", ["fake-cuda", "tracking"])
@pytest.mark.parametrize("method", ["scale", "unscale"])
def test_stable_unclip_image_normalizer_confirmed(backend, method):
    report = confirm(NORMALIZER, method, backend=backend)
    assert report.verdict_at("block") == "confirmed", report.to_text()
    assert report.verdict_at("leaf") == "confirmed", report.to_text()
    weights = {a.weight for a in report.levels["block"].offending}
    assert weights == {"mean", "std"}
    assert all(a.source.path.endswith("stable_unclip_image_normalizer.py") for a in report.levels["block"].offending)


def test_prior_transformer_post_process_latents_fixed_upstream_is_refuted():
    # The default config (embedding_dim=768, 20 layers) builds in milliseconds under FakeTensorMode.
    report = confirm("diffusers.models.transformers.prior_transformer:PriorTransformer", "post_process_latents",
                     backend="fake-cuda")
    assert report.verdict == "refuted", report.to_text()
