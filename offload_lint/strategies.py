"""The offloading and sharding strategies, as data.

Every strategy makes a module's weights real on the compute device only inside a hook; what
differs is how weights are grouped, what fires the hook, when the weights leave again, which
reads stay true and which fixes hold (``shared/docs/strategies.md`` has the sources behind
each field). The semantics (:mod:`analyze.semantics`) read these fields; nothing else forks
on a strategy's name. A finding names the strategies it breaks under by :attr:`Strategy.key`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Iterable, Mapping


class Grouping(Enum):
    """Which weights one hook onloads together."""

    # ModuleList/Sequential children are blocks (and declared block modules); everything else
    # of the top module is one unmatched group hooked on its forward().
    BLOCKS = "blocks"
    # Every module with tensors of its own is a group, hooked on its own forward(); a class
    # declared as preloaded (accelerate) or a ZeRO-3 leaf module brings its whole subtree.
    OWNERS = "owners"
    # The whole model is one group, onloaded by its forward() (model CPU offload).
    COMPONENT = "component"
    # Declared units (FSDP2: ``fully_shard`` per unit; by default the model's
    # ``_no_split_modules`` classes) own their subtree; the root owns the rest.
    UNITS = "units"


class Trigger(Enum):
    """What fires a module's hook."""

    FORWARD_ATTRIBUTE = "the forward attribute"  # the hook wraps ``module.forward``: ``.forward()`` is hooked
    CALL = "Module.__call__"  # torch forward hooks: an explicit ``.forward()`` bypasses them


class AfterForward(Enum):
    """What becomes of the top group's weights once the model's ``forward()`` has returned."""

    RELEASED = "released"  # offloaded, freed or resharded when the forward returns
    # Left on the compute device until another model's hook runs (accelerate ``hooks.py`` ``CpuOffload``: it never
    # offloads after the forward; the next model's ``pre_forward`` calls ``prev_module_hook.offload()``, and
    # diffusers' ``enable_model_cpu_offload`` chains the components so).
    KEPT_UNTIL_ANOTHER_MODEL = "until another model's hook offloads them"
    # Left unsharded until a backward (torch ``_fsdp_state.py`` ``FSDPState._lazy_init``: with the default
    # ``reshard_after_forward=None`` the root's groups get ``post_forward_mesh_info = None``, no reshard after forward).
    KEPT = "until a backward reshards them"


