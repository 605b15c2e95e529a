"""Facts about code outside a module that drives a component (a pipeline holding a VAE, a text
encoder): which of its touches reach inside the component, and how.

A pipeline method touching ``self.<component>.<...>`` may call a submodule directly, hand one
to a function that runs it, or read one of its weights; each is a :class:`ComponentTouch`
with the levels at which the component's hooks are not running for it. Which methods need
the libcst pass at all, and which of their statements, is decided here from the index alone.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from enum import Enum
from functools import lru_cache
from importlib import metadata

from ..index.project import ClassInfo
from ..strategies import BY_KEY, STRATEGIES, names_offloading, BLOCK_GROUP_KEYS, AfterForward, Trigger, strategies_text
from ..index.summary import INDEX, CallSiteRecord, Chain, MethodSummary
from .call_order import OrderQuestion, forward_before
from .records import METADATA_ATTRIBUTES, TENSOR_ONLY_METHODS, AccessKind, RawAccess, classify
from .entry_points import EntryPoints
from .setup_callers import LOADING_CALLS, WEIGHT_LOADS
from .semantics import HARMLESS_MODULE_METHODS, METHOD, MODULE, SUBMODULE_GETTERS, TENSOR, \
    TRANSFORMERS_MODEL_BASES, ComponentAccess, Offload, OffloadSemantics

# Reading these off a component does not touch its weights (``.device`` is a device read:
# OFL105's business, and diffusers' ModelMixin.device is offload-aware).
SAFE_COMPONENT_ATTRIBUTES = HARMLESS_MODULE_METHODS | {
    "config", "dtype", "device", "training", "name_or_path", "main_input_name", "base_model_prefix",
    "attn_processors", "dtype_", "hf_device_map", "generation_config", "can_generate", "is_gradient_checkpointing",
    "_execution_device", "original_attn_processors", "peft_config", "active_adapters", "get_adapter_state_dict",
    "set_adapters", "disable_adapters", "enable_adapters", "fuse_qkv_projections", "unfuse_qkv_projections",
    "set_default_attn_processor", "enable_xformers_memory_efficient_attention", "enable_slicing",
    "disable_slicing", "enable_tiling", "disable_tiling", "use_tiling", "use_slicing", "num_parameters",
}
_CONTAINER_API = {"items", "keys", "values", "get", "append", "extend", "pop", "update", "copy", "clear"}
# The parts of a pipeline or model wrapper that hold no weights, by the names diffusers and transformers give them:
# a guessed chain through one (kornia's ``self.model.scheduler.scale_model_input(...)`` on a pipeline it is handed
# as an ``nn.Module``; speechbrain's ``mBART.tokenizer.batch_decode``) reaches no module.
_WEIGHTLESS_PARTS = re.compile(r"(scheduler|tokenizer|feature_extractor|image_processor|processor)(_\d+)?")


class Drive(Enum):
    """How a touch reaches inside the component."""

    READS = "reads a weight"
    CALLS = "calls a submodule"
    PASSES = "hands a submodule to a call that runs it"
    CALLS_UNRESOLVED = "calls something the installed class does not define"
    CALLS_CHILD_METHOD = "calls a submodule's own method, which needs the submodule's weights"
    # ``embed = self.text_encoder.get_input_embeddings(); embed(ids)`` on a component whose class does not
    # define the accessor where the index can read it (transformers' ``EmbeddingAccessMixin``).
    CALLS_ACCESSOR_VALUE = "calls the submodule an accessor returns"


@dataclass(frozen=True)
class ComponentTouch:
    raw: RawAccess
    access: ComponentAccess
    drive: Drive
    offload: Offload
    # Line of a ``self.<component>.to(...)`` before it in the same method: masks it, does not fix it.
    moved_earlier_at: int | None = None
    # Strategies left out of ``offload`` because the component's own forward ran before the touch and they keep
    # its top group on the device after it (``Strategy.top_group_after_forward``).
    kept_after_forward: KeptAfterForward | None = None


# How the reason of a finding kept suppressed because its line runs where the weights are onloaded ends (the truth
# scorers tell it from suppressions about when a method runs).
ONLOADED_AFTER_FORWARD = "its weights onloaded after it"


@dataclass(frozen=True)
class KeptAfterForward:
    """The strategies (keys) that still hold the component's weights at the touch, and the line of
    ``self.<component>(...)`` that onloaded them."""

    levels: tuple[str, ...]
    component: str
    forward_line: int
    # The touch's offload before they were left out (its hooks word a suppressed finding).
    before: Offload = field(compare=False)

    @property
    def reason(self) -> str:
        return (f"self.{self.component}(...) on line {self.forward_line} runs first, and "
                f"{strategies_text(self.levels)} {'keeps' if len(self.levels) == 1 else 'keep'} "
                f"{ONLOADED_AFTER_FORWARD}")


def component_touches(cls: ClassInfo, method: MethodSummary, raw_accesses: list[RawAccess],
                      semantics: OffloadSemantics) -> list[ComponentTouch]:
    """The touches of ``cls.<method>`` (a non-module) that drive or read a component's internals."""
    found = []
    for raw in raw_accesses:
        access = semantics.resolve_component(cls, raw.chain)
        if access is None or (access.info is not None and not access.info.supports_group_offloading):
            continue
        touch = _touch(raw, access, raw_accesses, semantics)
        if touch is None:
            continue
        drive, offload = touch
        offload = without_resident(cls, access.name, offload)
        offload, kept = _kept_after_forward(cls, method, access.name, raw, offload, semantics)
        if offload or kept:
            found.append(ComponentTouch(raw, access, drive, offload,
                                        earlier_move(method, access.name, raw.range.start.line), kept))
    return found


