"""C4: classes whose constructor needs arguments are built from a synthesised tiny config."""

import pytest
import torch

import confirm_tiny as tiny_models
from offload_lint.confirm import confirm
from offload_lint.confirm.backends import make_backend
from offload_lint.confirm.build import MAX_REAL_ELEMENTS, build_module_noted, element_count
from offload_lint.confirm.tiny import tiny_configs


@pytest.mark.parametrize("backend", ["fake-cuda", "tracking"])
def test_required_attention_args_are_synthesised(backend):
    report = confirm(tiny_models.RequiredArgsAttention, "project", backend=backend, level="leaf")
    leaf = report.levels["leaf"]
    assert leaf.verdict == "confirmed", report.to_text()
    assert {a.weight for a in leaf.offending} >= {"to_q.weight"}
    assert leaf.built_with == "tiny config RequiredArgsAttention(query_dim=32, heads=1, dim_head=32)"
    assert "built with tiny config" in leaf.evidence


def test_later_candidate_is_used_and_reported():
    report = confirm(tiny_models.NeedsTwoHeads, "forward", backend="fake-cuda", level="leaf")
    leaf = report.levels["leaf"]
    assert leaf.verdict == "confirmed", report.to_text()
    assert "dim=64, num_heads=2, head_dim=32, eps=1e-06" in leaf.built_with
    assert "act_fn='silu'" in leaf.built_with or "act_fn='gelu'" in leaf.built_with


def test_channel_counts_agree_and_norm_type_from_source():
    configs = [kwargs for _, kwargs in tiny_configs(tiny_models.ChannelModel)]
    first = configs[0]
    assert first["norm_type"] == "group_norm"  # the first literal __init__ compares it with
    assert len(first["block_out_channels"]) == 2  # as many as the sibling block types
    assert all(c % 8 == 0 for c in first["block_out_channels"])
    report = confirm(tiny_models.ChannelModel, "encode", backend="fake-cuda", level="leaf")
    assert report.levels["leaf"].verdict == "confirmed", report.to_text()
    assert "norm_type='group_norm'" in report.levels["leaf"].built_with


def test_too_large_default_is_shrunk_for_tracking():
    report = confirm(tiny_models.TooLargeForTracking, "forward", level="leaf")
    leaf = report.levels["leaf"]
    assert leaf.backend == "tracking" and leaf.verdict == "confirmed", report.to_text()
    assert leaf.built_with and leaf.built_with.startswith("shrunk config TooLargeForTracking(hidden_size=32")


# Named diffusers submodule classes whose constructors need arguments: all must build now.
DIFFUSERS_NEEDS_ARGS = [
    "diffusers.models.attention_processor:Attention",
    "diffusers.models.transformers.transformer_wan:WanAttention",
    "diffusers.models.transformers.transformer_wan_animate_2:WanAnimate2Attention",
    "diffusers.models.embeddings:HunyuanDiTAttentionPool",
    "diffusers.models.autoencoders.vae:VectorQuantizer",
    "diffusers.models.autoencoders.autoencoder_mmaudio:MMAudioAutoencoder",
    "diffusers.models.autoencoders.autoencoder_same:SoftNormBottleneck",
    "diffusers.models.lora:PatchedLoraProjection",
    "diffusers.pipelines.stable_diffusion.safety_checker:StableDiffusionSafetyChecker",
    "diffusers.pipelines.shap_e.renderer:ChannelsProj",
]


def test_named_diffusers_classes_needing_arguments_build():
    built = []
    with make_backend("fake-cuda").mode():
        for target in DIFFUSERS_NEEDS_ARGS:
            module, note = build_module_noted(target, None)
            assert note and note.startswith("tiny config"), (target, note)
            assert element_count(module) < MAX_REAL_ELEMENTS
            built.append(target)
    assert len(built) >= 8


