"""Pipeline code is judged by building the pipeline with tiny components and running the method, never through
the component method's own finding."""

from __future__ import annotations

import pytest

import confirm_callers
from offload_lint.confirm.caller import branch_values, build_caller, tiny_tokenizer
from offload_lint.confirm.join import confirm_findings
from offload_lint.finding import Finding
from tests.lines import line_of

PATH = confirm_callers.__file__
MODULE = "confirm_callers"




def finding(code: str, method: str, attribute: str, marker: str) -> Finding:
    line = line_of(PATH, marker)
    return Finding(PATH, line, 9, line, 30, code, "rule", "msg", class_name="TinyCallerPipeline", method=method,
                   levels=("block",), attribute=attribute, module=MODULE)


CASES = [
    ("OFL201", "encode_prompt", "text_encoder.final_norm", "# CALLER_SUBMODULE", "confirmed"),
    ("OFL201", "encode_prompt", "text_encoder.embeddings", "# CALLER_DEVICE_READ", "refuted"),
    ("OFL202", "caption", "text_encoder.generate", "# CALLER_MOVED_FIRST", "refuted"),
    ("OFL202", "caption_unmoved", "text_encoder.generate", "# CALLER_UNMOVED", "confirmed"),
    ("OFL202", "noise_embeds", "image_normalizer.scale", "# CALLER_MIXIN_MOVED", "confirmed"),
]


@pytest.mark.parametrize("code,method,attribute,marker,expected", CASES, ids=[c[3][2:] for c in CASES])
def test_pipeline_code_is_judged_by_running_it(code, method, attribute, marker, expected):
    ((_, verdict),) = [pair for pair in confirm_findings([finding(code, method, attribute, marker)])
                       if pair[0].code != "OFL900"]
    assert verdict.verdict == expected, verdict.evidence
    assert "via OFL" not in verdict.evidence
    assert "TinyCallerPipeline(" in verdict.evidence  # how the caller was built
    if expected == "confirmed":
        assert " with " in verdict.evidence  # both operands' devices


def test_unused_components_are_not_built():
    built = build_caller(confirm_callers.TinyCallerPipeline, "caption", "text_encoder")
    assert built.instance.unused is None and built.instance.image_normalizer is None
    assert isinstance(built.instance.text_encoder, confirm_callers.TinyTextEncoder)


def test_optional_argument_that_guards_the_line_gets_a_value():
    wanted = branch_values(confirm_callers.TinyCallerPipeline.encode_prompt, line_of(PATH, "# CALLER_SUBMODULE"))
    assert wanted == {"skip_norm": True}


def test_in_memory_tokenizer_needs_no_download():
    tokenizer = tiny_tokenizer(vocab_size=16, max_length=8)
    ids = tokenizer(["a photo of a cat"], padding="max_length", max_length=8, return_tensors="pt").input_ids
    assert ids.shape == (1, 8) and int(ids.max()) < 16


def test_caller_that_cannot_be_built_is_untriggered_with_the_reason():
    broken = Finding(PATH, 1, 1, 1, 2, "OFL202", "rule", "msg", class_name="NoSuchPipeline", method="encode",
                     levels=("block",), attribute="vae.encode", module=MODULE)
    ((_, verdict),) = confirm_findings([broken])
    assert verdict.verdict == "untriggered" and "NoSuchPipeline" in verdict.evidence


def test_two_findings_in_one_method_explain_each_other_in_both_runs():
    findings = [finding("OFL202", "caption_twice", "text_encoder.generate", "# CALLER_TWICE_GENERATE"),
                finding("OFL201", "caption_twice", "text_encoder.final_norm", "# CALLER_TWICE_NORM")]
    pairs = confirm_findings(findings)
    assert [f.code for f, _ in pairs] == ["OFL202", "OFL201"]  # no OFL900 for an access a finding explains
    assert [v.verdict for _, v in pairs] == ["confirmed", "confirmed"], [v.evidence for _, v in pairs]