@dataclass(frozen=True)
class Strategy:
    key: str  # how findings and --level name it ("block", "leaf", "fsdp2", ...)
    name: str  # how --strategy names it
    title: str  # in messages
    grouping: Grouping
    trigger: Trigger
    # What an offloaded weight is outside its hook, in the words of the error users see.
    stale_copy: str
    # ``.device`` of an offloaded weight names the compute device (no finding for a device read).
    device_read_true: bool = False
    # ``.shape``/``.numel()`` are the real sizes (ZeRO-3 partitions report 0).
    shape_read_true: bool = True
    # Buffers are offloaded with the parameters (FSDP2 and ZeRO-3 never shard buffers; accelerate
    # keeps them on the device unless ``offload_buffers`` is set).
    buffers_offloaded: bool = True
    # ``w.to(x.device)`` yields a usable copy (it cannot copy out of meta, a partition or a DTensor), and so does any
    # other copy of the value (``new.weight.copy_(w)``, a host read).
    move_is_fix: bool = True
    # Inside the root's forward every weight read is gathered (ZeRO-3's parameter auto-discovery).
    root_forward_gathers: bool = False
    # Method decorators that run the model's hook around the method (``@apply_forward_hook``).
    hooking_decorators: frozenset[str] = frozenset()
    # The stale copy is a real CPU tensor: a 0-dim one mixes with tensors on any device.
    cpu_copy: bool = False
    # A Linear/Conv*/Embedding (subclasses too) is one group with its whole subtree: diffusers' leaf level
    # matches ``isinstance(m, _GO_LC_SUPPORTED_PYTORCH_LAYERS)`` and a ``ModuleGroup(modules=[m])`` moves
    # ``m.parameters()``, its children's included (torch QAT's ``LinearBn1d`` and its ``bn``).
    leaf_layers_hold_subtree: bool = False
    # Declarations the strategy honours, each the name of a ``Declarations`` field (the project index reads the same
    # declarations from the code under the same name); "": none.
    # Classes whose module brings its whole subtree into one hook (accelerate's ``preload_module_classes``,
    # ZeRO-3's leaf modules).
    subtree_declaration: str = ""
    # Methods of the root that run its hook as ``forward`` does (FSDP2's ``register_fsdp_forward_method``).
    forward_methods_declaration: str = ""
    # A pipeline class attribute naming components the strategy leaves on the device (diffusers'
    # ``_exclude_from_cpu_offload``, which ``enable_model_cpu_offload`` and ``enable_sequential_cpu_offload`` skip
    # and move to the device).
    resident_declaration: str = ""
    # ``with deepspeed.zero.GatheredParameters(...)`` bodies hold the whole weights (ZeRO-3).
    gathered_blocks: bool = False
    # ``@force_accelerate_hooks("child")`` (transformers' accelerate integration) runs the named children's hooks
    # around the method.
    forced_hooks: bool = False
    # Hooks sit on torch's layer classes only (diffusers' leaf level, ``_apply_group_offloading_leaf_level``): a
    # layer whose weights are used without calling it (``nn.MultiheadAttention``'s ``out_proj``, a legacy
    # ``weight_norm`` pre-hook) is never onloaded, and a module without ``forward()`` has no hook for its own weights.
    layer_hooks: bool = False
    # How a method other than ``forward()`` is made to run the root's hook ("{method}": its name); "": no such way
    # (group offloading's fix is to give the child a group of its own).
    hooked_method_fix: str = ""
    # ``module.state_dict()`` outside the hook holds the weights' values: group offloading's and model CPU offload's
    # offloaded copies are real tensors. accelerate's sequential offload returns its meta parameters (``hooks.py``
    # ``AlignDevicesHook.init_hook``: ``set_module_tensor_to_device(module, name, "meta")``), FSDP2 the sharded
    # DTensors (``_fsdp_param_group.py`` ``_register_state_dict_hooks``: a state-dict pre-hook ``_to_sharded()``),
    # ZeRO-3 the empty partitions (``partition_parameters.py``: ``param.data = torch.empty(0, ...)`` once
    # partitioned).
    state_dict_true: bool = True
    # The hook moves the whole model at once (accelerate ``hooks.py`` ``CpuOffload``: ``init_hook`` and ``offload()``
    # run ``module.to("cpu")``, ``pre_forward`` ``module.to(execution_device)``; diffusers' ``enable_model_cpu_offload``
    # puts one on each component): at any moment every tensor the model holds sits on one device, and whatever a
    # method stores into the model moves with it on the next forward. A method given no tensor computes only with
    # the model's own tensors, so nothing it does outside the hook mixes devices (group offloading moves fixed
    # groups; accelerate, FSDP2 and ZeRO-3 keep meta tensors, shards or partitions, which no computation can use).
    moves_whole_model: bool = False
    # Outside the hook each rank holds a real piece of the weight that the hook gathers from (FSDP2's local shard:
    # ``_fsdp_param.py`` ``FSDPParam`` all-gathers ``_sharded_param_data``; ZeRO-3's partition: ``partition_parameters.py``
    # all-gathers ``param.ds_tensor``): a write that replaces the piece with a cast of itself (``p.data = p.to(dtype)``,
    # diffusers' ``cast_training_params``) changes what the hook gathers, and the forward meets another dtype.
    # accelerate's meta tensor is a placeholder its hook refills from the weights map (``hooks.py``
    # ``AlignDevicesHook.pre_forward``), so such a cast is lost and the forward unchanged.
    keeps_local_piece: bool = False
    # diffusers' ``ModelMixin.to(device)`` / ``.cuda()`` log "is group offloaded and moving it ... is not supported"
    # and return without moving when group offloading is enabled on the model (``_is_group_offload_enabled``).
    mixin_move_refused: bool = False
    # An in-place op that rewrites an offloaded parameter from itself alone (``nn.init.zeros_(w)``,
    # ``xavier_uniform_``, ``w.data.fill_(1)``) outside the hook changes the weight. Group offloading's and model CPU
    # offload's copy is the CPU tensor the hook onloads; FSDP2's parameter is a sharded DTensor whose in-place ops
    # dispatch to the local shard (``_fsdp_param.py`` ``FSDPParam._init_sharded_param`` registers it; fan-in reads
    # its global shape; random ones go through DTensor's RNG tracker). accelerate's is a meta tensor (the op is a
    # no-op; ``hooks.py`` ``AlignDevicesHook.pre_forward`` refills it from the weights map, so the old weight runs),
    # ZeRO-3's an empty partition (the op writes 0 elements, and the next gather reassembles ``ds_tensor``; fan-in
    # initialisers raise on its one dimension).
    inplace_init_lands: bool = True
    # What the top group's hook does once the model's forward has returned: where it keeps the weights, a read of
    # them after ``self.<component>(...)`` in the same method is of the onloaded weights.
    top_group_after_forward: AfterForward = AfterForward.RELEASED
    # The library calls that apply the strategy to a model (handed to them, or their receiver's models): code that
    # makes one of them offloads something (a fresh local handed to one is no longer fresh; a test file naming none
    # offloads nothing).
    applied_by: frozenset[str] = frozenset()
    # The library shards a model to train it (torch ``fully_shard``, DeepSpeed ZeRO-3), and a training framework's
    # strategies apply it to the training task itself (Lightning's FSDP and DeepSpeed strategies wrap the
    # LightningModule and run its ``training_step`` through the wrapper's forward). Group offloading and accelerate's
    # CPU offloads are applied to a model to run it: a training task is not what they offload.
    shards_for_training: bool = False
    # The library applies the strategy while it loads a model from a checkpoint, before the user holds it:
    # transformers' ``from_pretrained(device_map=...)`` ends with ``accelerate_dispatch`` (``modeling_utils.py``;
    # ``integrations/accelerate.py`` ``dispatch_model``: accelerate's hooks, meta tensors where the map offloads),
    # diffusers' ``ModelMixin.from_pretrained`` with ``dispatch_model`` too, and transformers builds the model inside
    # ``deepspeed.zero.Init`` when ZeRO-3 is configured (partitioned as each module is made). A method users call on
    # the loaded model to change it (``resize_token_embeddings``, ``resize_position_embeddings``) then runs on the
    # offloaded model, not before offloading as a setup method otherwise does. Group offloading, model CPU offload
    # and FSDP2 are applied by a call the user makes on the loaded model.
    applied_at_load: bool = False

    @property
    def device_read_unusable(self) -> bool:
        """``module.device`` (its first parameter's) names the stale copy's device, and nothing can be
        copied out of that copy (accelerate's meta tensors): a tensor placed there is stale too, and
        not even a hooked call can move it to the compute device. Where the copy is real (group
        offloading, model CPU offload) the hook moves such inputs; where the read is true (FSDP2,
        ZeRO-3) there is nothing to move."""
        return not self.device_read_true and not self.move_is_fix

    @property
    def write_misses_weight(self) -> bool:
        """A whole-parameter write outside the hook (``param.data.copy_(...)``) lands in the stale copy, which is no
        copy of the weight (meta: the write is lost; a sharded DTensor: "got mixed torch.Tensor and DTensor"; an
        empty ZeRO-3 partition: "size of tensor a (0) must match"), as a move cannot copy out of it. Where the copy
        is a real CPU tensor (group offloading, model CPU offload) the hook onloads what was written."""
        return not self.move_is_fix

    @property
    def init_misses_weight(self) -> bool:
        """An in-place initialisation of an offloaded parameter outside the hook (``nn.init.zeros_(self.proj.weight)``)
        is lost or fails: the strategy's stand-in holds none of the weight's values (:attr:`inplace_init_lands`)."""
        return not self.inplace_init_lands

    @property
    def block_groups(self) -> bool:
        """ModuleList/Sequential elements (and declared block modules) are groups of their own, hooked on their
        ``forward()``; a module's other children share one group with its own weights, hooked on its ``forward()``
        (block-level group offloading: diffusers ``_apply_group_offloading_block_level`` and its unmatched group)."""
        return self.grouping is Grouping.BLOCKS

    @property
    def top_group(self) -> bool:
        """The top module's hook onloads every child not cut into a group of its own (model CPU offload: all of
        them; FSDP2: those of the root unit)."""
        return self.grouping in (Grouping.COMPONENT, Grouping.UNITS)