def test_unidiffuser_text_decoder_needs_shrunk_config():
    with make_backend("fake-cuda").mode():
        module, note = build_module_noted(
            "diffusers.pipelines.deprecated.unidiffuser.modeling_text_decoder:UniDiffuserTextDecoder", None)
    assert note.startswith("shrunk config") and "n_embd=32" in note


def test_diffusers_attention_fuse_projections_is_run():
    report = confirm("diffusers.models.attention_processor:Attention", "fuse_projections", level="leaf")
    leaf = report.levels["leaf"]
    assert leaf.completed and leaf.built_with == "tiny config Attention(query_dim=32)", report.to_text()


def test_diffusers_hunyuan_attention_pool_is_built():
    report = confirm("diffusers.models.embeddings:HunyuanDiTAttentionPool", "forward", level="leaf",
                     backend="fake-cuda")
    leaf = report.levels["leaf"]
    assert "could not build" not in leaf.evidence
    assert leaf.built_with == "tiny config HunyuanDiTAttentionPool(spacial_dim=32, embed_dim=32, num_heads=1)"


def _line(marker: str) -> int:
    return next(i for i, text in enumerate(open(tiny_models.__file__).read().splitlines(), 1) if marker in text)


def test_constructor_branch_from_an_assert_and_a_string_test():
    from offload_lint.confirm.tiny import constructor_overrides
    from offload_lint.confirm.trigger import wanted_attributes

    cls = tiny_models.BranchyAttention
    wanted = wanted_attributes(cls.normalise, _line("# NORM_CROSS_LINE"))
    assert wanted == ["norm_cross"]
    assert constructor_overrides(cls, wanted)["cross_norm"] == "layer_norm"  # not a size for a string test


def test_constructor_branch_from_each_operand_of_an_and():
    from offload_lint.confirm.tiny import constructor_overrides
    from offload_lint.confirm.trigger import wanted_attributes

    cls = tiny_models.BranchyAttention
    wanted = wanted_attributes(cls.added, _line("# ADDED_LINE"))
    assert wanted == ["add_q", "add_k"]
    overrides = constructor_overrides(cls, wanted)
    assert isinstance(overrides["extra_dim"], int) and "cross_norm" not in overrides


def test_switched_on_branch_gets_sizes_for_the_arguments_it_reads():
    from offload_lint.confirm.tiny import constructor_overrides
    from offload_lint.confirm.trigger import wanted_attributes

    cls = tiny_models.OptionalConvBlock
    overrides = constructor_overrides(cls, wanted_attributes(cls.forward, _line("# OPTIONAL_CONV_LINE")))
    assert overrides["use_conv"] is True and isinstance(overrides["channels"], int) and overrides["channels"] > 1


def test_constructor_asserts_and_messages_say_which_arguments_it_needs():
    module, note = build_module_noted(tiny_models.SelfDescribingConstructor, None)
    assert "in_channels=" in note and "learned from the error" in note, note
    assert "num_vectors" not in note  # only the first argument the message names
    assert module.proj.out_features > 0  # sample_size from the assert


def test_unannotated_config_of_a_transformers_layer_is_its_familys():
    """`TDNNLayer(config, layer_id=0)` names no config class: the models next to it say which one they take."""
    module, note = build_module_noted("transformers.models.data2vec.modeling_data2vec_audio:TDNNLayer", None)
    assert note == "tiny config TDNNLayer(config=Data2VecAudioConfig)"
    assert type(module).__name__ == "TDNNLayer"


def test_data_channels_narrower_than_the_width_and_stage_reductions_of_one():
    for backend in ("fake-cuda", "tracking"):
        report = confirm(tiny_models.NarrowLatentVAE, "encode", backend=backend, level="block")
        block = report.levels["block"]
        assert block.verdict == "confirmed", report.to_text()
        assert "in_channels=4" in block.built_with and "latent_channels=4" in block.built_with, block.built_with
        assert "channel_reductions=(1,)" in block.built_with, block.built_with


def test_an_optional_size_the_constructor_refuses_is_left_none():
    module, note = build_module_noted(tiny_models.RefusesAnOptionalSize, None, shrink=True)
    assert module.config.num_attention_heads is None
    assert "num_attention_heads left None (learned from the error)" in note and "num_attention_heads=" not in note