def _kept_after_forward(cls: ClassInfo, method: MethodSummary, component: str, raw: RawAccess, offload: Offload,
                        semantics: OffloadSemantics) -> tuple[Offload, KeptAfterForward | None]:
    """``offload`` without the strategies that keep the component's top group onloaded after its forward, where
    ``self.<component>(...)`` runs before the touch on every path (:mod:`analyze.call_order`)."""
    keeping = [key for key in offload.levels if offload.owner_by_level.get(key) == ()
               and BY_KEY[key].top_group_after_forward is not AfterForward.RELEASED]
    if not keeping:
        return offload, None
    defining = cls.methods.get(method.name, (cls, method))[0]
    kept: list[str] = []
    forward_line = None
    for key in keeping:
        strategy = BY_KEY[key]
        offloaders = None
        if strategy.top_group_after_forward is AfterForward.KEPT_UNTIL_ANOTHER_MODEL:
            offloaders = frozenset(chain[0] for chain in method.self_chains if chain and chain[0] != component
                                   and chain[0] not in cls.methods and semantics.component(cls, chain[0]) is not None)
        line = forward_before(OrderQuestion(
            defining.file.path, method.line, component, raw.range.start.line, raw.range.start.column,
            forward_attribute=strategy.trigger is Trigger.FORWARD_ATTRIBUTE, offloaders=offloaders,
            methods=frozenset(cls.methods)))
        if line is not None:
            kept.append(key)
            forward_line = line if forward_line is None else min(forward_line, line)
    if not kept or forward_line is None:
        return offload, None
    levels = tuple(key for key in offload.levels if key not in kept)
    return (Offload(levels, {key: hook for key, hook in offload.hook_by_level.items() if key in levels},
                    {key: owner for key, owner in offload.owner_by_level.items() if key in levels}),
            KeptAfterForward(tuple(kept), component, forward_line, offload))


def resident_under(cls: ClassInfo, component: str) -> frozenset[str]:
    """Strategies that leave ``component`` on the device (``Strategy.resident_declaration``): diffusers' model and
    sequential CPU offload skip (and move to the device) the components a pipeline lists in
    ``_exclude_from_cpu_offload``."""
    return frozenset(strategy.key for strategy in STRATEGIES if strategy.resident_declaration
                     and component in (cls.declared(strategy.resident_declaration) or ()))


def without_resident(cls: ClassInfo, component: str, offload: Offload) -> Offload:
    resident = resident_under(cls, component)
    if not resident:
        return offload
    levels = tuple(key for key in offload.levels if key not in resident)
    return Offload(levels, {key: hook for key, hook in offload.hook_by_level.items() if key in levels})


def _in_unmatched_group(keys: tuple[str, ...]) -> Offload:
    """A child's weights left in the component's unmatched group (``Strategy.block_groups``: block level)."""
    return Offload(keys, {key: "self.forward()" for key in keys})


def _touch(raw: RawAccess, access: ComponentAccess, others: list[RawAccess],
           semantics: OffloadSemantics) -> tuple[Drive, Offload] | None:
    resolution = access.resolution
    if resolution is None:
        if accessor_value_called(access, raw.called):
            keys = tuple(key for key in BLOCK_GROUP_KEYS if key in semantics.levels)
            if not keys:
                return None  # at leaf level the embedding layer has a hook of its own
            return Drive.CALLS_ACCESSOR_VALUE, _in_unmatched_group(keys)
        if unknown_class_internal(access) and raw.called and not _class_held(access) \
                and not semantics.defined_only_by_plain_classes(_called_name(access)) \
                and not (access.info is not None and semantics.bound_to_plain_object(access.info, access.chain[0])):
            keys = tuple(key for key in BLOCK_GROUP_KEYS if key in semantics.levels)
            return (Drive.CALLS_UNRESOLVED, Offload(keys)) if keys else None
        return None
    called = raw.called or (raw.passed and resolution.target == MODULE)
    if _child_method_touching_weights(resolution, raw.called, semantics):
        # ``self.text_encoder.text_model.pooled(ids)``: no hook runs for it, the child's weights stay where
        # the component's unmatched group keeps them (block level, where it is asked for).
        keys = tuple(key for key in BLOCK_GROUP_KEYS if key in semantics.levels)
        return (Drive.CALLS_CHILD_METHOD, _in_unmatched_group(keys)) if keys else None
    if not reaches_inside(access, called):
        return None
    if _sliced_then_moved(resolution.rest, raw.moves_to_device):
        return None
    if resolution.target == TENSOR and _handed_on(resolution.rest, raw, others):
        return None
    kind = classify(resolution, raw)
    if resolution.target == TENSOR and kind is AccessKind.USE and not raw.argument_of:
        drive, offload = Drive.READS, semantics.offloaded(access.info, resolution, hooked=False)
    elif resolution.target != TENSOR and (kind is AccessKind.CALL or raw.passed) and resolution.owner.path:
        drive = Drive.CALLS if raw.called else Drive.PASSES
        offload = semantics.offloaded(access.info, resolution, hooked=False, calls_module=True)
    else:
        return None
    return (drive, offload) if offload else None