GROUP_BLOCK = Strategy(
    key="block", name="group-block", title="group offloading (block level)", grouping=Grouping.BLOCKS,
    trigger=Trigger.FORWARD_ATTRIBUTE, stale_copy="a copy on the offload device", cpu_copy=True,
    mixin_move_refused=True, applied_by=frozenset({"apply_group_offloading", "enable_group_offload"}),
)
GROUP_LEAF = Strategy(
    key="leaf", name="group-leaf", title="group offloading (leaf level)", grouping=Grouping.OWNERS,
    trigger=Trigger.FORWARD_ATTRIBUTE, stale_copy="a copy on the offload device", cpu_copy=True, layer_hooks=True,
    leaf_layers_hold_subtree=True, mixin_move_refused=True,
    applied_by=frozenset({"apply_group_offloading", "enable_group_offload"}),
)
ACCELERATE_SEQUENTIAL = Strategy(
    key="accelerate-sequential", name="accelerate-sequential", title="accelerate's sequential CPU offload",
    grouping=Grouping.OWNERS, trigger=Trigger.FORWARD_ATTRIBUTE, stale_copy="a meta tensor",
    buffers_offloaded=False, move_is_fix=False, subtree_declaration="preload_module_classes", forced_hooks=True,
    state_dict_true=False, inplace_init_lands=False, resident_declaration="_exclude_from_cpu_offload",
    applied_by=frozenset({"cpu_offload", "dispatch_model", "enable_sequential_cpu_offload"}), applied_at_load=True,
)
MODEL_CPU_OFFLOAD = Strategy(
    key="model-cpu-offload", name="model-cpu-offload", title="model CPU offload", grouping=Grouping.COMPONENT,
    trigger=Trigger.FORWARD_ATTRIBUTE, stale_copy="a copy on the CPU", cpu_copy=True,
    hooking_decorators=frozenset({"apply_forward_hook"}), resident_declaration="_exclude_from_cpu_offload",
    hooked_method_fix="decorate {method}() with diffusers' @apply_forward_hook", moves_whole_model=True,
    top_group_after_forward=AfterForward.KEPT_UNTIL_ANOTHER_MODEL,
    applied_by=frozenset({"cpu_offload_with_hook", "enable_model_cpu_offload"}),
)
FSDP2 = Strategy(
    key="fsdp2", name="fsdp2", title="FSDP2", grouping=Grouping.UNITS, trigger=Trigger.CALL,
    stale_copy="a sharded DTensor", device_read_true=True, buffers_offloaded=False, move_is_fix=False,
    forward_methods_declaration="fsdp_forward_methods", hooked_method_fix='register_fsdp_forward_method(model, "{method}")',
    state_dict_true=False, keeps_local_piece=True, top_group_after_forward=AfterForward.KEPT,
    applied_by=frozenset({"fully_shard", "FullyShardedDataParallel", "FSDP", "prepare", "prepare_model"}),
    shards_for_training=True,
)
ZERO3 = Strategy(
    key="zero3", name="zero3", title="DeepSpeed ZeRO-3", grouping=Grouping.OWNERS, trigger=Trigger.CALL,
    stale_copy="an empty partition", device_read_true=True, shape_read_true=False, buffers_offloaded=False,
    move_is_fix=False, root_forward_gathers=True, subtree_declaration="z3_leaf_modules", gathered_blocks=True,
    state_dict_true=False, keeps_local_piece=True, inplace_init_lands=False,
    applied_by=frozenset({"initialize", "prepare", "prepare_model"}),
    shards_for_training=True, applied_at_load=True,
)