def test_code_written_for_the_older_layout_runs_with_it():
    """`text_encoder.text_model.final_layer_norm`: the installed CLIPTextModel flattened `text_model`; the check runs
    with it aliased to the model, says so, and confirms at block level (the norm sits in the root's group)."""
    line = line_of(PATH, "# CLIP_SKIP_NORM")
    clip_skip = Finding(PATH, line, 9, line, 30, "OFL201", "rule", "msg", class_name="ClipSkipPipeline",
                        method="encode_prompt", levels=("block",), attribute="text_encoder.text_model.final_layer_norm",
                        module=MODULE)
    ((_, verdict),) = [pair for pair in confirm_findings([clip_skip]) if pair[0].code != "OFL900"]
    assert verdict.verdict == "confirmed", verdict.evidence
    assert "transformers-4 layout: text_encoder.text_model aliased to the model" in verdict.evidence
    assert "final_layer_norm.weight via F.layer_norm" in verdict.evidence


def test_restored_layout_is_an_alias_not_a_child():
    from transformers import CLIPTextConfig, CLIPTextModel, T5Config, T5EncoderModel

    from offload_lint.confirm.layouts import restore_layout

    config = CLIPTextConfig(hidden_size=8, intermediate_size=8, num_hidden_layers=1, num_attention_heads=2,
                            vocab_size=16, max_position_embeddings=8)
    model = CLIPTextModel(config)
    before = [name for name, _ in model.named_modules()]
    (restored,) = restore_layout("text_encoder", model)
    assert restored.path == "text_model" and model.text_model is model
    assert [name for name, _ in model.named_modules()] == before  # offloading sees the installed tree
    assert "text_model" not in dict(model.named_children())
    t5 = T5EncoderModel(T5Config(d_model=8, d_ff=8, num_layers=1, num_heads=2, d_kv=4, vocab_size=16))
    assert restore_layout("text_encoder", t5) == []  # nothing recorded as flattened for T5