@dataclass(frozen=True)
class ComponentMethodCall:
    """``self.<component>.<method>(...)`` of a public non-forward method, in a non-module's method."""

    method: MethodSummary
    site: CallSiteRecord
    access: ComponentAccess
    owner: ClassInfo  # the component's class, which defines the method
    moved_earlier_at: int | None  # a ``self.<component>.to(...)`` before it: that, not the call, is reported


def component_method_calls(cls: ClassInfo, semantics: OffloadSemantics,
                           entry_points: EntryPoints) -> list[ComponentMethodCall]:
    """Calls of a component's own methods (not forward, not setup) from the index's call sites alone."""
    if cls.is_module:
        return []
    found = []
    for method in cls.summary.methods.values():
        for site in method.call_sites:
            if site.receiver[:1] != ("self",) or len(site.receiver) < 2 or not _callable_entry(site.method):
                continue
            access = semantics.resolve_component(cls, site.receiver[1:] + (site.method,))
            resolution = access.resolution if access is not None else None
            if resolution is None or resolution.target != METHOD or resolution.rest:
                continue
            owner = resolution.owner.info
            if owner is None or not owner.supports_group_offloading or entry_points.is_setup(resolution.name):
                continue
            found.append(ComponentMethodCall(method, site, access, owner,
                                             earlier_move(method, access.name, site.line)))
    return found


def reached_helpers(owner: ClassInfo, name: str, entry_points: EntryPoints) -> tuple[str, ...]:
    """The methods of ``owner`` that its ``name`` reaches through ``self.<method>(...)`` calls (not ``name``
    itself, not forward(): ``self(...)`` and ``self.forward(...)`` run the hook; not setup methods), in the
    order a walk meets them: ``AutoencoderKL.encode`` reaches ``_encode`` (and ``_tiled_encode``)."""
    seen: list[str] = []
    stack = [name]
    while stack:
        current = stack.pop()
        found = owner.methods.get(current)
        if found is None:
            continue
        for callee in sorted(found[1].self_calls, reverse=True):
            if callee in (name, "forward") or callee in seen or callee not in owner.methods \
                    or entry_points.is_setup(callee) or owner.methods[callee][1].is_static:
                continue
            seen.append(callee)
            stack.append(callee)
    return tuple(seen)


def unhooked_for_helpers(owner: ClassInfo, name: str, semantics: OffloadSemantics) -> frozenset[str]:
    """The strategies whose hook does not run around ``owner.<name>`` called from outside, so none runs around
    the helpers it reaches either: model CPU offload hooks an ``@apply_forward_hook`` method (its helpers run
    inside), FSDP2 a ``register_fsdp_forward_method`` one, group offloading and ZeRO-3 only forward()."""
    found = owner.methods.get(name)
    if found is None:
        return frozenset()
    return frozenset(semantics.levels) - semantics.hooked_under(owner, found[1])


def hand_move_noop(levels) -> tuple[str, ...]:
    """The strategies under which ``self.<component>.to(device)`` changes nothing: the offloaded weights already
    sit on the compute device as what they are outside the hook (a sharded DTensor, a ZeRO-3 partition; their
    ``.device`` is true), so the move neither defeats offloading (OFL207) nor makes a later call safe."""
    return tuple(key for key in levels if BY_KEY[key].device_read_true)


def hand_move_refused(cls: ClassInfo, component: str, semantics: OffloadSemantics) -> tuple[str, ...]:
    """The strategies under which ``self.<component>.to(device)`` does not move: the component's class is a
    diffusers ``ModelMixin``, whose ``to()``/``cuda()`` return without moving a group-offloaded model."""
    classes = semantics.component(cls, component)
    if not classes:
        return ()
    infos = [semantics.project.lookup_class(qualified) for qualified in classes]
    if any(info is None or not info.is_group_offload_aware for info in infos):
        return ()
    return tuple(key for key in semantics.levels if BY_KEY[key].mixin_move_refused)


@dataclass(frozen=True)
class HandMove:
    """``self.<component>.to(<device>)`` / ``.cuda()`` in a non-module's (non-setup) method."""

    method: MethodSummary
    site: CallSiteRecord
    component: str
    # Why the moved component cannot be an offloaded one (:func:`hand_move_unoffloaded`), or None.
    unoffloaded: str | None = None


# Wrappers for data-parallel training (torch's, and the sharded ones of torch FSDP and FairScale): every parameter
# (or its shard) on the device, which offloading does not combine with.
_DATA_PARALLEL = frozenset({"DistributedDataParallel", "DataParallel", "FullyShardedDataParallel",
                            "ShardedDataParallel"})


