"""Builds and runs that need their parts to agree (fixtures in confirm_wholes.py): sizes a constructor computes
with, a component's config field a pipeline constructor reads, a layer that exists only with an optional size, a
position table a token loop runs through, a generate call asking for hundreds of tokens."""

from __future__ import annotations

import pytest

import confirm_wholes
from offload_lint.confirm.build import build_module_noted
from offload_lint.confirm.caller import build_caller, capped_generation
from offload_lint.confirm.join import confirm_findings
from offload_lint.finding import Finding
from tests.lines import line_of

PATH = confirm_wholes.__file__
MODULE = "confirm_wholes"




def finding(code: str, cls: str, method: str, attribute: str, marker: str, levels=("block",)) -> Finding:
    line = line_of(PATH, marker)
    return Finding(PATH, line, 9, line, 30, code, "rule", "msg", class_name=cls, method=method, levels=levels,
                   attribute=attribute, module=MODULE)


def static_verdicts(findings: list[Finding]) -> list[tuple[str, str]]:
    return [(verdict.verdict, verdict.evidence) for f, verdict in confirm_findings(findings) if f.code != "OFL900"]


def verdict_of(code: str, cls: str, method: str, attribute: str, marker: str, levels=("block",)) -> tuple[str, str]:
    """(verdict, evidence) of the one finding at ``marker``."""
    ((verdict, evidence),) = static_verdicts([finding(code, cls, method, attribute, marker, levels)])
    return verdict, evidence


def test_sizes_the_failing_constructor_statement_computes_with_are_learned():
    """`(sample_size // patch_size)` names patch_size; the Conv2d two calls down gets in_channels=None from the
    statement `self.embed = PatchProjection(in_channels=in_channels, ...)`, which names it."""
    module, how = build_module_noted(confirm_wholes.PatchGrid, None, shrink=True)
    assert "patch_size=2 (learned from the error)" in how and "in_channels=" in how, how
    assert module.embed.proj.kernel_size == (2, 2)
    verdict, evidence = verdict_of("OFL102", "PatchGrid", "patchify", "embed", "# WHOLE_PATCHIFY")
    assert verdict == "confirmed", evidence


def test_the_layer_a_finding_names_is_built_rather_than_its_weightless_stand_in():
    """With hidden_dim=None, decode_prefix is an Identity: the line runs with no weight and says nothing."""
    ((verdict, evidence),) = static_verdicts(
        [finding("OFL102", "PrefixDecoder", "decode", "decode_prefix", "# WHOLE_DECODE_PREFIX")])
    assert verdict == "confirmed", evidence
    assert "decode_prefix.weight" in evidence and "hidden_dim=32" in evidence


def test_a_component_config_field_the_pipeline_constructor_reads_is_given_a_size():
    built = build_caller(confirm_wholes.ConfigReadingPipeline, "encode_prompt", "text_encoder",
                         {"unet", "text_encoder"})
    assert built.components["unet"].config.sample_size == 32
    assert any(note.startswith("unet=") and "sample_size=32" in note for note in built.notes), built.notes
    verdict, evidence = verdict_of("OFL201", "ConfigReadingPipeline", "encode_prompt",
                                   "text_encoder.proj", "# WHOLE_CONFIG_READ")
    assert verdict == "confirmed", evidence


def test_a_text_named_tensor_is_a_tensor():
    verdict, evidence = verdict_of("OFL201", "TextLatentsPipeline", "decode_text_latents",
                                   "text_decoder.proj", "# WHOLE_TEXT_LATENTS")
    assert verdict == "confirmed", evidence
    assert "text_decoder.proj.weight" in evidence


def test_a_shrunk_component_keeps_the_position_table_its_loop_runs_through():
    module, how = build_module_noted(confirm_wholes.TokenLoop, None, shrink=True)
    assert module.positions.num_embeddings == 256 and "n_positions" not in how, how
    verdict, evidence = verdict_of("OFL202", "LoopingPipeline", "caption", "text_decoder.generate", "# WHOLE_LOOP_CALL")
    assert verdict == "confirmed", evidence
    assert "text_decoder.head.weight" in evidence


def test_generate_makes_a_few_new_tokens_while_a_caller_runs():
    transformers = pytest.importorskip("transformers")
    import torch

    model = transformers.GPT2LMHeadModel(transformers.GPT2Config(n_embd=8, n_layer=1, n_head=1, vocab_size=16,
                                                                 n_positions=16))
    ids = torch.tensor([[1, 2, 3]])
    with capped_generation(limit=4):
        capped = model.generate(ids, max_new_tokens=512, do_sample=False, pad_token_id=0)
        implicit = model.generate(ids, do_sample=False, pad_token_id=0, max_length=16)
    assert capped.shape[1] == 3 + 4 and implicit.shape[1] == 3 + 4
    assert model.generate(ids, max_new_tokens=5, do_sample=False, pad_token_id=0).shape[1] == 3 + 5  # restored


def test_a_rewriter_asked_for_512_tokens_is_judged():
    """The tiny GPT-2's 32 positions cannot hold 512 new tokens: without the cap the call fails."""
    verdict, evidence = verdict_of("OFL201", "RewriterPipeline", "rewrite", "rewriter.transformer", "# WHOLE_REWRITE")
    assert verdict == "confirmed", evidence
    assert "rewriter.transformer.wte.weight" in evidence