def test_no_alias_where_block_offloading_would_group_the_lifted_children_differently(monkeypatch):
    """The old root had one plain child (one unmatched group at block level); a lifted ModuleList would be split
    into groups of its own, so the layouts would not be offloaded alike: no alias."""
    import torch

    from offload_lint.confirm import layouts

    class Flat(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.layers = torch.nn.ModuleList([torch.nn.Linear(2, 2)])

    monkeypatch.setattr(layouts, "installed_flattenings", lambda key: [layouts.Flattening(key, "inner")])
    assert layouts.restore_layout("encoder", Flat()) == []
    holder = torch.nn.Module()
    holder.norm = torch.nn.LayerNorm(2)  # only plain children lifted: aliased
    assert [r.path for r in layouts.restore_layout("encoder", holder)] == ["inner"] and holder.inner is holder


def test_pipeline_access_seen_before_the_time_limit_stands():
    from offload_lint.confirm.config import ConfirmConfig

    slow = finding("OFL202", "caption_then_compute", "text_encoder.generate", "# CALLER_THEN_COMPUTE")
    ((_, verdict),) = [pair for pair in confirm_findings([slow], config=ConfirmConfig(timeout=1.0))
                       if pair[0].code != "OFL900"]
    assert verdict.verdict == "confirmed", verdict.evidence
    assert "head.weight" in verdict.evidence and "timed out after 1 s of CPU time" in (verdict.error or ""), verdict


def test_an_optional_tokenizer_with_a_chat_template_is_built_for_a_prompt_rewrite():
    line = line_of(PATH, "# CALLER_REWRITE_GENERATE")
    rewrite = Finding(PATH, line, 9, line, 30, "OFL202", "rule", "msg", class_name="PromptRewritePipeline",
                      method="rewrite_prompt", levels=("block",), attribute="rewriter.generate", module=MODULE)
    ((_, verdict),) = [pair for pair in confirm_findings([rewrite]) if pair[0].code != "OFL900"]
    assert verdict.verdict == "confirmed" and "(line match)" in verdict.evidence, verdict.evidence
    assert "rewriter_tokenizer=word-level tokenizer in memory" in verdict.evidence, verdict.evidence


def test_a_transformers_processor_is_built_from_its_parts():
    """`BlipProcessor()` alone refuses (it needs an image processor and a tokenizer): the family's image processor
    (the PIL one: torchvision may be missing) and the in-memory tokenizer make it."""
    import transformers
    from PIL import Image

    from offload_lint.confirm.caller import build_component

    processor, how = build_component("caption_processor", transformers.BlipProcessor)
    assert isinstance(processor, transformers.BlipProcessor), how
    assert "tokenizer=word-level tokenizer" in how and "image_processor=Blip" in how, how
    inputs = processor(Image.new("RGB", (32, 32)), "a photo of", return_tensors="pt")
    assert inputs["pixel_values"].dim() == 4 and inputs["input_ids"].dim() == 2


def test_unannotated_images_are_tried_as_a_tensor_then_as_pil_images():
    import torch
    from PIL import Image

    from offload_lint.confirm.caller import caller_arguments

    class Captioner:
        def caption(self, images):
            return images

    candidates = caller_arguments(Captioner(), "caption", torch.nn.Linear(2, 2), None, 0, torch.device("cpu"))
    values = [make()[1]["images"] for _, make in candidates]
    assert isinstance(values[0], torch.Tensor), values
    assert any(isinstance(value, Image.Image) for value in values[1:]), values


def test_images_a_pipeline_takes_as_pil_or_tensor_are_pil_images():
    """`image: torch.Tensor | PIL.Image.Image` (PipelineImageInput): a VAE's latents shape is no image a
    pipeline's image processor accepts; an image-only tensor parameter keeps the tensor form."""
    import PIL.Image
    import torch
    from PIL import Image

    from offload_lint.confirm.caller import caller_arguments

    class Inpainter:
        def __call__(self, image: torch.Tensor | PIL.Image.Image, mask_image: torch.Tensor | PIL.Image.Image,
                     latents: torch.Tensor):
            return image

    (_, make), *_ = caller_arguments(Inpainter(), "__call__", torch.nn.Conv2d(4, 4, 1), None, 0,
                                     torch.device("cpu"))
    kwargs = make()[1]
    assert isinstance(kwargs["image"], Image.Image) and isinstance(kwargs["mask_image"], Image.Image), kwargs
    assert isinstance(kwargs["latents"], torch.Tensor)


def test_default_image_processors_are_sized_for_the_tiny_image_encoder():
    """A CLIP feature extractor built with its defaults (224 pixels) beside an image encoder built from a shrunk
    config (Paint-by-Example's): the processor makes images of the encoder's size."""
    import transformers
    from PIL import Image

    from offload_lint.confirm.caller import _processors_sized_for_encoders

    config = transformers.CLIPVisionConfig(hidden_size=32, intermediate_size=37, num_hidden_layers=1,
                                           num_attention_heads=2, image_size=16, patch_size=4)
    encoder = transformers.CLIPVisionModel(config)
    processor = transformers.CLIPImageProcessorPil() if hasattr(transformers, "CLIPImageProcessorPil") \
        else transformers.CLIPImageProcessor()
    note = _processors_sized_for_encoders({"image_encoder": encoder, "feature_extractor": processor})
    assert note == "feature_extractor resized to 16 pixels (the image encoder's size)", note
    pixels = processor(images=Image.new("RGB", (64, 48)), return_tensors="pt").pixel_values
    assert tuple(pixels.shape[-2:]) == (16, 16)
    encoder(pixels)  # the encoder takes them


def test_an_optional_input_image_is_given_in_the_second_try():
    """An img2img pipeline types `image` optional and refuses None: the second candidate gives it a PIL image (an
    IP-Adapter's reference image stays None: it switches on a feature the pipeline may not have)."""
    import PIL.Image
    import torch
    from PIL import Image

    from offload_lint.confirm.caller import caller_arguments

    class Img2Img:
        def __call__(self, prompt: str | None = None, image: PIL.Image.Image | torch.Tensor | None = None,
                     ip_adapter_image: PIL.Image.Image | None = None, num_inference_steps: int = 50):
            return image

    candidates = caller_arguments(Img2Img(), "__call__", torch.nn.Conv2d(4, 4, 1), None, 0, torch.device("cpu"))
    first, second = (make()[1] for _, make in candidates[:2])
    assert "image" not in first
    assert isinstance(second["image"], Image.Image) and "ip_adapter_image" not in second, second
    assert candidates[1][0].startswith("image, "), candidates[1][0]
