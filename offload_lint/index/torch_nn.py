"""Facts about ``torch.nn`` classes, so that the linter never needs torch installed.

Kinds follow diffusers' group offloading (``hooks/_common.py``): the layers in
``_GO_LC_SUPPORTED_PYTORCH_LAYERS`` are *leaves*, each its own group at leaf level.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

LEAF = "leaf"  # own group at leaf level
CONTAINER = "container"  # ModuleList / Sequential: cut into blocks at block level
MODULE_DICT = "module_dict"  # a container that block level does NOT cut (unmatched)
MODULE = "module"  # any other module with weights (norms, custom modules)
WEIGHTLESS = "weightless"  # activations, dropout, pooling: nothing to offload
# ParameterDict / ParameterList (and forward-less dicts of buffers like peft's BufferDict): a child
# that owns tensors but whose forward() never runs. diffusers' leaf level hooks its tensors on it
# (``_find_parent_module_in_module_dict``), so they are never onloaded; block level keeps them in
# the parent's group.
TENSOR_CONTAINER = "tensor_container"
TENSOR_CONTAINERS = {"ParameterList", "ParameterDict"}

LEAF_LAYERS = {
    "Linear", "Conv1d", "Conv2d", "Conv3d", "ConvTranspose1d", "ConvTranspose2d", "ConvTranspose3d",
    "Embedding", "NonDynamicallyQuantizableLinear", "LazyLinear",
}
CONTAINERS = {"ModuleList", "Sequential"}

# Modules whose parameters live on the module itself (not under a leaf).
PARAMETERS_OF = {
    "LayerNorm": ("weight", "bias"),
    "GroupNorm": ("weight", "bias"),
    "RMSNorm": ("weight",),
    "BatchNorm1d": ("weight", "bias", "running_mean", "running_var"),
    "BatchNorm2d": ("weight", "bias", "running_mean", "running_var"),
    "BatchNorm3d": ("weight", "bias", "running_mean", "running_var"),
    "InstanceNorm1d": ("weight", "bias"),
    "InstanceNorm2d": ("weight", "bias"),
    "InstanceNorm3d": ("weight", "bias"),
    "LocalResponseNorm": (),
    "PReLU": ("weight",),
    "EmbeddingBag": ("weight",),
    "Bilinear": ("weight", "bias"),
    "MultiheadAttention": ("in_proj_weight", "in_proj_bias", "q_proj_weight", "k_proj_weight", "v_proj_weight", "bias_k", "bias_v"),
    "LSTM": (), "GRU": (), "RNN": (),
    "Transformer": (), "TransformerEncoder": (), "TransformerDecoder": (),
    "TransformerEncoderLayer": (), "TransformerDecoderLayer": (),
}
LEAF_PARAMETERS = ("weight", "bias")


def forward_reads(layer: str) -> tuple[str, ...]:
    """The attributes a ``torch.nn`` layer's own ``forward`` reads on ``self`` (``F.linear(input, self.weight,
    self.bias)``): a subclass that turns them into properties (torchrl's ``NoisyLinear.weight``) runs those inside the
    inherited forward."""
    name = torch_class_name(layer)
    if name in LEAF_LAYERS:
        return ("weight",) if name == "Embedding" else LEAF_PARAMETERS
    return PARAMETERS_OF.get(name, ())
# The recurrent layers own their weights directly under names their layer count decides (``weight_ih_l0``,
# ``bias_hh_l1_reverse``, LSTM's projection ``weight_hr_l0``).
RECURRENT_LAYERS = frozenset({"RNN", "LSTM", "GRU"})
_RECURRENT_PARAMETER = re.compile(r"(weight|bias)_(ih|hh|hr)_l\d+(_reverse)?")
# How many dimensions a layer's ``weight`` has, where torch fixes it (a LayerNorm's or RMSNorm's follows its
# ``normalized_shape``: not fixed).
_WEIGHT_DIMENSIONS = {
    "Linear": 2, "NonDynamicallyQuantizableLinear": 2, "LazyLinear": 2, "Embedding": 2, "EmbeddingBag": 2,
    "Bilinear": 3, "Conv1d": 3, "ConvTranspose1d": 3, "Conv2d": 4, "ConvTranspose2d": 4, "Conv3d": 5,
    "ConvTranspose3d": 5, "GroupNorm": 1, "BatchNorm1d": 1, "BatchNorm2d": 1, "BatchNorm3d": 1, "InstanceNorm1d": 1,
    "InstanceNorm2d": 1, "InstanceNorm3d": 1, "PReLU": 1,
}


def parameter_dimensions(qualified: str, parameter: str) -> int | None:
    """How many dimensions ``parameter`` (``weight`` or ``bias``) of the ``torch.nn`` class ``qualified`` has, where
    torch fixes it; None where it does not."""
    name = torch_class_name(qualified)
    if not is_torch_nn(qualified) or name not in _WEIGHT_DIMENSIONS or parameter not in torch_parameters(qualified):
        return None
    return _WEIGHT_DIMENSIONS[name] if parameter == "weight" else 1 if parameter == "bias" else None

# transformers' methods that return one of the model's submodules (``PreTrainedModel.get_encoder``,
# ``get_input_embeddings``...): an access chain keeps a call of one as a step (``get_encoder()``), resolved to
# the kind of module it returns; the index records a call of the returned module as a call of that step.
SUBMODULE_GETTERS: dict[str, tuple[str, tuple[str, ...]]] = {
    "get_input_embeddings()": (LEAF, ("torch.nn.Embedding",)),
    "get_output_embeddings()": (LEAF, ("torch.nn.Linear",)),
    "get_encoder()": (MODULE, ()),
    "get_decoder()": (MODULE, ()),
}

# torch.nn classes whose forward() hands a child Linear's weight to a functional call instead of
# calling it, and that child: MultiheadAttention passes ``out_proj.weight``/``.bias`` to
# F.multi_head_attention_forward; the Transformer layers own a MultiheadAttention.
READS_OWN_LEAF = {
    "MultiheadAttention": "out_proj",
    "TransformerEncoderLayer": "self_attn.out_proj",
    "TransformerDecoderLayer": "self_attn.out_proj",
    "TransformerEncoder": "layers[i].self_attn.out_proj",
    "TransformerDecoder": "layers[i].self_attn.out_proj",
    "Transformer": "encoder.layers[i].self_attn.out_proj",
}
# The stacks among them, built from a layer they copy: what they read is that layer's.
LAYER_STACKS = frozenset({"TransformerEncoder", "TransformerDecoder"})
# Reductions that give one number, a 0-dim tensor, when no dimension is named (``w.sum()``, ``torch.mean(w)``).
FULL_REDUCTIONS = frozenset({"sum", "mean", "trace", "norm", "prod", "std", "var", "max", "min", "amax", "amin", "any",
                             "all", "count_nonzero", "logdet", "det", "nansum", "nanmean", "median"})
# The tensors the legacy wrappers' pre-hooks recompute ``weight`` from (``weight_norm``'s g and v, ``spectral_norm``'s
# original and its power-iteration vectors u and v).
LEGACY_WRAPPER_TENSORS = frozenset({"weight_g", "weight_v", "weight_orig", "weight_u"})
# Legacy hook-based weight wrappers and the tensors their forward *pre*-hook recomputes ``weight``
# from (before an offloading hook that wraps forward() has onloaded them).
LEGACY_WEIGHT_WRAPPERS = {
    "torch.nn.utils.weight_norm": "weight_g/weight_v",
    "torch.nn.utils.weight_norm.weight_norm": "weight_g/weight_v",
    "torch.nn.utils.spectral_norm": "weight_orig",
    "torch.nn.utils.spectral_norm.spectral_norm": "weight_orig",
}
# Words in a ``.to(...)`` argument that say it changes the dtype only (``x.to(torch.float16)``), not the device.
DTYPE_WORDS = ("dtype", "float", "half", "bfloat16", "int", "bool", "long", "double", "complex")

# Where transformers and diffusers look activation modules up by name (``self.act = ACT2FN[config.hidden_act]``,
# ``get_activation("silu")``): each entry computes elementwise on its input. transformers' ``prelu`` and
# ``xielu`` entries own per-channel parameters; they are rare and counted as weightless with the rest.
ACTIVATION_LOOKUPS = {
    "transformers.activations.ACT2FN", "transformers.activations.get_activation",
    "diffusers.models.activations.get_activation",
}

WEIGHTLESS_MODULES = {
    "Identity", "Dropout", "Dropout1d", "Dropout2d", "Dropout3d", "AlphaDropout", "Flatten", "Unflatten",
    "ReLU", "ReLU6", "GELU", "SiLU", "Mish", "Sigmoid", "Tanh", "Softmax", "LogSoftmax", "Softplus",
    "LeakyReLU", "ELU", "SELU", "CELU", "Hardswish", "Hardsigmoid", "Hardtanh", "GLU", "Softsign",
    "Tanhshrink", "Threshold", "LogSigmoid", "Softmax2d", "Softmin",
    "Upsample", "UpsamplingNearest2d", "UpsamplingBilinear2d", "PixelShuffle", "PixelUnshuffle",
    "AvgPool1d", "AvgPool2d", "AvgPool3d", "MaxPool1d", "MaxPool2d", "MaxPool3d",
    "AdaptiveAvgPool1d", "AdaptiveAvgPool2d", "AdaptiveAvgPool3d",
    "AdaptiveMaxPool1d", "AdaptiveMaxPool2d", "AdaptiveMaxPool3d",
    "ZeroPad2d", "ConstantPad1d", "ConstantPad2d", "ConstantPad3d", "ReflectionPad1d", "ReflectionPad2d",
    "ReplicationPad1d", "ReplicationPad2d", "ReplicationPad3d", "CosineSimilarity", "PairwiseDistance",
    "Fold", "Unfold", "ChannelShuffle",
    # The losses: no parameters. A weighted loss holds its class weights (``weight=``, ``pos_weight=``) as buffers,
    # rarely given; read as weightless, as the loss a training step calls outside ``forward()`` nearly always is.
    "L1Loss", "MSELoss", "NLLLoss", "NLLLoss2d", "PoissonNLLLoss", "GaussianNLLLoss", "KLDivLoss", "BCELoss",
    "BCEWithLogitsLoss", "HingeEmbeddingLoss", "MultiLabelMarginLoss", "SmoothL1Loss", "HuberLoss", "SoftMarginLoss",
    "CrossEntropyLoss", "MultiLabelSoftMarginLoss", "CosineEmbeddingLoss", "MarginRankingLoss", "MultiMarginLoss",
    "TripletMarginLoss", "TripletMarginWithDistanceLoss", "CTCLoss",
}


# Lightning's module under each name it is imported by: a training task (its Trainer runs the steps), whose model is
# a child it holds.
LIGHTNING_MODULES = frozenset({
    "pytorch_lightning.LightningModule", "pytorch_lightning.core.LightningModule",
    "pytorch_lightning.core.lightning.LightningModule", "pytorch_lightning.core.module.LightningModule",
    "lightning.LightningModule", "lightning.pytorch.LightningModule", "lightning.pytorch.core.LightningModule",
    "lightning.pytorch.core.module.LightningModule", "lightning.pytorch.core.lightning.LightningModule",
})
# The steps Lightning's Trainer runs; its FSDP and DeepSpeed strategies run them through the forward of the wrapper
# around the task (``_LightningModuleWrapperBase.forward`` dispatches to them), inside the sharding hooks.
LIGHTNING_STEPS = frozenset({"training_step", "validation_step", "test_step", "predict_step"})
# What Lightning's Trainer calls on a task to train it (with the ``on_*`` hooks): no inference runs through them.
LIGHTNING_TRAINING_HOOKS = frozenset({"training_step", "validation_step", "test_step", "configure_optimizers",
                                      "backward", "optimizer_step"})
# Third-party ``torch.nn.Module`` subclasses code inherits from, known without reading the package (whether or not
# it is installed).
THIRD_PARTY_MODULES = LIGHTNING_MODULES
# Packages whose module classes hold no parameter and no buffer (torchvision's transforms, v1 and v2: ``Compose``,
# ``Resize``, ``Normalize`` keep their settings as plain attributes), known without reading the package.
WEIGHTLESS_PACKAGES = ("torchvision.transforms.",)


def is_torch_nn(qualified: str) -> bool:
    return qualified.startswith("torch.nn.") and not qualified.startswith("torch.nn.functional")


def torch_class_name(qualified: str) -> str:
    """``torch.nn.modules.linear.Linear`` -> ``Linear``."""
    return qualified.rsplit(".", 1)[-1]


def torch_kind(qualified: str) -> str | None:
    """The kind of a ``torch.nn`` class (or of a class of a package known to be weightless), or None when the name is
    not one."""
    if qualified.startswith(WEIGHTLESS_PACKAGES) and qualified.rsplit(".", 1)[-1][:1].isupper():
        return WEIGHTLESS
    if not is_torch_nn(qualified):
        return None
    name = torch_class_name(qualified)
    if name in LEAF_LAYERS:
        return LEAF
    if name in CONTAINERS:
        return CONTAINER
    if name == "ModuleDict":
        return MODULE_DICT
    if name in WEIGHTLESS_MODULES:
        return WEIGHTLESS
    if name in TENSOR_CONTAINERS:
        return TENSOR_CONTAINER
    if name in {"Module", "Parameter", "Buffer"}:
        return None if name != "Module" else MODULE
    if name[:1].isupper():
        return MODULE
    return None


def torch_parameters(qualified: str) -> tuple[str, ...]:
    """The parameter and buffer names of the ``torch.nn`` class ``qualified`` that torch fixes (the recurrent layers'
    depend on their layer count: :func:`is_torch_parameter`)."""
    name = torch_class_name(qualified)
    if name in LEAF_LAYERS:
        return LEAF_PARAMETERS
    return PARAMETERS_OF.get(name, ("weight", "bias"))


def is_torch_parameter(qualified: str, attribute: str) -> bool:
    """Whether ``attribute`` is a parameter or buffer the ``torch.nn`` class ``qualified`` owns itself."""
    if torch_class_name(qualified) in RECURRENT_LAYERS:
        return _RECURRENT_PARAMETER.fullmatch(attribute) is not None
    return attribute in torch_parameters(qualified)


# The buffers among a torch layer's tensors (``register_buffer`` in torch's ``_NormBase``): FSDP2, ZeRO-3 and
# accelerate's default ``offload_buffers=False`` leave them whole on the device.
_RUNNING_STATS = ("running_mean", "running_var", "num_batches_tracked")
BUFFERS_OF = {name: _RUNNING_STATS for name in (
    "BatchNorm1d", "BatchNorm2d", "BatchNorm3d", "SyncBatchNorm", "InstanceNorm1d", "InstanceNorm2d", "InstanceNorm3d")}


def is_torch_buffer(qualified: str, attribute: str) -> bool:
    """Whether ``attribute`` is a buffer the ``torch.nn`` class ``qualified`` registers itself."""
    return attribute in BUFFERS_OF.get(torch_class_name(qualified), ())


def owns_parameters(qualified: str) -> bool:
    """Whether the ``torch.nn`` class ``qualified`` owns parameters itself, not only through children: leaf level
    group offloading hooks such a module (diffusers groups the tensors of unsupported layers by their parent)."""
    return torch_class_name(qualified) in RECURRENT_LAYERS or bool(torch_parameters(qualified))


# Attributes every ``torch.nn.Module`` has (its methods, hook tables and ``training``), as of torch 2.x:
# ``self.<one of these>`` exists without the class binding it.
MODULE_ATTRIBUTES = frozenset({
    "T_destination", "_apply", "_backward_hooks", "_backward_pre_hooks", "_buffers", "_call_impl",
    "_compiled_call_impl", "_forward_hooks", "_forward_hooks_always_called", "_forward_hooks_with_kwargs",
    "_forward_pre_hooks", "_forward_pre_hooks_with_kwargs", "_get_backward_hooks", "_get_backward_pre_hooks",
    "_get_name", "_is_full_backward_hook", "_load_from_state_dict", "_load_state_dict_post_hooks",
    "_load_state_dict_pre_hooks", "_maybe_warn_non_full_backward_hook", "_modules", "_named_members",
    "_non_persistent_buffers_set", "_parameters", "_register_load_state_dict_pre_hook",
    "_register_state_dict_hook", "_replicate_for_data_parallel", "_save_to_state_dict", "_slow_forward",
    "_state_dict_hooks", "_state_dict_pre_hooks", "_version", "_wrapped_call_impl", "add_module", "apply",
    "bfloat16", "buffers", "call_super_init", "children", "compile", "cpu", "cuda", "double", "dump_patches",
    "eval", "extra_repr", "float", "forward", "get_buffer", "get_extra_state", "get_parameter",
    "get_submodule", "half", "ipu", "load_state_dict", "modules", "mtia", "named_buffers", "named_children",
    "named_modules", "named_parameters", "parameters", "register_backward_hook", "register_buffer",
    "register_forward_hook", "register_forward_pre_hook", "register_full_backward_hook",
    "register_full_backward_pre_hook", "register_load_state_dict_post_hook",
    "register_load_state_dict_pre_hook", "register_module", "register_parameter",
    "register_state_dict_post_hook", "register_state_dict_pre_hook", "requires_grad_", "set_extra_state",
    "set_submodule", "share_memory", "state_dict", "to", "to_empty", "train", "training", "type", "xpu",
    "zero_grad",
})


# --- the functional each leaf layer's forward() runs ---------------------------------------------
# The functional's parameters after (input, weight), with the functional's defaults, and the
# layer constructor's parameters in order with its defaults (positions as torch defines them).
@dataclass(frozen=True)
class LayerComputation:
    functional: str
    parameters: tuple[tuple[str, str], ...]  # (name, functional default as source)
    constructor: tuple[str, ...]  # constructor parameter names, positional order
    constructor_defaults: dict[str, str]
    fixed: dict[str, str]  # constructor arguments that must keep their default for the call to match


_CONV_CONSTRUCTOR = ("in_channels", "out_channels", "kernel_size", "stride", "padding", "dilation", "groups",
                     "bias", "padding_mode")
_CONV_DEFAULTS = {"stride": "1", "padding": "0", "dilation": "1", "groups": "1", "bias": "True",
                  "padding_mode": "'zeros'"}
_CONV_PARAMETERS = (("bias", "None"), ("stride", "1"), ("padding", "0"), ("dilation", "1"), ("groups", "1"))
LAYER_COMPUTATIONS: dict[str, LayerComputation] = {
    "Linear": LayerComputation("linear", (("bias", "None"),), ("in_features", "out_features", "bias"),
                               {"bias": "True"}, {}),
    **{f"Conv{n}d": LayerComputation(f"conv{n}d", _CONV_PARAMETERS, _CONV_CONSTRUCTOR, _CONV_DEFAULTS,
                                     {"padding_mode": "'zeros'"}) for n in (1, 2, 3)},
    "Embedding": LayerComputation(
        "embedding",
        (("padding_idx", "None"), ("max_norm", "None"), ("norm_type", "2.0"), ("scale_grad_by_freq", "False"),
         ("sparse", "False")),
        ("num_embeddings", "embedding_dim", "padding_idx", "max_norm", "norm_type", "scale_grad_by_freq", "sparse"),
        {"padding_idx": "None", "max_norm": "None", "norm_type": "2.0", "scale_grad_by_freq": "False",
         "sparse": "False"},
        {},
    ),
}
FUNCTIONAL_MODULES = ("F", "functional", "nn.functional", "torch.nn.functional")
# The layer computation by functional name (``linear`` -> Linear's).
COMPUTATION_OF_FUNCTIONAL: dict[str, LayerComputation] = {c.functional: c for c in LAYER_COMPUTATIONS.values()}