def hand_move_unoffloaded(cls: ClassInfo, method: MethodSummary, line: int, component: str) -> str | None:
    """Why a hand move of ``self.<component>`` at ``line`` in ``method`` cannot meet an offloaded component:
    the same method wraps it for data-parallel training (efficientvit's ``prep_for_training``:
    ``self.model = DistributedDataParallel(self.model.cuda(), ...)``; nnU-Net's ``DDP(self.network, ...)`` with
    ``DistributedDataParallel as DDP`` imported), or loads it itself before the move (InternVL's ``reload_model``:
    ``self.model = AutoModel.from_pretrained(...)``, then ``self.model.cuda()``)."""
    for assigned in method.assigns:
        if assigned.name != component or assigned.kind != "call" or not assigned.callee:
            continue
        called = cls.project.qualify(cls.file, assigned.callee).rsplit(".", 1)[-1]
        if called in _DATA_PARALLEL:
            return (f"{method.name}() wraps self.{component} in {called} (line {assigned.line}) for data-parallel "
                    f"training, which keeps every parameter on the device: no offloading to defeat")
        if called in LOADING_CALLS and assigned.line < line and not assigned.callee.startswith("self."):
            return (f"{method.name}() loads self.{component} itself ({assigned.callee}(...), line {assigned.line}) "
                    f"before this move: nothing can have offloaded a model the method just built")
    for site in method.call_sites:
        # CosyVoice's ``load()``: ``self.llm.load_state_dict(torch.load(...))``, then ``self.llm.to(self.device)``.
        if site.receiver == ("self", component) and site.method in WEIGHT_LOADS and site.line < line:
            return (f"{method.name}() loads self.{component}'s weights itself (.{site.method}(...), line {site.line}) "
                    f"before this move: a method that sets the model up runs before offloading is applied")
    # tabicl's ``fit()``: ``self._load_model()`` (which builds ``self.model_`` and loads its state dict), then
    # ``self.model_.to(self.device_)``. The index keeps no line for a call of the class's own method, so the helper
    # counts wherever the method calls it: a method that has a helper load the component sets the model up.
    for name in sorted(method.self_calls):
        helper = cls.methods.get(name, (None, None))[1]
        if helper is None or helper is method:
            continue
        for site in helper.call_sites:
            if site.receiver == ("self", component) and site.method in WEIGHT_LOADS:
                return (f"{method.name}() calls self.{name}(), which loads self.{component}'s weights "
                        f"(.{site.method}(...), line {site.line}): a method that sets the model up runs before "
                        f"offloading is applied")
    return None


def built_before_move(cls: ClassInfo, method: MethodSummary, line: int, component: str,
                      semantics: OffloadSemantics) -> str | None:
    """Why a hand move of ``self.<component>`` at ``line`` meets no offloaded module because the same method built it
    just before, with a constructor of the component's own class (stargan's public ``build_model``:
    ``self.G = Generator(...)``, then ``self.G.to(self.device)``), whoever calls the method."""
    classes = semantics.component(cls, component) or ()
    for assigned in method.assigns:
        if assigned.name != component or assigned.kind != "call" or not assigned.callee or assigned.line >= line:
            continue
        if cls.project.qualify(cls.file, assigned.callee) in classes:
            return (f"{method.name}() builds self.{component} itself ({assigned.callee}(...), line {assigned.line}) "
                    f"before this move: nothing can have offloaded a module the method just built")
        # fairseq's ``build_generator``: ``self.vocoder = get_vocoder(...)``, a function of the project that returns a
        # module it constructs (not one it keeps), then ``self.vocoder.cuda()``.
        if not assigned.callee.startswith("self.") and (built := cls.project.returned_classes(
                cls.file, assigned.callee, None, 0, 0)):
            return (f"{method.name}() builds self.{component} itself ({assigned.callee}(...) returns a new "
                    f"{' or '.join(name.rsplit('.', 1)[-1] for name in built)}, line {assigned.line}) before this "
                    f"move: nothing can have offloaded a module the method just built")
    return None


def test_offloading_nothing(cls: ClassInfo) -> str | None:
    """Why a test class's findings on the models it drives are about models nothing offloads, or None: a test class
    (unittest's ``TestCase``, a base named ``*TestCase``, a class pytest collects) builds the models it drives (unittest
    and pytest build the test object: nothing hands it a model), and no file of its classes (its own, its mixins')
    names an offloading call (the index's words: a bare ``apply_group_offloading(self.model, ...)`` counts as much as
    ``pipe.enable_model_cpu_offload()``). botorch's tests call ``posterior()`` and compare parameters of models built
    in ``setUp`` on the CPU; PyTorch-VAE's move the model their ``setUp`` built (``self.model.cuda()``). The components' own findings still carry what would break if a user offloaded them; diffusers' offloading
    tests name the offloading call and stay judged."""
    if cls.is_module or not _test_class(cls):
        return None
    files = {info.file.path: info.file for info in cls.mro if not info.external}
    if any(names_offloading(file.words, file.attribute_calls, file.imported_modules) for file in files.values()):
        return None
    return (f"{cls.name} is a test: it builds the models it drives, and nothing in "
            f"{'its file' if len(files) == 1 else 'the files of its classes'} offloads a model")


def _test_class(cls: ClassInfo) -> bool:
    return cls.name.startswith("Test") or any(base.rsplit(".", 1)[-1].endswith("TestCase") for base in cls.base_names)


def hand_moves(cls: ClassInfo, semantics: OffloadSemantics, entry_points: EntryPoints) -> list[HandMove]:
    if cls.is_module:
        return []
    found = []
    during_init = init_only_methods(cls)
    for method in cls.summary.methods.values():
        if entry_points.is_setup(method.name):
            continue
        for site in method.call_sites:
            moves = len(site.receiver) == 2 and site.receiver[0] == "self" and site.moves_to_device
            if not moves or semantics.component(cls, site.receiver[1]) is None:
                continue
            if method.name in during_init and built_during_init(cls, site.receiver[1], during_init):
                # Moved while the object is still being built, right after it built the component: nothing can
                # have offloaded that component yet. (A component handed in to __init__ may already be.)
                continue
            component = site.receiver[1]
            found.append(HandMove(method, site, component,
                                  hand_move_unoffloaded(cls, method, site.line, component)
                                  or built_before_move(cls, method, site.line, component, semantics)))
    return found