def test_too_large_default_is_shrunk_also_when_fake_cuda_is_skipped():
    """The second level goes straight to tracking (the first hit a fake-cuda limit): its default size is counted
    with fake tensors, so it is shrunk too instead of being built for real (a default video VAE is 5 GB)."""
    report = confirm(tiny_models.TooLargeForTracking, "forward", level="both")
    for level, result in report.levels.items():
        assert result.backend == "tracking" and result.verdict == "confirmed", report.to_text()
        assert result.built_with and result.built_with.startswith("shrunk config TooLargeForTracking(hidden_size=32"), \
            (level, result.built_with)
    assert any("skipped" in error for error in report.levels["leaf"].errors), report.levels["leaf"].errors


def test_shrinking_keeps_per_stage_factors_and_shrinks_widths():
    from torch import nn

    class Expanding(nn.Module):
        def __init__(self, block_out_channels: tuple = (128, 256), spatial_expansions: tuple = (2, 2),
                     layers_per_block: tuple = (3, 3), temporal_compression_ratio: int = 4,
                     channel_reductions: tuple = (2, 2)):
            super().__init__()

    (_, kwargs), *_ = tiny_configs(Expanding, shrink=True)
    assert kwargs["block_out_channels"] == (32, 32)
    assert "spatial_expansions" not in kwargs  # (2, 2) stays: a factor of 32 per stage upsamples 1024x
    assert "layers_per_block" not in kwargs  # small counts are kept too
    assert "temporal_compression_ratio" not in kwargs  # `Unsupported time_compression_ratio: 1` otherwise
    assert kwargs["channel_reductions"] == (1, 1)  # stages of equal (shrunk) width agree only without reduction


