"""The facts rules filter: what each access touches and, for a class, what no hook can serve.

The semantics (:mod:`analyze.semantics`) say which hook owns a weight; this module turns
that into one typed fact per access (what it touches, where a called module sits among
block-level groups) and per class (layers leaf-level offloading cannot serve, weights that
no ``forward()`` hooks). Rules choose among these facts and word the message; they do not
resolve chains, read the index or consult torch tables themselves.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

from ..index import torch_nn
from ..index.project import ClassInfo, Owned, ProjectIndex, Site
from ..index.summary import INDEX, Chain, MethodSummary
from ..strategies import BY_KEY, LAYER_HOOK_KEYS, BLOCK_GROUP_KEYS
from .records import Access, AccessKind
from .entry_points import EntryPoints, OuterCall
from .semantics import SUBMODULE_GETTERS, FIRST_PARAMETER, HARMLESS_MODULE_METHODS, METHOD, MODULE, TENSOR, Offload, OffloadSemantics


class Touch(Enum):
    """What an access touches, as far as offloading is concerned."""

    ROOT_TENSOR = "a parameter or buffer of the module itself"
    LEAF_WEIGHT = "a Linear/Conv/Embedding weight"
    CHILD_TENSOR = "a parameter or buffer of a child that is no leaf layer"
    WEIGHT_DEVICE = "the device of a weight"
    WEIGHT_SHAPE = "the size of a weight (0 for a ZeRO-3 partition)"
    MODEL_DEVICE = "a model's device, which is its first parameter's"
    CHILD_CALL = "a call of a child module"
    CHILD_METHOD = "a call of a child's own method that needs its weights"


class Placement(Enum):
    """Where a called module sits among the block-level groups of the class on top."""

    OWN_HOOK = "has a hook of its own"  # a ModuleList/Sequential block, a container, a declared block module
    UNMATCHED = "in the unmatched group"  # onloaded only while the top module's forward() runs
    INSIDE_BLOCK = "inside a block"  # a submodule of a block, onloaded only while that block's forward() runs


@dataclass(frozen=True)
class AccessFact:
    """One access with what it touches, the levels at which that is a stale copy reaching the
    compute device (with the hook that would onload it), and, for a called module, where it sits
    among the block-level groups."""

    access: Access
    touch: Touch
    offload: Offload
    placement: Placement | None = None
    block: Chain = ()  # for INSIDE_BLOCK: the block the call reaches into
    # For a class outside block scope: the way in from the module on top that makes it stale there.
    outer: OuterCall | None = None


def touch_of(access: Access, cls: ClassInfo, method: MethodSummary, semantics: OffloadSemantics) -> Touch | None:
    """What ``access`` (in ``cls.<method>``) touches; None for what offloading cannot affect."""
    resolution = access.resolution
    owner = resolution.owner
    if resolution.target == TENSOR:
        if access.kind is AccessKind.DEVICE:
            return Touch.WEIGHT_DEVICE
        if access.kind is AccessKind.METADATA and resolution.rest[:1] in _SIZE_READS:
            return Touch.WEIGHT_SHAPE
        # A move is the fix for a stale copy on the CPU, no fix for meta, partitions or DTensors.
        if access.kind not in (AccessKind.USE, AccessKind.MOVE):
            return None
        if not owner.path:
            return Touch.ROOT_TENSOR
        if owner.kind == torch_nn.LEAF:
            return Touch.LEAF_WEIGHT
        return Touch.CHILD_TENSOR if FIRST_PARAMETER not in owner.path else None
    if resolution.target == METHOD and resolution.name == "device":
        model = owner.info
        if model is None or access.raw.inspected or not device_follows_first_parameter(model):
            return None
        if not owner.path and method.name == "device":
            return None  # the property itself
        return Touch.MODEL_DEVICE
    if not owner.path:
        return None
    if access.kind is AccessKind.CALL:
        return Touch.CHILD_CALL
    if access.kind is AccessKind.METHOD_CALL and child_method_needs_weights(access, semantics):
        return Touch.CHILD_METHOD
    return None


# Arguments that name an adapter (``get_delta_weight(self, adapter)``), never a tensor to compute on.
_ADAPTER_KEY = re.compile(r"(^|_)(adapter|adapters|names?|keys?)$")
_SIZE_READS = {("shape",), ("size",), ("numel",), ("nelement",)}


def among_offloaded_weights_only(access: Access, input_name: str | None) -> bool:
    """A weight reached through a forward-less container (``self.lora_A_params[name]``), a child
    returned by an accessor (``self.get_base_layer()``) or a module handed to ``__init__``, read by
    a method with no input tensor (peft's ``merge()``, ``get_delta_weight()``, ``reset_*``): such a
    method computes with the layer's weights only, which offloading keeps together on the offload
    device, so nothing mixes devices (runtime-refuted for ia3 and supertuning ``merge()``)."""
    if input_name is not None and not _ADAPTER_KEY.search(input_name):
        return False
    resolution = access.resolution
    return (resolution.owner.kind == torch_nn.TENSOR_CONTAINER or any(node.given for node in resolution.nodes)
            or any(step.endswith("()") and step not in SUBMODULE_GETTERS for step in access.raw.chain))


def tensor_container(access: Access) -> str | None:
    """For a tensor held by a forward-less child (``self.lora_A_params[name]`` of a ``ParameterDict``,
    peft's ``BufferDict``): that child's class name; None for any other access."""
    owner = access.resolution.owner
    if owner.kind != torch_nn.TENSOR_CONTAINER:
        return None
    return owner.classes[0].rsplit(".", 1)[-1] if owner.classes else "container"


def placement_of(cls: ClassInfo, module_path: Chain, semantics: OffloadSemantics) -> tuple[Placement, Chain]:
    """Where the module at ``self.<module_path>`` sits at block level, and the block it is in."""
    block, own_hook = semantics.block_hook_owner(cls, module_path)
    if own_hook:
        return Placement.OWN_HOOK, block
    if block[-1:] == (INDEX,):
        return Placement.INSIDE_BLOCK, block
    return Placement.UNMATCHED, block


class ContainerBlock(Enum):
    """What a block is when a call reaches an element of it (OFL203): the fix that works depends on it."""

    LIST = "a ModuleList or Sequential"  # naming the outer container in _group_offload_block_modules hooks its layers
    DICT = "a ModuleDict"  # the declaration leaves its layers in a group hooked on a forward() nothing runs
    NESTED = "a container holding containers"  # the declaration hooks an inner container on such a forward()
    # A bare ``nn.Module()`` holding layers (latent-diffusion's ``down[i]``): no forward() of its own to run.
    NAMESPACE = "a bare nn.Module()"


def container_block(fact: AccessFact) -> ContainerBlock | None:
    """For a call inside a block that reaches an element of the block by index or iteration, or a layer of a block that
    is a bare ``nn.Module()``: what the block is (an element whose class is unknown is iterated or indexed here, so a
    list); None when the call reaches a submodule of a plain block."""
    path = fact.access.resolution.owner.path
    depth = len(fact.block)
    element = next((node for node in fact.access.resolution.nodes if node.path == fact.block), None)
    if element is not None and element.namespaces:
        return ContainerBlock.NAMESPACE
    if path[depth:depth + 1] != (INDEX,):
        return None
    if path[depth:depth + 2] == (INDEX, INDEX):
        return ContainerBlock.NESTED
    return ContainerBlock.DICT if element is not None and element.kind == torch_nn.MODULE_DICT else ContainerBlock.LIST


def device_follows_first_parameter(model: ClassInfo) -> bool:
    """diffusers' ModelMixin.device knows group offloading; transformers' and hand-written
    ``next(self.parameters()).device`` properties do not."""
    if model.is_group_offload_aware or not model.has_weights:
        return False
    defining = model.methods.get("device")
    if defining is None:
        return True  # inherited from a model base read from our tables (transformers)
    info, method = defining
    return info.external or method.calls_next_parameters


def child_method_needs_weights(access: Access, semantics: OffloadSemantics, host_reads: bool = True) -> bool:
    """``self.vae.decode(z)``, ``self.quantizer.decode(codes)``: a child's own method that needs its weights (without
    ``host_reads``: other than read back to host memory, :meth:`OffloadSemantics.touches_weights`)."""
    resolution = access.resolution
    if resolution.target != METHOD or resolution.rest:
        return False
    child = resolution.owner.info
    if resolution.name in ("forward", "__call__") or resolution.name in HARMLESS_MODULE_METHODS:
        return False
    if child is None:
        return semantics.unknown_model(resolution.owner)  # resolved only for a model's own method
    if semantics.touches_weights(child, resolution.name, host_reads=host_reads):
        return True
    # A module handed to ``__init__`` as ``quantizer: BaseQuantizer`` may be any subclass: the call needs weights
    # when a linted subclass's override does (an abstract ``encode()`` that raises touches nothing itself).
    if not resolution.owner.given:
        return False
    subclasses = semantics.project.subclasses(child)
    # Where the tree builds some of them (a factory choosing by config), the child is one of those: a subclass
    # named nowhere but on its ``class`` line is never the one handed in. Where it builds none (a library whose
    # users build them), any may be.
    overriding = [sub for sub in subclasses
                  if sub.methods.get(resolution.name, (child, None))[0] is not child.methods.get(resolution.name, (None,))[0]]
    built = [sub for sub in overriding if semantics.built_in_tree(sub)]
    if any(semantics.calls_unread_child(sub, resolution.name) for sub in built):
        # A built subclass calls a child the index cannot read (``self.quantizer = ResidualVQ(...)`` of a package
        # neither linted nor installed): whether it touches weights is unknown, so every subclass counts, as before.
        built = []
    return any(semantics.touches_weights(sub, resolution.name, host_reads=host_reads) for sub in (built or overriding))


# --- class facts ---------------------------------------------------------------------------
class Bypass(Enum):
    """Why leaf-level offloading never onloads a weight a layer uses."""

    READS_OWN_LEAF = "a torch.nn class whose forward() reads a child Linear's weight instead of calling it"
    LEGACY_WRAPPER = "a legacy hook-based weight wrapper whose forward pre-hook recomputes the weight early"


@dataclass(frozen=True)
class ParameterWrite:
    """A whole-parameter write into a parameter handed in (``EMAModel.copy_to(model.parameters())``)."""

    method: str
    line: int
    column: int
    name: str  # what is written: ``param.data`` or ``param``
    levels: tuple[str, ...]  # the strategies under which the write misses the weight


def parameter_writes(cls: ClassInfo, semantics: OffloadSemantics) -> list[ParameterWrite]:
    """The class's own methods' writes into handed-in parameters (index: ``MethodSummary.parameter_writes``), under
    the strategies whose stale copy is no copy of the weight (``Strategy.write_misses_weight``), except inside
    ``GatheredParameters`` where the strategy honours it (``Strategy.gathered_blocks``)."""
    found = []
    for name, method in cls.summary.methods.items():
        for line, column, written in method.parameter_writes:
            gathered = any(first <= line <= last for first, last in method.gathered)
            levels = tuple(key for key in semantics.levels if BY_KEY[key].write_misses_weight
                           and not (gathered and BY_KEY[key].gathered_blocks))
            if levels:
                found.append(ParameterWrite(name, line, column, written, levels))
    return found


@dataclass(frozen=True)
class OwnWeightWrite:
    """A module method's whole write into one of its own parameters (``nn.init.zeros_(self.proj.weight)``,
    ``self.to_kv.weight.copy_(w)``) outside its hook."""

    method: str
    line: int
    column: int
    weight: str  # as a user wrote it: ``proj.weight``
    kind: str  # "init" (from the tensor alone) or "copy" (a value from elsewhere)
    levels: tuple[str, ...]  # the strategies under which the write misses the weight
    # Why the write is no hazard though found (a setup method; new parameters made on demand), for the rule to
    # suppress it with; "" otherwise.
    kept_because: str = ""


def own_weight_writes(cls: ClassInfo, semantics: OffloadSemantics, entry_points: EntryPoints) -> list[OwnWeightWrite]:
    """The module's own methods' whole writes into its parameters (index: ``MethodSummary.own_weight_writes``; never
    ``__init__``), in methods that run outside the hook (not ``forward()`` nor what only it reaches), under the
    strategies whose stand-in misses that kind of write (``_WRITE_MISSES``): a copy where
    ``Strategy.write_misses_weight``, an in-place init where ``Strategy.init_misses_weight``, a cast of the weight's
    own values written back where it also ``keeps_local_piece``; inside ``GatheredParameters`` not where the strategy honours it. A
    buffer, a slice and a chain the semantics cannot resolve to a parameter are left alone. Kept with a reason, for
    the rule to suppress: a write in a setup method (``setup-methods``: ``init_weights``, ``reset_parameters``), taken
    to run before offloading, and an in-place init of an element of a container the class fills on demand (peft's
    per-adapter ``self.lora_B[name]``, created by ``update_layer()``): new parameters, which no hook holds."""
    if not cls.is_module:
        return []
    # Containers whose elements a method other than __init__ creates (per-adapter parameters), and that method.
    fillers = {item: info.summary.methods[name].name for info in cls.mro for name in info.summary.methods
               for item in info.summary.methods[name].filled_items}
    found = []
    for name, method in cls.summary.methods.items():
        if not method.own_weight_writes or method.is_static or entry_points.context(cls, name).hooked:
            continue
        for line, column, chain, kind in method.own_weight_writes:
            weight = _written_parameter(semantics, cls, chain)
            if weight is None:
                continue
            gathered = any(first <= line <= last for first, last in method.gathered)
            misses = _WRITE_MISSES[kind]
            levels = tuple(key for key in semantics.levels if misses(BY_KEY[key])
                           and not (gathered and BY_KEY[key].gathered_blocks))
            if not levels:
                continue
            why = (f"{name}() is a setup method (setup-methods), taken to run while the model is built, before "
                     "it is offloaded" if entry_points.is_setup(name) else "")
            filler = fillers.get(chain[0]) if kind == "init" and chain[1:2] == (INDEX,) else None
            if filler and not why:
                # A new element's parameters are real tensors whenever they are made (no hook or partition holds
                # them): initialising them in place lands.
                why = (f"self.{chain[0]}[...] is filled on demand ({filler}() creates its elements): the "
                         f"parameters this initialises are new, not offloaded")
            found.append(OwnWeightWrite(name, line, column, weight, kind, levels, why))
    return found


# Which strategies lose (or fail) each kind of write: a copy from elsewhere where the stand-in is no copy of the weight;
# an in-place rewrite from itself where the stand-in holds none of its values; the weight's own values cast back where
# the hook gathers from a local piece the cast replaces (accelerate refills its meta tensor unchanged: OFL110's rule).
_WRITE_MISSES = {
    "copy": lambda s: s.write_misses_weight,
    "init": lambda s: s.init_misses_weight,
    "cast": lambda s: s.write_misses_weight and s.keeps_local_piece,
}


def _written_parameter(semantics: OffloadSemantics, cls: ClassInfo, chain: Chain) -> str | None:
    """``self.<chain>`` as written when it is a whole parameter: one the semantics resolve (not a buffer, a slice or a
    model's first parameter), or ``.weight``/``.bias`` of a child module whose class the index cannot read (a
    factory's, ``add_module``'s: timm's ``self.conv3.bn.weight``), which on a module is its parameter."""
    resolution = semantics.resolve(cls, chain)
    if resolution is None:
        return None
    if resolution.target == TENSOR and not resolution.rest and resolution.name != FIRST_PARAMETER:
        owned = resolution.owner.info.owned.get(resolution.name) if resolution.owner.info else None
        return None if owned is not None and owned.is_buffer else resolution.dotted
    unread = resolution.target == MODULE and resolution.rest[-1:] in (("weight",), ("bias",)) \
        and all(step != INDEX and not step.endswith(")") for step in resolution.rest)
    return ".".join(step if step != INDEX else "[i]" for step in chain).replace(".[i]", "[i]") if unread else None


@dataclass(frozen=True)
class HandedStateDict:
    """``unet.down_blocks.state_dict()`` on a module handed in as an argument annotated with a model class."""

    method: str
    line: int
    column: int
    receiver: str  # as spelled: ``unet.down_blocks``
    model: str  # the annotated class's name
    levels: tuple[str, ...]  # the strategies whose state dict outside the hook holds no values


def handed_state_dicts(cls: ClassInfo, project: ProjectIndex, semantics: OffloadSemantics) -> list[HandedStateDict]:
    """``state_dict()`` of a module handed to one of the class's methods (index: ``MethodSummary.handed_state_dicts``),
    under the strategies whose state dict outside the hook is no copy of the weights (``Strategy.state_dict_true``).
    Only an argument annotated with a module class that has weights counts (an optimizer's or a scheduler's
    ``state_dict()`` holds no weights); a chain after it must resolve to a child module of that class. Inside
    ``GatheredParameters`` the strategies that honour it (``Strategy.gathered_blocks``) hold the whole weights."""
    levels = tuple(key for key in semantics.levels if not BY_KEY[key].state_dict_true)
    if not levels:
        return []
    found = []
    for name, method in cls.summary.methods.items():
        annotated = dict(zip(method.params, method.annotations))
        for line, column, receiver in method.handed_state_dicts:
            gathered = any(first <= line <= last for first, last in method.gathered)
            read_levels = tuple(key for key in levels if not (gathered and BY_KEY[key].gathered_blocks))
            root, *chain = receiver.split(".")
            if not read_levels:
                continue
            model = _annotated_model(cls, annotated.get(root, ""), project)
            if model is None:
                continue
            if chain:
                resolution = semantics.resolve(model, tuple(chain))
                # a child without weights (diffusers' ``Timesteps``) has an empty state dict: nothing to lose
                if resolution is None or resolution.target != MODULE or resolution.rest \
                        or resolution.owner.kind == torch_nn.WEIGHTLESS:
                    continue
            found.append(HandedStateDict(name, line, column, receiver, model.name, read_levels))
    return found


@dataclass(frozen=True)
class HeldWeightData:
    """``text_encoder....weight.data[rows]`` of a model an object that is no module holds (textual inversion's
    ``TokenEmbeddingsHandler`` over ``self.text_encoders``)."""

    method: str
    line: int
    column: int
    receiver: str  # as spelled
    size: bool  # a size read (``.shape``), not the values
    levels: tuple[str, ...]


def held_weight_data(cls: ClassInfo, semantics: OffloadSemantics) -> list[HeldWeightData]:
    """Weight data of the models a class that is no module holds (index: ``MethodSummary.held_weight_data``). Such
    an object has no hook and runs none, so it reads what the strategy keeps outside the models' hooks: values
    where nothing can be read out of that (``Strategy.move_is_fix`` false: meta, a DTensor shard, an empty
    partition), sizes where they are not the weight's (``Strategy.shape_read_true``). A module's own methods are
    left to the method analysis (they run inside its hook or are judged by where they are called)."""
    if cls.is_module or any(sub.is_module for sub in semantics.project.subclasses(cls)):
        return []  # a module's, or a mixin's whose subclasses are modules (peft's LoraLayer: its own children)
    found = []
    for name, method in cls.summary.methods.items():
        for line, column, receiver, read in method.held_weight_data:
            gathered = any(first <= line <= last for first, last in method.gathered)
            size = read == "size"
            levels = tuple(key for key in semantics.levels
                           if (not BY_KEY[key].shape_read_true if size else not BY_KEY[key].move_is_fix)
                           and not (gathered and BY_KEY[key].gathered_blocks))
            if levels:
                found.append(HeldWeightData(name, line, column, receiver, size, levels))
    return found


@dataclass(frozen=True)
class ParameterCount:
    """``sum(p.numel() for p in self.parameters())`` in a method (peft's ``get_nb_savable_parameters``)."""

    method: str
    line: int
    column: int
    spelled: str
    levels: tuple[str, ...]


def parameter_counts(cls: ClassInfo, semantics: OffloadSemantics) -> list[ParameterCount]:
    """Counts of a model's parameters by a method other than ``forward()`` (index: ``MethodSummary.parameter_counts``;
    methods reading ``ds_numel`` are left out there), under the strategies whose sizes outside the hook are not the
    weight's (``Strategy.shape_read_true``: a ZeRO-3 partition has 0 elements), less ``GatheredParameters`` bodies."""
    levels = tuple(key for key in semantics.levels if not BY_KEY[key].shape_read_true)
    if not levels:
        return []
    found = []
    for name, method in cls.summary.methods.items():
        if name == "forward":
            continue  # inside the hook: gathered
        for line, column, spelled in method.parameter_counts:
            gathered = any(first <= line <= last for first, last in method.gathered)
            kept = tuple(key for key in levels if not (gathered and BY_KEY[key].gathered_blocks))
            if kept:
                found.append(ParameterCount(name, line, column, spelled, kept))
    return found


def _annotated_model(cls: ClassInfo, annotation: str, project: ProjectIndex) -> ClassInfo | None:
    """The module class with weights an argument's annotation names (``UNet2DConditionModel``), else None."""
    if not annotation or not annotation.replace(".", "").replace("_", "").isalnum():
        return None  # ``Optional[...]``, a union: not read
    model = project.lookup_class(project.qualify(cls.file, annotation))
    if model is None or model.torch_base_kind != torch_nn.MODULE or not model.has_weights:
        return None
    return model


@dataclass(frozen=True)
class LeafBypass:
    """A layer built in a class that leaf-level offloading cannot serve, and where to report it."""

    owned: Owned
    bypass: Bypass
    torch_class: str  # ``MultiheadAttention``; for a wrapper, its qualified name
    # The child whose weight is read (``out_proj``), or what a wrapper recomputes the weight from.
    source: str
    line: int
    column: int
    end_line: int
    end_column: int
    inherited_from: str = ""  # ``Base (path:line)`` when the call sits in an installed base class
    # Reported in the linted helper that applies the wrapper: where in the class the helper is called.
    path: str | None = None  # the helper's file (None: the class's own file)
    called_at: tuple[str, int, int] | None = None  # (path, line, column) of the call in the class


def leaf_bypasses(cls: ClassInfo, project: ProjectIndex) -> list[LeafBypass]:
    found = []
    for owned in cls.owned.values():
        if owned.is_tensor:
            continue
        torch_class = _reads_own_leaf(owned, project)
        if torch_class is not None and _stack_template_only(cls, owned, project):
            continue
        if torch_class is not None:
            bypass, site, source = Bypass.READS_OWN_LEAF, owned.site, torch_nn.READS_OWN_LEAF[torch_class]
        elif owned.wrapper in torch_nn.LEGACY_WEIGHT_WRAPPERS:
            bypass, site, torch_class = Bypass.LEGACY_WRAPPER, owned.wrapper_site, owned.wrapper
            source = torch_nn.LEGACY_WEIGHT_WRAPPERS[owned.wrapper]
        else:
            continue
        where = _reported_at(cls, owned, site, project)
        if where is None:
            continue
        helper = owned.wrapper_helper_site if bypass is Bypass.LEGACY_WRAPPER and not where[4] else None
        if helper is not None and site is not None:
            # One line to change for every layer the helper builds: reported there, the calls related.
            found.append(LeafBypass(owned, bypass, torch_class, source, helper.line, helper.column, helper.end_line,
                                    helper.end_column, path=helper.path, called_at=(site.path, site.line, site.column)))
        else:
            found.append(LeafBypass(owned, bypass, torch_class, source, *where))
    return found


@dataclass(frozen=True)
class WrappedLayers:
    """A legacy layer wrapper a class's ``__init__`` applies to every layer it holds at once, and where."""

    torch_class: str  # ``spectral_norm``
    source: str  # what its pre-hook recomputes the weight from (``weight_orig``)
    site: Site  # the wrapper call: the helper's when the helper is linted, else the call in ``__init__``
    called_at: Site  # the statement in ``__init__``
    helper: str  # ``apply_spectral_norm() (path:line)``; "" when ``__init__`` applies the wrapper itself


def every_layer_wrapped(cls: ClassInfo, project: ProjectIndex) -> list[WrappedLayers]:
    """The legacy ``weight_norm``/``spectral_norm`` the class's ``__init__`` applies to every layer it holds at once
    (``apply_spectral_norm(self)``, ``self.apply(add_sn)``, a loop over ``self.modules()``). Whether it holds layers
    is not asked: its children may come from a package that is not installed, or from a method ``__init__`` calls,
    and a class that wraps its layers is written to have some."""
    return [WrappedLayers(found.wrapper.rsplit(".", 1)[-1], torch_nn.LEGACY_WEIGHT_WRAPPERS[found.wrapper], found.site,
                          found.called_at, found.helper)
            for found in project.wrapped_modules(cls) if found.wrapper in torch_nn.LEGACY_WEIGHT_WRAPPERS]


def _stack_template_only(cls: ClassInfo, owned: Owned, project: ProjectIndex) -> bool:
    """Whether the child is only the template of a layer stack the class builds (``self.encoder_layer =
    nn.TransformerEncoderLayer(...)``, then ``nn.TransformerEncoder(self.encoder_layer, n)``, which deep-copies it):
    no method but ``__init__`` reads it, so the template never runs; the copies are the stack's, judged there."""
    stacks = [other for other in cls.owned.values() if other is not owned and not other.is_tensor
              and any(_torch_reader(stack, project) in torch_nn.LAYER_STACKS for stack in other.classes)
              and (not other.layers or set(other.layers) & set(owned.classes))]
    init = cls.methods.get("__init__")
    if not stacks or init is None or (owned.name,) not in init[1].passed_chains:
        return False  # no stack, or the child is not what ``__init__`` hands on
    return not any(chain[:1] == (owned.name,) for info in cls.mro if not info.external
                   for name, method in info.summary.methods.items() if name != "__init__"
                   for chain in (*method.self_chains, *method.called_chains, *method.passed_chains))


def _reads_own_leaf(owned: Owned, project: ProjectIndex) -> str | None:
    for qualified in owned.classes:
        found = _torch_reader(qualified, project)
        if found in torch_nn.LAYER_STACKS and owned.layers \
                and not any(_torch_reader(layer, project) in torch_nn.READS_OWN_LEAF for layer in owned.layers):
            # ``nn.TransformerDecoder(CustomLayer(...), n)`` copies a layer of the project's own: torch's
            # ``self_attn`` is not there; what the layer owns is judged where the layer builds it.
            continue
        if found is not None:
            return found
    return None


def _torch_reader(qualified: str, project: ProjectIndex) -> str | None:
    """The torch.nn class reading its own leaf's weight that ``qualified`` is or derives from."""
    names = {qualified}
    info = project.lookup_class(qualified) if not torch_nn.is_torch_nn(qualified) else None
    if info is not None:
        names |= set(info.base_names)
    for name in names:
        if torch_nn.is_torch_nn(name) and torch_nn.torch_class_name(name) in torch_nn.READS_OWN_LEAF:
            reader = torch_nn.torch_class_name(name)
            return None if info is not None and _torch_forward_replaced(info, reader, project) else reader
    return None


def _torch_forward_replaced(info: ClassInfo, reader: str, project: ProjectIndex) -> bool:
    """Whether a linted subclass of the torch class ``reader`` no longer reads its leaf as torch's does: an attention
    with a forward of its own (graphium's ``MultiheadAttentionMup.forward`` calls ``self.out_proj(attn)``), or a
    Transformer layer that rebinds ``self_attn`` to an attention that reads no leaf of its own. (A layer's own
    forward still calls its ``self_attn``: Demucs' ``MyTransformerEncoderLayer`` keeps torch's attention.)"""
    if reader == "MultiheadAttention":
        found = info.methods.get("forward")
        return found is not None and not found[0].external
    if reader not in ("TransformerEncoderLayer", "TransformerDecoderLayer"):
        return False
    rebound = [record for base in info.mro if not base.external for method in base.summary.methods.values()
               for record in method.assigns if record.name == "self_attn"]
    if not rebound or all(record.option for record in rebound):
        return False  # bound only under an option (Demucs' ``if sparse:``): torch's attention in the default build
    # Every class the layer may bind there must be read: an attention the index cannot read (Demucs' optional
    # xformers ``MultiheadAttention``) proves nothing, and torch's own is what the facts describe.
    attention = info.owned.get("self_attn")
    return attention is not None and bool(attention.classes) and all(
        project.lookup_project_class(attention_class) is not None and _torch_reader(attention_class, project) is None
        for attention_class in attention.classes)


def _reported_at(cls: ClassInfo, owned: Owned, site: Site | None,
                 project: ProjectIndex) -> tuple[int, int, int, int, str] | None:
    """(line, column, end line, end column, where it was inherited from) of the report.

    At the call in the class whose method holds it. A class inheriting the call from a linted
    base is not reported again (the base is); one inheriting it from an installed base is
    reported at its own ``class`` line, naming the base's call."""
    if site is None:
        return None
    if site.holder == cls.qualified:
        return site.line, site.column, site.end_line, site.end_column, ""
    holder = project.lookup_class(site.holder)
    if holder is None or not holder.external:
        return None
    for base in cls.mro[1:]:
        inherited = base.owned.get(owned.name)
        if not base.external and inherited is not None and site in (inherited.site, inherited.wrapper_site):
            return None  # a linted base in between reports it
    summary = cls.summary
    return (summary.line, summary.column + 1, summary.line, summary.column + 1 + len("class"),
            f"{holder.name} ({site.path}:{site.line})")


@dataclass(frozen=True)
class UnhookedWeights:
    """A module with weights and no ``forward()``: the levels at which no hook ever onloads
    them, and the methods that use them."""

    levels: tuple[str, ...]
    users: tuple[str, ...]
    # A child outside block scope: the way in from the module on top, outside that module's forward(),
    # that makes the weights stale at block level (None when its own missing forward() is why).
    outer: OuterCall | None = None


# ``self.mean.to(x.device)`` is the fix; metadata reads touch no values.
_NOT_A_USE = {("to",), ("shape",), ("dtype",), ("device",), ("size",), ("ndim",), ("numel",)}


def unhooked_weights(cls: ClassInfo, project: ProjectIndex, semantics: OffloadSemantics,
                     entry_points: EntryPoints) -> UnhookedWeights | None:
    if "forward" in cls.methods or cls.torch_base_kind != torch_nn.MODULE or not cls.has_weights:
        return None
    if any(summary.installed_forwards for info in cls.mro for summary in info.summary.methods.values()):
        return None  # ``self.forward = self.forward_quant`` (neural-compressor's patched modules): a forward it hooks
    if any(project.lookup_class(base) is None and not torch_nn.is_torch_nn(base) for base in cls.bases):
        return None  # an unreadable base may define forward()
    if entry_points.subclasses_with_forward(cls):
        return None  # a base that leaves forward() to its subclasses: their hooks onload these weights
    root_reads, other_uses = _weight_users(cls, semantics, entry_points)
    # Leaf level: root weights have no hook at all; block level: only a top-level model's
    # unmatched group hangs on the missing forward(); a child's weights ride on its parent's
    # groups (attention processors called via __call__).
    block = bool(root_reads or other_uses) and semantics.is_top_level(cls)
    # A child the index sees only in other modules' unmatched groups rides on their hooks, so block level
    # breaks its own weights only where a way in from such a module runs outside its forward() (its
    # children's calls are reported where they are made).
    # (Strategy.block_groups: block level; Strategy.layer_hooks: leaf level, whose hooks sit on layers only.)
    unmatched = set(BLOCK_GROUP_KEYS) & set(semantics.levels)
    outer = None if block or not unmatched else next(
        (outer for name in sorted(root_reads) for outer in entry_points.outer_calls(cls, name)
         if unmatched & set(semantics.module_weights_offloaded(outer.top, outer.receiver, outer.hooked,
                                                               hooked_under=outer.hooked_under))), None)
    levels = (BLOCK_GROUP_KEYS if block or outer is not None else ()) + (LAYER_HOOK_KEYS if root_reads else ())
    levels = tuple(level for level in levels if level in semantics.levels)
    if not levels:
        return None
    return UnhookedWeights(levels, tuple(sorted(root_reads | other_uses)), outer)


def _weight_users(cls: ClassInfo, semantics: OffloadSemantics, entry_points: EntryPoints) -> tuple[set[str], set[str]]:
    """Methods reading root parameters/buffers, and methods calling children or reading their weights."""
    root_reads: set[str] = set()
    other_uses: set[str] = set()
    for name, (_, method) in cls.methods.items():
        if method.is_static or not entry_points.context(cls, name).context.judged:
            continue
        for chain in method.self_chains:
            if chain in method.host_read_chains:
                continue  # copied to host memory: the values are right wherever the weight sits
            if chain in method.placed_chains:
                continue  # moved to the input's device at the use (OFL205's own fix), or only its device asked
            resolution = semantics.resolve(cls, chain)
            if resolution is None or resolution.rest[:1] in _NOT_A_USE:
                continue
            if resolution.target == TENSOR and not resolution.owner.path:
                if resolution.is_scalar:
                    continue  # a 0-dim tensor (torchgfn's ``beta`` buffer, ``logZ``) mixes with tensors on any device
                root_reads.add(name)
            elif resolution.target in (TENSOR, MODULE) and resolution.owner.path:
                other_uses.add(name)
    return root_reads, other_uses


def with_children(cls: ClassInfo, project: ProjectIndex, depth: int) -> list[ClassInfo]:
    """``cls`` and the module classes it builds, ``depth`` levels down."""
    found: dict[str, ClassInfo] = {cls.qualified: cls}
    frontier = [cls]
    for _ in range(depth):
        following: list[ClassInfo] = []
        for info in frontier:
            for owned in info.owned.values():
                for qualified in owned.classes:
                    child = project.lookup_class(qualified)
                    if child is not None and child.is_module and child.qualified not in found:
                        found[child.qualified] = child
                        following.append(child)
        frontier = following
    return list(found.values())


__all__ = ["AccessFact", "Bypass", "LeafBypass", "Placement", "Touch", "UnhookedWeights", "device_follows_first_parameter",
           "leaf_bypasses", "placement_of", "touch_of", "unhooked_weights", "with_children"]