def init_only_methods(cls: ClassInfo) -> frozenset[str]:
    """``__init__`` and the class's private helpers that only ``__init__`` (or such a helper) calls:
    they run while the object is being built, before anyone can offload what it builds."""
    methods = cls.summary.methods
    callers = {name: {other for other, summary in methods.items() if name in summary.self_calls and other != name}
               for name in methods}
    found = {"__init__"}
    changed = True
    while changed:
        changed = False
        for name, by in callers.items():
            private = name.startswith("_") and not name.startswith("__")
            if private and name not in found and by and by <= found:
                found.add(name)
                changed = True
    return frozenset(found)


def built_during_init(cls: ClassInfo, name: str, during_init: frozenset[str]) -> bool:
    """Whether ``self.<name>`` is a module the class builds itself (not one handed in) in ``__init__`` or a
    helper only ``__init__`` calls."""
    owned = cls.owned.get(name)
    if owned is None or owned.given or owned.is_tensor or not owned.line:
        return False
    return any(summary.start_line <= owned.line <= summary.end_line
               for method, summary in cls.summary.methods.items() if method in during_init)


def spelled(component: str, chain: Chain) -> str:
    """``self.text_encoder.text_model.encoder.layers[i]`` as a user wrote it."""
    text = f"self.{component}"
    for step in chain:
        text += "[i]" if step == INDEX else f".{step}"
    return text


def _callable_entry(name: str) -> bool:
    return name != "forward" and not name.startswith("__") and name not in HARMLESS_MODULE_METHODS


@dataclass(frozen=True)
class DeviceProperty:
    """``@property def device(self): return self.text_encoder.device`` in a pipeline: the device the
    pipeline places its tensors on, taken from a component whose ``.device`` is its first parameter's
    (transformers' ``PreTrainedModel.device``), which group offloading keeps on the offload device outside
    the component's forward. diffusers' ``ModelMixin.device`` asks the group-offloading hooks for their
    onload device, and ``DiffusionPipeline._execution_device`` does the same: neither is one."""

    raw: RawAccess
    component: str
    component_class: str  # as the message names it
    readers: tuple[str, ...]  # the class's methods that read the property


def device_property_candidate(cls: ClassInfo, method: MethodSummary, semantics: OffloadSemantics) -> str | None:
    """The component whose ``.device`` this method of a non-module may hand back as the pipeline's device:
    a property, or an argument-less helper named for a device (``_execution_device``-like), that reads
    ``self.<component>.device`` of a component with a first-parameter device."""
    if cls.is_module or len(method.params) != 1 or not (method.is_property or "device" in method.name):
        return None
    for chain in method.self_chains:
        if len(chain) == 2 and chain[1] == "device" and _first_parameter_device(cls, chain[0], semantics):
            return chain[0]
    return None


def device_properties(cls: ClassInfo, method: MethodSummary, raw_accesses: list[RawAccess],
                      semantics: OffloadSemantics) -> list[DeviceProperty]:
    """The component ``.device`` reads this method returns whole, when another method of the class reads it."""
    component = device_property_candidate(cls, method, semantics)
    if component is None:
        return []
    # The class's own readers: a base's (DiffusionPipeline._execution_device falls back to ``self.device`` only
    # where no offloading hook answers) are not the pipeline placing its tensors.
    readers = tuple(sorted(
        name for name, other in cls.summary.methods.items()
        if name != method.name and any(chain[:1] == (method.name,) for chain in other.self_chains)))
    if not readers:
        return []
    classes = semantics.component(cls, component) or ()
    found = next((info for c in classes if (info := semantics.project.lookup_class(c)) is not None), None)
    named = found.name if found is not None else (classes[0].rsplit(".", 1)[-1] if classes else component)
    return [DeviceProperty(raw, component, named, readers) for raw in raw_accesses
            if raw.chain == (component, "device") and raw.returned]


@dataclass(frozen=True)
class ComponentDevice:
    """``x.to(self.text_encoder.device)``, ``torch.zeros(..., device=self.vae.device)`` in a pipeline's method:
    a tensor placed on the device a component reports. transformers' ``PreTrainedModel.device`` and diffusers'
    ``ModelMixin.device`` (without group-offloading hooks) read the first parameter, which under accelerate's
    sequential offload is a meta tensor outside its hook: the tensor lands on ``meta`` and even a hooked call of
    the component fails on it ("Cannot copy out of meta tensor"). ``DiffusionPipeline._execution_device`` asks
    the hooks instead: it is the fix."""

    raw: RawAccess
    component: str
    levels: tuple[str, ...]  # the strategies whose ``.device`` names a device nothing copies out of
    # The parameter the read is the fallback of (``device = device or self.text_encoder.device``) in a public
    # method: reached when a user calls it without one (``pipe.encode_prompt(prompt)``).
    fallback_of: str | None = None


def device_unusable_levels(semantics: OffloadSemantics) -> tuple[str, ...]:
    """The strategies under which a module's ``.device`` is the stale copy's and no copy out of it works."""
    return tuple(key for key in semantics.levels if BY_KEY[key].device_read_unusable)


def _component_device_chains(cls: ClassInfo, method: MethodSummary, semantics: OffloadSemantics) -> bool:
    if cls.is_module or not device_unusable_levels(semantics):
        return False
    return any(len(chain) == 2 and chain[1] == "device" and semantics.component(cls, chain[0]) is not None
               for chain in method.self_chains)