@dataclass(frozen=True)
class Declarations:
    """What a user declares when applying a strategy (command line or ``[tool.offload-lint]``),
    added to what the code itself declares (``_no_split_modules``, ``register_fsdp_forward_method``)."""

    preload_module_classes: frozenset[str] = frozenset()  # accelerate: one hook for the subtree
    fsdp_units: frozenset[str] = frozenset()  # FSDP2 units; empty: the model's ``_no_split_modules``
    fsdp_forward_methods: frozenset[str] = frozenset()  # registered with ``register_fsdp_forward_method``
    z3_leaf_modules: frozenset[str] = frozenset()  # ZeRO-3 leaf modules: gathered as a whole


STRATEGIES: tuple[Strategy, ...] = (GROUP_BLOCK, GROUP_LEAF, ACCELERATE_SEQUENTIAL, MODEL_CPU_OFFLOAD, FSDP2, ZERO3)
BY_KEY = {strategy.key: strategy for strategy in STRATEGIES}
BY_NAME = {strategy.name: strategy for strategy in STRATEGIES}
DEFAULT_KEYS: tuple[str, ...] = (GROUP_BLOCK.key, GROUP_LEAF.key)
GROUP_KEYS: tuple[str, ...] = (GROUP_BLOCK.key, GROUP_LEAF.key)
# Derived from the fields, for the places that ask "which strategies have this property" without a Strategy at hand.
BLOCK_GROUP_KEYS: tuple[str, ...] = tuple(s.key for s in STRATEGIES if s.block_groups)
LAYER_HOOK_KEYS: tuple[str, ...] = tuple(s.key for s in STRATEGIES if s.layer_hooks)
OFFLOADING_CALLS: frozenset[str] = frozenset().union(*(s.applied_by for s in STRATEGIES))
# Names of ``applied_by`` that other libraries use for other things (torchao's quantization step "prepare", a search
# strategy's ``initialize()``): they apply offloading only as a method of these packages' objects
# (``accelerator.prepare(model)``, ``deepspeed.initialize(model=...)``, ray's ``train.torch.prepare_model``).
GENERIC_OFFLOADING_CALLS: dict[str, tuple[str, ...]] = {
    "prepare": ("accelerate", "ray", "lightning"), "prepare_model": ("ray",), "initialize": ("deepspeed",),
}