def test_a_filter_count_is_a_width_not_a_layer_count():
    """Encodec-like: `num_filters` is the convs' channel count and `compress` divides it; shrunk as a count (1) the
    residual blocks had `1 // 2 = 0` channels and the weight-normed conv could not be built."""
    from types import SimpleNamespace

    from torch import nn

    from offload_lint.confirm.tiny import Sizes, shrink_object

    config = SimpleNamespace(num_filters=32 * 8, num_residual_layers=3, compress=2)
    shrink_object(config, Sizes(32, 1, 1))
    assert config.num_filters == 32 and config.num_residual_layers == 1 and config.compress == 2

    class Compressed(nn.Module):
        def __init__(self, num_filters: int = 256, compress: int = 2):
            super().__init__()
            self.conv = nn.utils.parametrizations.weight_norm(nn.Conv1d(num_filters, num_filters // compress, 3))

    (_, kwargs), *_ = tiny_configs(Compressed, shrink=True)
    assert kwargs.get("num_filters", 256) >= 2, kwargs
    Compressed(**kwargs)


def test_adapter_layer_gets_its_kind_of_base_layer_a_name_and_the_rank_its_error_names():
    """peft's layers: `base_layer` of the kind in the class name, `adapter_name` any name, `r` (default 0) learned
    from "`r` should be a positive integer"; the hand-applied base bias is then confirmed."""
    report = confirm(tiny_models.AdapterWrappedConv2d, "forward", backend="tracking", level="leaf")
    leaf = report.levels["leaf"]
    assert leaf.verdict == "confirmed", report.to_text()
    assert "base_layer=Conv2d" in leaf.built_with and "adapter_name='default'" in leaf.built_with, leaf.built_with
    assert "r=32 (learned from the error)" in leaf.built_with, leaf.built_with


def test_a_required_index_is_the_first_and_a_defaulted_one_is_kept():
    module, note = build_module_noted(tiny_models.IndexedMixer, None)
    assert "layer_idx=0" in note, note
    from torch import nn

    class DefaultIndex(nn.Module):
        def __init__(self, width: int, layer_idx: int = 2):
            super().__init__()

    (_, kwargs), *_ = tiny_configs(DefaultIndex)
    assert "layer_idx" not in kwargs  # a default index is the class's own choice


def test_a_name_compared_with_literals_keeps_the_literal():
    from torch import nn

    class Named(nn.Module):
        def __init__(self, adapter_name: str):
            super().__init__()
            if adapter_name == "other":
                self.x = 1

    (_, kwargs), *_ = tiny_configs(Named)
    assert kwargs["adapter_name"] == "other"


def test_a_part_of_the_family_config_that_has_the_attribute_is_taken():
    module, note = build_module_noted(tiny_models.PartExperts, None)
    assert "config=FamilyWithPartsConfig.ffn_config (learned from the error)" in note, note
    assert module.w1.out_features < 512  # the part was shrunk with its config
    report = confirm(tiny_models.PartExperts, "forward", backend="tracking", level="leaf")
    assert report.levels["leaf"].verdict == "confirmed", report.to_text()


def test_no_part_has_the_attribute_so_the_build_fails():
    with pytest.raises(Exception, match="expert_width"):
        build_module_noted(tiny_models.ReadsAnAbsentField, None)


def test_a_string_option_in_a_switched_on_branch_gets_no_size():
    from offload_lint.confirm.tiny import constructor_overrides
    from offload_lint.confirm.trigger import wanted_attributes

    cls = tiny_models.AddedProjectionsWithNorm
    overrides = constructor_overrides(cls, wanted_attributes(cls.fuse, _line("# ADDED_PROJECTION_LINE")))
    assert isinstance(overrides["added_dim"], int)
    assert overrides.get("qk_norm") in (None, "layer_norm"), overrides  # a size would be refused by the constructor
    module = cls(**{"dim": 8, **overrides})
    assert module.add_proj.in_features == overrides["added_dim"]


class _VocabularyConfig:
    """A text model's config in small: special token ids near the end of a large vocabulary."""

    def __init__(self) -> None:
        self.vocab_size, self.hidden_size = 1000, 512
        self.pad_token_id, self.image_token_id, self.bos_token_id = 999, 998, 1


class _ValidatingConfig:
    """A strict config (transformers' ``validate()``): fewer semantic quantizers than quantizers."""

    def __init__(self) -> None:
        self.hidden_size, self.num_quantizers, self.num_semantic_quantizers = 512, 32, 1

    def validate(self) -> None:
        if self.num_semantic_quantizers >= self.num_quantizers:
            raise ValueError("the number of semantic quantizers should be lower than the number of quantizers")


def test_special_token_ids_stay_inside_a_shrunk_vocabulary():
    from offload_lint.confirm.tiny import CANDIDATE_SIZES, shrink_object

    config = _VocabularyConfig()
    shrink_object(config, CANDIDATE_SIZES[0])
    assert config.vocab_size < 1000
    ids = (config.pad_token_id, config.image_token_id, config.bos_token_id)
    assert all(0 <= token < config.vocab_size for token in ids), vars(config)  # an Embedding's padding_idx fits
    assert len(set(ids)) == 3 and config.bos_token_id == 1  # distinct; one already inside is kept


def test_a_config_that_validates_itself_keeps_only_the_shrinks_it_accepts():
    from offload_lint.confirm.tiny import CANDIDATE_SIZES, shrink_object

    config = _ValidatingConfig()
    shrink_object(config, CANDIDATE_SIZES[0])
    config.validate()
    assert config.hidden_size < 512  # the shrinks it accepts stay


def test_a_part_that_lacks_the_next_attribute_read_gives_way_to_one_that_has_both():
    _, note = build_module_noted(tiny_models.ImageEncoderOfTowers, None)
    assert "config=TwoTowersConfig.vision_config (learned from the errors)" in note, note


class _PassesItsArguments(__import__("torch").nn.Linear):
    """diffusers' LoRACompatibleLinear: `(*args, lora_layer=None, **kwargs)` handed to `nn.Linear.__init__`."""

    def __init__(self, *args, lora_layer=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.lora_layer = lora_layer


def test_a_constructor_that_passes_its_arguments_on_takes_its_bases_parameters():
    module, note = build_module_noted(_PassesItsArguments, None)
    assert "in_features=" in note and "out_features=" in note, note
    assert module.lora_layer is None


def test_an_early_return_guards_the_lines_after_it():
    from offload_lint.confirm.trigger import guarding_tests, tested_operand

    class Fuse:
        def fuse(self):
            if self.lora_layer is None:
                return
            weight = self.lora_layer.up  # FUSE_READ
            return weight

    import inspect

    lines, first = inspect.getsourcelines(Fuse.fuse)
    line = first + next(i for i, text in enumerate(lines) if "FUSE_READ" in text)
    ((test, holds),) = guarding_tests(Fuse.fuse, line)
    operand, needs = tested_operand(test, holds)
    assert ast_name(operand) == "self.lora_layer" and needs is True  # not None at the line


def test_a_leaving_branch_guards_only_the_rest_of_its_own_block():
    from offload_lint.confirm.trigger import guarding_tests

    class Gather:
        def gather(self, pieces):
            for piece in pieces:
                if piece is None:
                    continue
                self.last = piece  # IN_LOOP
            return self.proj.weight  # AFTER_LOOP

    import inspect

    lines, first = inspect.getsourcelines(Gather.gather)
    at = {marker: first + next(i for i, text in enumerate(lines) if marker in text)
          for marker in ("IN_LOOP", "AFTER_LOOP")}
    assert [ast_name(test) for test, _ in guarding_tests(Gather.gather, at["IN_LOOP"])] == ["piece is None"]
    assert guarding_tests(Gather.gather, at["AFTER_LOOP"]) == [], "the continue leaves the loop's body only"


def ast_name(node) -> str:
    import ast

    return ast.unparse(node)


def _replacing_init(cls):
    """A class decorator that replaces ``__init__`` without functools.wraps, as kernels' ``use_kernelized_func``
    does to transformers' Mamba mixers when ``kernels`` is installed."""
    original = cls.__init__

    def new_init(self, *args, **kwargs):
        original(self, *args, **kwargs)

    cls.__init__ = new_init
    return cls


@_replacing_init
class _WrappedInit(torch.nn.Module):
    def __init__(self, hidden_size: int, layer_idx: int):
        super().__init__()
        self.proj = torch.nn.Linear(hidden_size, hidden_size)


def test_a_constructor_replaced_without_wraps_is_read_from_the_original():
    from offload_lint.confirm.tiny import constructor_parameters

    assert [p.name for p in constructor_parameters(_WrappedInit)] == ["hidden_size", "layer_idx"]
    module, note = build_module_noted(_WrappedInit, None)
    assert isinstance(module.proj, torch.nn.Linear), note


def test_a_diffusers_attention_built_alone_gets_its_default_processor():
    """Its model hands the processor to the constructor; built alone it would be None and every forward fail."""
    pytest.importorskip("diffusers")
    from diffusers.models.transformers.transformer_wan import WanAttention, WanAttnProcessor

    module, note = build_module_noted(WanAttention, None)
    assert isinstance(module.processor, WanAttnProcessor) and "default attention processor" in note, note


class _PartsConfig:
    def __init__(self, hidden_size: int = 256):
        self.hidden_size = hidden_size


class _BuiltFromConfigOrParts(torch.nn.Module):
    """transformers' composite models (Musicgen, VisionTextDualEncoder, RAG): a config or every part, both optional;
    given neither the constructor raises with a message that names no parameter."""

    config_class = _PartsConfig

    def __init__(self, config: _PartsConfig | None = None, encoder: torch.nn.Module | None = None):
        super().__init__()
        if config is None and encoder is None:
            raise ValueError("Either a configuration or the parts have to be provided")
        self.proj = torch.nn.Linear(config.hidden_size, config.hidden_size) if config is not None else encoder


def test_a_model_built_from_a_config_or_its_parts_gets_its_own_config_class():
    module, note = build_module_noted(_BuiltFromConfigOrParts, None)
    assert isinstance(module.proj, torch.nn.Linear) and "config=_PartsConfig" in note, note
    assert module.proj.in_features < 256, "the config is shrunk like any tiny config"


class _TableOptionConfig:
    def __init__(self, hidden_size: int = 64, use_table: bool = False):
        self.hidden_size = hidden_size
        self.use_table = use_table


class _TableBehindAConfigField(torch.nn.Module):
    """DeBERTa-v2's relative embeddings: the table exists only when a field of the config asks for it, read through
    ``getattr(config, ...)`` into a flag the branch tests."""

    def __init__(self, config: _TableOptionConfig):
        super().__init__()
        self.proj = torch.nn.Linear(config.hidden_size, config.hidden_size)
        self.use_table = getattr(config, "use_table", False)
        if self.use_table:
            self.table = torch.nn.Embedding(4, config.hidden_size)


def test_a_child_behind_a_config_field_is_built_with_the_field_set():
    from offload_lint.confirm.tiny import guarded_assignment_overrides

    overrides = guarded_assignment_overrides(_TableBehindAConfigField, "table")
    assert overrides == {"config.use_table": True}
    module, note = build_module_noted(_TableBehindAConfigField, None, overrides=overrides)
    assert isinstance(module.table, torch.nn.Embedding) and "config.use_table=True" in note, note
    plain, _ = build_module_noted(_TableBehindAConfigField, None)
    assert not hasattr(plain, "table"), "the default config leaves it out"


def test_a_small_table_of_kinds_keeps_its_rows():
    """`num_point_embeddings = 4` sizes an embedding table the code reads by row (SAM 2's `point_embed.weight[2]`:
    a box corner); shrunk to one row the prompt encoder fails on its own. Counts and large tables still shrink."""
    from types import SimpleNamespace

    from offload_lint.confirm.caller import TINY
    from offload_lint.confirm.tiny import shrink_object

    config = SimpleNamespace(num_point_embeddings=4, num_conv_pos_embeddings=128, num_layers=12,
                             hidden_size=256)
    shrink_object(config, TINY)
    assert config.num_point_embeddings == 4
    assert config.num_conv_pos_embeddings < 128 and config.num_layers < 12 and config.hidden_size == 32


class _LayeredConfig:
    """A text model's config in small (transformers' strict configs): one layer type per layer, validated."""

    def __init__(self) -> None:
        self.hidden_size, self.num_hidden_layers = 512, 24
        self.layer_types = ["sliding_attention"] * 5 + ["full_attention"] + ["sliding_attention"] * 18

    def validate(self) -> None:
        if len(self.layer_types) != self.num_hidden_layers:
            raise ValueError(f"`num_hidden_layers` ({self.num_hidden_layers}) must be equal to the number of "
                             f"`layer_types` ({len(self.layer_types)})")

    def to_dict(self) -> dict:  # what marks a nested config part
        return dict(vars(self))


class _TowerConfig:
    """A multimodal config in small: the tower's hidden states read by position from the end (LLaVA)."""

    def __init__(self) -> None:
        self.vision_config = _LayeredConfig()
        self.vision_config.fullatt_block_indexes = [7, 15, 23]
        self.vision_feature_layer = -2


def test_a_layer_count_is_shrunk_and_its_per_layer_fields_follow():
    """`num_hidden_layers` is a count, not a size (its middle word `hidden` named a width: 24 layers were kept, and
    a shrink the config refused was undone); a list with one value per layer keeps the same layers' values, one
    layer of each kind at least (a model may need its one full-attention layer)."""
    from offload_lint.confirm.tiny import CANDIDATE_SIZES, shrink_object

    config = _LayeredConfig()
    shrink_object(config, CANDIDATE_SIZES[0])
    config.validate()
    assert config.num_hidden_layers == 2, vars(config)
    assert config.layer_types == ["sliding_attention", "full_attention"]
    assert config.hidden_size == 32


def test_layer_positions_keep_room_in_the_shrunk_count_and_move_with_it():
    """`vision_feature_layer=-2` (hidden states read from the end) keeps two layers in the tower it indexes; the
    layers a list of positions names are kept with one layer of each kind, and the positions move to their places,
    in order."""
    from offload_lint.confirm.tiny import CANDIDATE_SIZES, shrink_object

    config = _TowerConfig()
    shrink_object(config, CANDIDATE_SIZES[0])
    tower = config.vision_config
    tower.validate()
    # kept: layers 0 (the first sliding one), 5 (the full one), 7, 15 and 23 (the positions)
    assert tower.num_hidden_layers == 5 and len(tower.layer_types) == 5, vars(tower)
    assert tower.layer_types == ["sliding_attention", "full_attention"] + ["sliding_attention"] * 3
    assert tower.fullatt_block_indexes == [2, 3, 4] and config.vision_feature_layer == -2


def test_a_backbones_outputs_follow_its_shrunk_stages():
    """A backbone's `out_indices` name stages (the stem, then one per layer): they move to the shrunk count's last
    stages and its own `set_output_features_output_indices` aligns `out_features` and `stage_names` with them."""
    from transformers import Dinov2Backbone, Dinov2Config

    from offload_lint.confirm.tiny import CANDIDATE_SIZES, shrink_object

    config = Dinov2Config(out_indices=[3, 6, 9, 12])
    shrink_object(config, CANDIDATE_SIZES[0])
    assert config.num_hidden_layers == 4 and config.out_indices == [1, 2, 3, 4], vars(config)
    assert config.stage_names == ["stem", "stage1", "stage2", "stage3", "stage4"]
    assert config.out_features == ["stage1", "stage2", "stage3", "stage4"]
    maps = Dinov2Backbone(config)(torch.randn(1, 3, config.image_size, config.image_size)).feature_maps
    assert len(maps) == 4


class _DividingConfig:
    """A config whose model divides by `num_hidden_layers - 1` (RWKV's per-layer ratios)."""

    def __init__(self) -> None:
        self.hidden_size, self.num_hidden_layers = 512, 12


class _DividesByItsLayers(torch.nn.Module):
    def __init__(self, config: _DividingConfig) -> None:
        super().__init__()
        self.ratios = [layer / (config.num_hidden_layers - 1) for layer in range(config.num_hidden_layers)]
        self.layers = torch.nn.ModuleList(torch.nn.Linear(config.hidden_size, config.hidden_size)
                                          for _ in self.ratios)


def test_a_config_object_shrunk_to_other_sizes_is_another_candidate():
    """One layer cannot build this model; the next candidate shrinks the config to two, and is tried (it was taken
    for the same candidate: both are `config=_DividingConfig`)."""
    module, note = build_module_noted(_DividesByItsLayers, None)
    assert len(module.layers) == 2, note
    assert note == "tiny config _DividesByItsLayers(config=_DividingConfig (64 wide, 2 heads, 2 layers))"


class _MixerConfig:
    def __init__(self) -> None:
        self.hidden_size, self.num_hidden_layers = 512, 12
        self.layer_types = ["mamba"] * 5 + ["hybrid"] + ["mamba"] * 6


class _MixerOfALayer(torch.nn.Module):
    """Zamba 2's mixer: `layer_idx=None` by default, read as `config.layer_types[layer_idx]`."""

    def __init__(self, config: _MixerConfig, layer_idx=None) -> None:
        super().__init__()
        self.layer_type = config.layer_types[layer_idx]
        self.proj = torch.nn.Linear(config.hidden_size, config.hidden_size)


def test_an_index_learned_from_the_error_is_the_first_layers():
    """The width (32) was given to a `layer_idx` the constructor refused as None: past the shrunk per-layer lists."""
    module, note = build_module_noted(_MixerOfALayer, None)
    assert "layer_idx=0 (learned from the error)" in note, note