def component_devices(cls: ClassInfo, method: MethodSummary, raw_accesses: list[RawAccess],
                      semantics: OffloadSemantics) -> list[ComponentDevice]:
    """The reads of ``self.<component>.device`` in this non-module method that place tensors. Left out: a
    device property handing it back whole (:func:`device_properties` judges those), a test of it, the fallback
    of a ``device`` parameter of a private method (its callers in the pipeline pass one; a public method's
    fallback is kept: users call ``encode_prompt(prompt)`` without one), and a method that moves the same
    component by hand (the read keeps the device to move it back to: OFL207 reports the move)."""
    levels = device_unusable_levels(semantics)
    if cls.is_module or not levels:
        return []
    property_like = device_property_candidate(cls, method, semantics) is not None
    found = []
    for raw in raw_accesses:
        if len(raw.chain) != 2 or raw.chain[1] != "device" or raw.inspected or raw.scalar:
            continue
        # ``device = device or self.text_encoder.device`` in a private method: its callers pass the device. (A read
        # under ``if prompt_embeds is None:`` stands in for no device: it is the usual way through.)
        fallback_of = raw.default_fallback if raw.default_fallback and "device" in raw.default_fallback else None
        if fallback_of is not None and method.name.startswith("_") and not method.name.startswith("__"):
            continue
        component = raw.chain[0]
        classes = semantics.component(cls, component)
        if classes is None or (raw.returned and property_like):
            continue
        info = next((i for c in classes if (i := semantics.project.lookup_class(c)) is not None), None)
        if info is not None and (not info.is_module or not info.supports_group_offloading):
            continue
        if any(site.receiver == ("self", component) and site.moves_to_device for site in method.call_sites):
            continue
        kept = tuple(key for key in levels if key not in resident_under(cls, component))
        if kept:
            found.append(ComponentDevice(raw, component, kept, fallback_of))
    # A method that also reads the component's device unconditionally fails whatever its caller passes: its
    # fallback is one more use of the same cause, not a case of its own.
    unconditional = {device.component for device in found if device.fallback_of is None}
    return [replace(device, fallback_of=None) if device.component in unconditional else device for device in found]


def _first_parameter_device(cls: ClassInfo, component: str, semantics: OffloadSemantics) -> bool:
    """Whether ``self.<component>.device`` is the component's first parameter's device: a transformers
    model (its class read, or only named: ``text_encoder: PreTrainedModel``), not a diffusers ModelMixin."""
    classes = semantics.component(cls, component)
    if not classes:
        return False
    for qualified in classes:
        info = semantics.project.lookup_class(qualified)
        if info is not None:
            if info.is_group_offload_aware or not (info.base_names & TRANSFORMERS_MODEL_BASES):
                return False
        elif not qualified.startswith("transformers."):
            return False
    return True


def needs_component_pass(cls: ClassInfo, method: MethodSummary, semantics: OffloadSemantics) -> bool:
    """Whether a non-module's method may reach inside a component, judged from the index alone
    (calls are ``self.a.b.c(...)``: receiver ``self.a.b``, method ``c``)."""
    if cls.is_module:
        return False
    if device_property_candidate(cls, method, semantics) is not None:
        return True
    if _component_device_chains(cls, method, semantics):
        return True
    calls = [site.receiver[1:] + (site.method,) for site in method.call_sites if site.receiver[:1] == ("self",)]
    # ``self.vae.config``, ``self.unet.dtype``: harmless whatever the class, so not worth resolving.
    calls = [chain for chain in calls if not _harmless_first_step(chain)]
    for chain in calls:
        access = semantics.resolve_component(cls, chain)
        if reaches_inside(access, called=True) or (
                access is not None and _child_method_touching_weights(access.resolution, True, semantics)):
            return True
    chains = [chain for chain in method.self_chains if not _harmless_first_step(chain)]
    if any(reaches_inside(semantics.resolve_component(cls, chain), called=False) for chain in chains):
        return True
    # A submodule called (``self.unet.down_blocks[0](x)``, or through a local: ``norm = self.unet.conv_norm_out;
    # norm(x)``), or handed to a function that may run it (``checkpoint(self.unet.mid_block, x)``): parse to see.
    return any(_submodule(semantics.resolve_component(cls, chain))
               for chain in method.called_chains | method.passed_chains if not _harmless_first_step(chain))


def component_focus(cls: ClassInfo, method: MethodSummary, semantics: OffloadSemantics) -> frozenset[str]:
    """The statements worth parsing: those naming a component and one of its attributes."""
    chains = [site.receiver[1:] + (site.method,) for site in method.call_sites if site.receiver[:1] == ("self",)]
    texts = set()
    device_reads = _component_device_chains(cls, method, semantics)
    for chain in chains + list(method.self_chains):
        harmless = _harmless_first_step(chain) and not (device_reads and chain[1:] == ("device",))
        if harmless or semantics.component(cls, chain[0]) is None:
            continue
        second = chain[1].removesuffix("()")
        texts.add(f"self.{chain[0]}[" if second == INDEX else f"self.{chain[0]}.{second}")
    return frozenset(texts)