def names_offloading(words: Iterable[str], attribute_calls: Mapping[str, int], imported: Iterable[str]) -> bool:
    """Whether a file's code may apply offloading: it names a call of :data:`OFFLOADING_CALLS`, a generic one only as a
    method call in a file that imports a package it belongs to."""
    named = OFFLOADING_CALLS.intersection(words)
    if named - GENERIC_OFFLOADING_CALLS.keys():
        return True
    packages = {module.split(".", 1)[0] for module in imported}
    return any(attribute_calls.get(name) and packages.intersection(GENERIC_OFFLOADING_CALLS[name]) for name in named)


class UnknownStrategy(ValueError):
    pass


def parse_strategies(text: str) -> tuple[str, ...]:
    """``group-block,fsdp2`` / ``all`` -> the strategies' keys, in the canonical order."""
    names = [part.strip() for part in text.split(",") if part.strip()]
    if not names:
        raise UnknownStrategy("no strategy given")
    keys: set[str] = set()
    for name in names:
        if name == "all":
            keys |= set(BY_KEY)
        elif name in BY_NAME:
            keys.add(BY_NAME[name].key)
        else:
            raise UnknownStrategy(f"unknown strategy {name!r}: use {', '.join(BY_NAME)} or all")
    return tuple(strategy.key for strategy in STRATEGIES if strategy.key in keys)


def strategies_text(keys: tuple[str, ...]) -> str:
    """``group offloading (block and leaf level)``, ``group offloading (leaf level) and FSDP2``."""
    group = [key for key in GROUP_KEYS if key in keys]
    parts = [f"group offloading ({' and '.join(group)} level)"] if group else []
    parts += [BY_KEY[key].title for key in keys if key in BY_KEY and key not in GROUP_KEYS]
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def has_or_have(keys: tuple[str, ...]) -> str:
    """The verb after :func:`strategies_text`: the group levels read as one subject."""
    return "has" if len(keys) == 1 or set(keys) <= set(GROUP_KEYS) else "have"


def onloads(keys: tuple[str, ...]) -> str:
    """The subject and verb of "<strategies> onload(s) it only while ... runs"."""
    group = any(key in GROUP_KEYS for key in keys)
    others = sum(1 for key in keys if key in BY_KEY and key not in GROUP_KEYS)
    return f"{strategies_text(keys)} {'onloads' if group + others == 1 else 'onload'}"


# Where ``w.to(x.device)`` is no fix, what is.
_INSTEAD_OF_MOVING = {
    "accelerate-sequential": "compute it inside forward(), or list the class in preload_module_classes",
    "fsdp2": 'register_fsdp_forward_method(model, "{method}")',
    "zero3": "read it inside deepspeed.zero.GatheredParameters(...)",
}


def unmovable_note(keys: tuple[str, ...], method: str) -> str:
    """``; under FSDP2 .to() is no fix: register_fsdp_forward_method(model, "generate")``."""
    stuck = [key for key in keys if key in BY_KEY and not BY_KEY[key].move_is_fix]
    if not stuck:
        return ""
    ways = "; ".join(_INSTEAD_OF_MOVING[key].format(method=method) for key in stuck if key in _INSTEAD_OF_MOVING)
    return f" (under {strategies_text(tuple(stuck))} .to() is no fix: {ways})"


__all__ = ["ACCELERATE_SEQUENTIAL", "AfterForward", "BY_KEY", "BY_NAME", "DEFAULT_KEYS", "Declarations", "FSDP2", "GROUP_BLOCK", "GROUP_KEYS", "OFFLOADING_CALLS", "GENERIC_OFFLOADING_CALLS", "names_offloading",
           "GROUP_LEAF", "LAYER_HOOK_KEYS", "MODEL_CPU_OFFLOAD", "STRATEGIES", "Grouping", "Strategy", "Trigger",
           "BLOCK_GROUP_KEYS", "UnknownStrategy", "ZERO3", "has_or_have", "onloads", "parse_strategies", "strategies_text", "unmovable_note"]