def test_an_attribute_assigned_under_a_constructor_branch_is_built_with_the_values_it_requires():
    """`if self.regularizer == "fsq": self.regularization = ...` after checks that say which z_channels and
    double_z it needs."""
    verdict, evidence = verdict_of("OFL102", "QuantizedCodec", "indices_to_latent",
                                   "regularization.indices_to_codes", "# WHOLE_FSQ_CODES")
    assert verdict == "confirmed", evidence
    assert "regularizer='fsq'" in evidence and "z_channels=2 (required by the error)" in evidence
    assert "double_z=False (required by the error)" in evidence


def test_a_producer_that_cannot_be_called_leaves_the_value_to_the_shape():
    """forward() returns `z` but refuses every synthesised video; decode's latent is then synthesised, with the rank
    the first failure taught."""
    verdict, evidence = verdict_of("OFL102", "FramesCodec", "_decode", "decoder", "# WHOLE_DECODE_PRODUCED")
    assert verdict == "confirmed", evidence
    assert "decoder.weight" in evidence


def test_a_caller_method_gets_the_rank_it_unpacks_and_the_flag_its_line_needs():
    verdict, evidence = verdict_of("OFL201", "FrameConditioningPipeline", "prepare_conditioning",
                                   "text_encoder.proj", "# WHOLE_FLAGGED_5D")
    assert verdict == "confirmed", evidence


def test_a_sub_model_is_built_from_the_composite_config_that_completes_its_own():
    from offload_lint.confirm.caller import _tiny_transformers_model

    with pytest.raises(AttributeError):
        confirm_wholes.InnerEncoder(confirm_wholes.InnerTextConfig())
    module, how = _tiny_transformers_model(confirm_wholes.InnerEncoder)
    assert "(the encoder of OuterConfig)" in how and module.proj.in_features == 32, how


def test_an_editing_call_gets_its_state_its_prompt_and_its_component_flag():
    from offload_lint.confirm.caller import component_switches, names_read_around, per_call_state

    line = line_of(PATH, "# WHOLE_EDIT_LEARNED")
    assert per_call_state(confirm_wholes.EditingPipeline, "batch_size") == 1  # `self.batch_size = image.shape[0]`
    assert component_switches(confirm_wholes.EditingPipeline, "encode_prompt", line) == {
        "learned_embeddings": {"learnable": True}}
    assert "editing_prompt" in names_read_around(confirm_wholes.EditingPipeline.encode_prompt, line)
    verdict, evidence = verdict_of("OFL201", "EditingPipeline", "encode_prompt",
                                   "learned_embeddings.embeddings", "# WHOLE_EDIT_LEARNED")
    assert verdict == "confirmed", evidence
    assert "learned_embeddings.embeddings" in evidence and "learnable=True" in evidence


def test_texts_are_told_from_counts_and_tensors_by_name():
    from offload_lint.confirm.caller import _is_text_name

    assert all(_is_text_name(name) for name in ("prompt", "prompt_2", "negative_prompt", "editing_prompt"))
    assert not any(_is_text_name(name) for name in ("num_images_per_prompt", "num_waveforms_per_prompt",
                                                    "prompt_embeds", "text_latents", "negative_prompt_embeds"))


@pytest.mark.parametrize("backend", ["fake-cuda", "tracking"])
def test_a_failed_try_leaves_no_cache_for_the_next(backend):
    """Two frames fail half-way with the causal cache filled; the nine-frame retry must start from an empty one."""
    from offload_lint.confirm import confirm

    report = confirm(confirm_wholes.FrameBatchEncoder, "encode", backend=backend, level="block")
    block = report.levels["block"]
    assert block.verdict == "confirmed", report.to_text()
    assert any(access.weight == "quant_conv.weight" for access in block.offending), report.to_text()


def test_optional_arguments_the_line_needs_are_given():
    from offload_lint.confirm.trigger import GIVE_TENSOR, branch_arguments

    cls = confirm_wholes.OptionalPathsDecoder
    assert branch_arguments(cls.decode, line_of(PATH, "# WHOLE_FLAG_BRANCH")) == {"force_not_quantize": False}
    assert branch_arguments(cls.generate, line_of(PATH, "# WHOLE_OTHER_INPUT")) == {"input_embeds": None,
                                                                              "input_ids": GIVE_TENSOR}
    verdicts = static_verdicts([finding("OFL101", "OptionalPathsDecoder", "decode", "codebook", "# WHOLE_FLAG_BRANCH"),
                                finding("OFL102", "OptionalPathsDecoder", "generate", "wte", "# WHOLE_OTHER_INPUT")])
    assert [verdict for verdict, _ in verdicts] == ["confirmed", "confirmed"], verdicts


def test_a_method_that_branches_on_the_tokenizer_class_gets_the_annotated_class():
    from offload_lint.confirm.caller import compares_tokenizer_classes

    assert compares_tokenizer_classes(confirm_wholes.TokenizerTypedPipeline, "encode_prompt")
    assert not compares_tokenizer_classes(confirm_wholes.RewriterPipeline, "rewrite")
    verdict, evidence = verdict_of("OFL201", "TokenizerTypedPipeline", "encode_prompt",
                                   "text_encoder.embeddings", "# WHOLE_TYPED_TOKENIZER")
    assert verdict == "confirmed", evidence
    assert "in memory as RobertaTokenizer" in evidence