def _child_method_touching_weights(resolution, called: bool, semantics: OffloadSemantics) -> bool:
    """``self.<component>.<child>.<method>(...)`` of a method that uses the child's weights."""
    if resolution is None:
        return False
    owner = resolution.owner
    return (resolution.target == METHOD and called and not resolution.rest and bool(owner.path)
            and owner.info is not None and resolution.name not in ("forward", "__call__")
            and resolution.name not in HARMLESS_MODULE_METHODS and resolution.name + "()" not in SUBMODULE_GETTERS
            and semantics.touches_weights(owner.info, resolution.name))


def reaches_inside(access: ComponentAccess | None, called: bool) -> bool:
    """Whether ``self.<component>...`` may drive or read something inside the component."""
    if access is None:
        return False
    resolution = access.resolution
    if resolution is None:  # unknown class, or a step the class does not define (another library version)
        # ``self.text_encoder.get_input_embeddings()`` (the index's call site) or a call of what it returns
        getter = access.chain == ("get_input_embeddings",) or accessor_value_called(access, called)
        return called and (unknown_class_internal(access) or getter)
    if resolution.target == TENSOR:
        return resolution.rest[:1] not in (("shape",), ("dtype",), ("device",), ("size",), ("to",))
    if resolution.target == METHOD and resolution.name + "()" in SUBMODULE_GETTERS:
        return True
    if not called or not resolution.owner.path or resolution.rest:
        return False
    # A submodule called or handed to a function that runs it, or its explicit forward() (a
    # submodule's other methods are judged by what they touch, where the pipeline calls them).
    return resolution.target == MODULE or resolution.name == "forward"


def accessor_value_called(access: ComponentAccess, called: bool) -> bool:
    """``self.<component>.get_input_embeddings()(ids)`` (or through a local) where the index cannot read the
    accessor: transformers' ``get_input_embeddings()`` returns the model's embedding layer (``embed_tokens``),
    a submodule that is no block of a ModuleList, so at block level it rides in the component's unmatched
    group, which only the component's own forward() onloads. At leaf level the layer has its own hook."""
    return called and access.chain == ("get_input_embeddings()",)


def _called_name(access: ComponentAccess) -> str:
    """The method a component chain ends in (``set_label_examples`` of ``self.model.card.set_label_examples``)."""
    steps = [step for step in access.chain if step != INDEX]
    return steps[-1] if steps and isinstance(steps[-1], str) else ""


def _class_held(access: ComponentAccess) -> bool:
    """``self.attribution_model.formatter.prepare_inputs(...)`` where the component's class holds a class in that
    attribute (inseq's ``formatter = InputFormatter``, a class body assignment no method rebinds): a call on a class,
    not on a submodule of the instance, so no weight of the component is reached."""
    info, name = access.info, access.chain[0] if access.chain else None
    if info is None or not isinstance(name, str):
        return False
    if not any(name in base.summary.class_attributes for base in info.mro):
        return False
    return not any(record.name == name for base in info.mro for method in base.summary.methods.values()
                   for record in method.assigns)


def unknown_class_internal(access: ComponentAccess) -> bool:
    """``self.<component>.a.b...`` of a component whose class the index cannot read: only a
    chain two steps deep, free of known-harmless attributes, is taken as reaching inside."""
    steps = [step for step in access.chain if step != INDEX]
    if len(steps) < 2 or access.chain[0] in SAFE_COMPONENT_ATTRIBUTES or access.chain[0].startswith("_"):
        return False
    if any(isinstance(step, str) and _WEIGHTLESS_PARTS.fullmatch(step) for step in steps):
        return False
    # ``self.model.weight.clone()`` / ``.bias.zero_()``: a tensor's own method, so the step before it is a tensor
    # (a parameter or buffer), not a submodule a hook could be given.
    if steps[-1] in TENSOR_ONLY_METHODS:
        return False
    return not any(step in SAFE_COMPONENT_ATTRIBUTES or step in _CONTAINER_API for step in steps[1:])


def earlier_move(method: MethodSummary, component: str, line: int) -> int | None:
    """Line of a ``self.<component>.to(...)`` / ``.cuda()`` before ``line`` in the same method."""
    moves = [
        site.line for site in method.call_sites
        if site.receiver == ("self", component) and site.moves_to_device and site.line <= line
    ]
    return max(moves) if moves else None


def _submodule(access: ComponentAccess | None) -> bool:
    resolution = access.resolution if access is not None else None
    return resolution is not None and resolution.target == MODULE and bool(resolution.owner.path) and not resolution.rest


def _harmless_first_step(chain: Chain) -> bool:
    return len(chain) < 2 or chain[1] in SAFE_COMPONENT_ATTRIBUTES


def _sliced_then_moved(rest: Chain, moves_to_device: bool) -> bool:
    """``self.enc.silence_latent[:, :n].to(device)``: slicing is no computation; the move is the fix."""
    steps = [step for step in rest if step != INDEX]
    return moves_to_device and steps == ["to"]


def _handed_on(rest: Chain, raw: RawAccess, others: list[RawAccess]) -> bool:
    """The tensor's value leaves the method without being computed with on its device:
    - computed only with constants / the same component's tensors and then moved
      (``torch.sqrt(self.vae.bn.running_var + eps).to(device)``, or through a local whose every
      use is such a move: RawAccess.moved_later);
    - returned as is (``return self.vae.latents_mean, ...``): like a property accessor, the caller
      decides, unless the method also computes with the same tensor elsewhere."""
    if raw.moved_later:
        return True
    if not raw.returned or any(step not in (INDEX, "data") for step in rest):
        return False
    return not any(_computes_with(other, raw.chain) for other in others if other is not raw)


def _computes_with(other: RawAccess, chain: Chain) -> bool:
    """Another touch of the same tensor in the method that is neither handed on, moved nor metadata."""
    if other.chain[:len(chain)] != chain or other.returned or other.moved_later or other.moves_to_device:
        return False
    extra = other.chain[len(chain):]
    return not extra or extra[0] not in METADATA_ATTRIBUTES | {"device"}


__all__ = ["SAFE_COMPONENT_ATTRIBUTES", "broken_everywhere", "older_layout_had", "ComponentDevice", "ComponentMethodCall", "ComponentTouch", "DeviceProperty", "Drive", "HandMove", "KeptAfterForward", "ONLOADED_AFTER_FORWARD",
           "component_devices", "device_properties", "device_property_candidate", "device_unusable_levels",
           "component_focus", "component_method_calls", "component_touches", "earlier_move", "hand_move_noop", "hand_moves",
           "needs_component_pass", "reached_helpers", "reaches_inside", "resident_under", "spelled", "unhooked_for_helpers", "unknown_class_internal",
           "without_resident"]


def installed_release(info: ClassInfo) -> str | None:
    """``transformers 5.24.0`` for a class read from an installed distribution (None for linted code)."""
    if not info.external:
        return None
    return _release(info.file.module.split(".", 1)[0])


@lru_cache(maxsize=None)
def _release(package: str) -> str | None:
    try:
        return f"{package} {metadata.version(package)}"
    except (metadata.PackageNotFoundError, ValueError):
        return None


def lacks_attribute(access: ComponentAccess) -> bool:
    """Whether no instance of the component's (read) class can have the first attribute of the chain:
    the line then raises AttributeError whatever the offloading."""
    return access.info is not None and bool(access.chain) and isinstance(access.chain[0], str) \
        and access.info.never_binds(access.chain[0], model_base_names=_transformers_model_base_names())


def older_layout_had(access: ComponentAccess) -> bool:
    """Whether an earlier release of the component's (transformers) class had the chain's first attribute:
    transformers' checkpoint conversion mapping renames it away for that class (``"CLIPTextModel":
    [PrefixChange(prefix_to_remove="text_model")]``: transformers 5 flattened ``CLIPTextModel.text_model``)."""
    if access.info is None or not access.chain or not isinstance(access.chain[0], str):
        return False
    return access.chain[0] in _renamed_prefixes().get(access.info.name, frozenset())


def broken_everywhere(access: ComponentAccess) -> bool:
    """The component's class lacks the attribute and nothing says any release had it (``T5EncoderModel``
    never had ``text_model``): the line raises AttributeError before any weight is touched, whatever the
    offloading, and is no offloading hazard in any version."""
    return lacks_attribute(access) and not older_layout_had(access)


@lru_cache(maxsize=1)
def _renamed_prefixes() -> dict[str, frozenset[str]]:
    """Class name -> first names that transformers' ``conversion_mapping.py`` strips or renames from older
    checkpoints of that class (``PrefixChange(prefix_to_remove=...)``, ``WeightRenaming(r"^name...", ...)``);
    read with ast, nothing imported. Empty when transformers or the file is missing."""
    import ast
    import re
    from importlib.util import find_spec
    from pathlib import Path

    spec = find_spec("transformers")
    if spec is None or not spec.submodule_search_locations:
        return {}
    try:
        tree = ast.parse((Path(next(iter(spec.submodule_search_locations))) / "conversion_mapping.py")
                         .read_text(encoding="utf-8"))
    except (OSError, SyntaxError, ValueError):
        return {}
    found: dict[str, set[str]] = {}
    for node in ast.walk(tree):
        if not isinstance(node, ast.Dict):
            continue
        for key, value in zip(node.keys, node.values):
            if not (isinstance(key, ast.Constant) and isinstance(key.value, str)):
                continue
            for call in ast.walk(value):
                if not isinstance(call, ast.Call):
                    continue
                texts = [keyword.value for keyword in call.keywords
                         if keyword.arg in ("prefix_to_remove", "source_patterns")] + call.args[:1]
                for text in texts:
                    if isinstance(text, ast.Constant) and isinstance(text.value, str):
                        match = re.match(r"\^?([A-Za-z_]\w*)", text.value)
                        if match:
                            found.setdefault(key.value, set()).add(match.group(1))
    return {name: frozenset(names) for name, names in found.items()}


# The files defining transformers' PreTrainedModel and the mixins it inherits (none has ``__getattr__``).
_MODEL_BASE_FILES = ("modeling_utils.py", "utils/hub.py", "integrations/peft.py", "generation/utils.py")


@lru_cache(maxsize=1)
def _transformers_model_base_names() -> frozenset[str] | None:
    """Every name a class of those files defines or assigns on ``self`` (read with ast, nothing imported);
    None when transformers is not installed or one of them defines ``__getattr__``."""
    import ast
    from importlib.util import find_spec
    from pathlib import Path

    spec = find_spec("transformers")
    if spec is None or not spec.submodule_search_locations:
        return None
    root = Path(next(iter(spec.submodule_search_locations)))
    names: set[str] = set()
    for relative in _MODEL_BASE_FILES:
        try:
            tree = ast.parse((root / relative).read_text(encoding="utf-8"))
        except (OSError, SyntaxError, ValueError):
            return None
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                if node.name in ("__getattr__", "__getattribute__"):
                    return None
                names.add(node.name)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                names.add(node.attr)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
    return frozenset(names)
