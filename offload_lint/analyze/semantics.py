"""The offload semantics, in one place: which hook onloads a weight, and when.

Everything here follows ``diffusers/hooks/group_offloading.py`` (see
``shared/docs/offload-semantics.md``):

block level, for a module M given to ``apply_group_offloading``:
  - each ModuleList/Sequential child is cut into blocks; a block's weights are onloaded
    only while that block's ``forward`` runs;
  - a child named in ``M._group_offload_block_modules`` is treated like M itself (its own
    unmatched group is hooked on *its* ``forward``);
  - everything else (M's own parameters/buffers, all other children) is one unmatched
    group hooked on ``M.forward``.
leaf level:
  - every Linear/Conv*/ConvTranspose*/Embedding (subclasses too) is its own group,
    onloaded only while its own ``forward`` runs;
  - any other parameter/buffer is grouped with the closest module owning it and onloaded
    only while *that* module's ``forward`` runs.

Rules never re-derive this: they resolve an access with :meth:`OffloadSemantics.resolve`
and ask :meth:`OffloadSemantics.offloaded` at which levels the touched weight is still on
the offload device at that moment.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field

from ..index import losses, torch_nn
from ..index.extract import MODEL_LOADS
from ..index.project import KNOWN_MODULE_BASES, MODULE_FACTORY_FUNCTIONS, ClassInfo, Owned, ProjectIndex, is_test_module
from ..index.summary import INDEX, Chain, FileSummary, MethodSummary
from ..tree import ProjectTree, project_tree
from . import receivers
from .base_code import runs_base_code_using
from .config_branches import ATTRIBUTE_STORE_READ, ConfigBranches
from .reachability import DYNAMIC_IMPORTS, ApplicationReach, module_names
from .setup_callers import LOADING_CALLS, only_delegated
from ..strategies import (
    BY_KEY,
    DEFAULT_KEYS,
    names_offloading,
    Declarations,
    Grouping,
    Strategy,
    Trigger,
)

TENSOR = "tensor"
# ``next(self.parameters())``: whichever weight was registered first.
FIRST_PARAMETER = "next(self.parameters())"
MODULE = "module"
METHOD = "method"


def _outermost_definition(cls: ClassInfo) -> str:
    """The top-level definition a class is (itself, or the class it is nested in)."""
    return cls.summary.qualname.split(".")[0]


def _names_module(dotted: str, file: FileSummary) -> bool:
    """Whether an import's ``dotted`` module is ``file``: by the index's module name, or by the file's path ending in
    it (``from lvdm.modules.networks.ae_modules import Encoder`` where no ``__init__.py`` makes ``lvdm`` a package,
    so the index names the file ``ae_modules``)."""
    if not dotted:
        return False
    if dotted == file.module:
        return True
    tail = "/" + dotted.replace(".", "/")
    path = file.path.replace("\\", "/")
    return path.endswith(tail + ".py") or path.endswith(tail + "/__init__.py")


# Beyond this many files using a method name, the uses are not read for delegation (a common name: judged as used).
_MAX_DELEGATING_FILES = 6

# ``nn.Module`` as a class's own base: its forward raises, nothing inherited runs a hook.
_PLAIN_MODULE_BASES = frozenset({"torch.nn.Module", "torch.nn.modules.module.Module"})
# Class factories that load a model (``MethodSummary.local_builds`` spells such a local ``Class.from_pretrained``).
_MODEL_LOADS = tuple(sorted("." + load for load in MODEL_LOADS))


# Attributes a tensor (or most values read with ``.device``) has: no sign that a name is one model class.
_TENSOR_ATTRIBUTES = frozenset({
    "shape", "dtype", "device", "size", "dim", "ndim", "numel", "view", "reshape", "permute", "transpose", "contiguous",
    "unsqueeze", "squeeze", "expand", "repeat", "detach", "clone", "item", "tolist", "numpy", "cpu", "cuda", "to",
    "float", "half", "long", "int", "bool", "type", "data", "grad", "requires_grad", "T", "mean", "sum", "std", "max",
    "min", "norm", "abs", "exp", "log", "sqrt", "pow", "split", "chunk", "flatten", "new_zeros", "new_ones",
    "new_tensor", "new_empty", "fill_", "zero_", "copy_", "add_", "mul_", "sub_", "div_", "index_select", "gather",
    "masked_fill", "argmax", "softmax", "matmul", "mm", "bmm", "is_cuda", "get_device", "element_size", "nbytes",
    "__class__", "__dict__", "name", "index", "config", "weight", "bias", "parameters", "state_dict", "eval", "train",
    "forward", "update", "get", "keys", "values", "items", "append", "extend", "copy"})


@dataclass(frozen=True)
class Node:
    """One module on an access path: its attribute path from ``self`` and what we know of it."""

    path: Chain  # () is ``self``
    kind: str  # a torch_nn kind, or "self"
    classes: tuple[str, ...] = ()
    info: ClassInfo | None = None
    given: bool = False  # a module handed to ``__init__`` (peft's ``base_layer``)
    absent: tuple[str, ...] = ()  # layer parameters its construction turned off (``bias=False``)
    unread_factory: bool = False  # built by an unreadable package's function, used as a module (Owned.unread_factory)
    # A container's elements are bare ``nn.Module()`` namespaces (Owned.namespace_elements); for an element: it is one.
    namespaces: bool = False


def torch_layer(node: Node) -> str | None:
    """The ``torch.nn`` class whose own parameters the module at ``node`` has: the class itself, or the layer a
    project class derives from (a ``Linear`` subclass has ``weight`` and ``bias`` without binding them)."""
    named = next((c for c in node.classes if torch_nn.is_torch_nn(c)), None)
    if named is not None:
        return named
    return node.info.torch_layer_base if node.info is not None else None


@dataclass(frozen=True)
class Resolution:
    """What a ``self.<chain>`` denotes, as far as the index can tell.

    ``target`` is TENSOR (a parameter/buffer), MODULE or METHOD; ``owner`` is the module
    owning the tensor (or the module itself); ``rest`` are the steps after the target
    (``.shape``, ``.to``, ``.T`` ...); ``nodes`` are the modules walked through.
    """

    target: str
    name: str
    owner: Node
    nodes: tuple[Node, ...]
    consumed: Chain
    rest: Chain

    @property
    def dotted(self) -> str:
        """``proj.weight``, ``transformer_blocks[0].norm1`` as a user wrote it (index shown as [i])."""
        text = ""
        for step in self.consumed:
            text += "[i]" if step == INDEX else (f".{step}" if text else step)
        return text

    @property
    def owner_is_leaf(self) -> bool:
        return self.owner.kind == torch_nn.LEAF

    @property
    def is_scalar(self) -> bool:
        """A 0-dim parameter/buffer: torch combines a 0-dim CPU tensor with tensors on any device,
        so using one outside its hook mixes no devices (its ``.device`` still misleads)."""
        if self.target != TENSOR:
            return False
        if self.owner.kind == torch_nn.TENSOR_CONTAINER and self.owner.path:
            # ``self.b[i]`` of a ParameterList its holder's ``__init__`` fills with 0-dim tensors only.
            holder = next((node for node in self.nodes if node.path == self.owner.path[:-1]), None)
            return holder is not None and holder.info is not None and any(
                self.owner.path[-1] in info.summary.scalar_containers for info in holder.info.mro if not info.external)
        if self.owner.info is None:
            return False
        owned = self.owner.info.owned.get(self.name)
        return owned is not None and owned.is_scalar


@dataclass(frozen=True)
class Offload:
    """At which levels the weight is offloaded at the moment of access, and which hook would onload it."""

    levels: tuple[str, ...]
    hook_by_level: dict[str, str] = field(default_factory=dict, hash=False, compare=False)
    # The path of the module whose hook would onload the weights (``()``: the top group).
    owner_by_level: dict[str, Chain] = field(default_factory=dict, hash=False, compare=False)

    def __bool__(self) -> bool:
        return bool(self.levels)


# What users call on a model they hold even where nothing in the tree does (a pipeline's ``__call__``, a sampler's
# ``sample``): methods so named, or starting so (``decode_first_stage``, ``sample_ddim``), are never taken for code
# nothing runs (:meth:`EntryPoints.never_run`), and make a Lightning module a model users run
# (:meth:`OffloadSemantics.training_task`).
USER_VERBS = ("encode", "decode", "generate", "sample", "embed", "tiled_", "__call__")

# How many calls deep ``OffloadSemantics.touches_weights`` reads before it counts a method as touching weights.
_TOUCH_DEPTH = 6

# Module API that does not touch weights' values (or is the fix itself).
HARMLESS_MODULE_METHODS = {
    "parameters", "named_parameters", "buffers", "named_buffers", "children", "named_children",
    "modules", "named_modules", "state_dict", "load_state_dict", "apply", "train", "eval",
    "requires_grad_", "zero_grad", "register_forward_hook", "register_forward_pre_hook",
    "register_buffer", "register_parameter", "add_module", "get_submodule", "to", "cpu", "cuda",
    "half", "float", "bfloat16", "type", "extra_repr", "set_processor", "set_attn_processor",
    "get_processor", "enable_gradient_checkpointing", "disable_gradient_checkpointing",
    "register_to_config", "save_pretrained", "__len__", "__iter__", "keys", "values", "items",
}


# Methods that return one of the module's submodules; an access chain keeps them as a step
# ``get_input_embeddings()`` (see access.py), resolved to the layer they return.
SUBMODULE_GETTERS: dict[str, tuple[str, tuple[str, ...]]] = torch_nn.SUBMODULE_GETTERS
# Properties that return one of the module's submodules, where the class does not own a child
# of that name itself: transformers' ``PreTrainedModel.base_model`` (the model under its head).
SUBMODULE_PROPERTIES: dict[str, tuple[str, tuple[str, ...]]] = {
    "base_model": (torch_nn.MODULE, ()),
}
# Pipeline attributes that hold a model under diffusers' naming conventions, for components
# whose class no annotation or assignment names (``text_encoder_2``, ``image_normalizer``).
_COMPONENT_NAME = re.compile(
    r"^(text_encoder|image_encoder|unet|transformer|vae|prior|controlnet|image_normalizer|text_proj|"
    r"movq|decoder|super_res_first|super_res_last|safety_checker|feature_extractor_model|vocoder|"
    r"audio_encoder|condition_encoder|connectors|language_model|text_decoder|adapter|image_noising_model)"
    r"(_\d+)?$"
)


# Component annotations that name no model, recognised without reading the class.
_NOT_A_MODEL = re.compile(r"(Tokenizer|TokenizerFast|Scheduler|Schedulers|Processor|FeatureExtractor)$")
# Annotations that name data or settings, not a model: torch's datasets, loaders and samplers are no modules.
_DATA_ANNOTATION = re.compile(r"(Dataset|DataLoader|Sampler|Config)$")


@dataclass(frozen=True)
class ComponentAccess:
    """``self.<component>.<rest>`` in a class that holds models it does not own (a pipeline).

    ``classes`` are the component's qualified classes (empty when only its name says it is
    a model); ``info`` the first one the index can read; ``resolution`` the rest of the chain
    resolved with the component on top (None when the class is unknown or the step is not
    a module attribute, e.g. ``.config``).
    """

    name: str
    classes: tuple[str, ...]
    info: ClassInfo | None
    resolution: Resolution | None
    chain: Chain  # the steps after the component


def _unknown_element(node: Node) -> bool:
    """An element of a container whose class the index cannot name (``self.down_blocks.append(level)`` with ``level =
    nn.ModuleList()`` built in a loop), itself indexed or iterated (``for block in level``): a container too."""
    return node.path[-1:] == (INDEX,) and node.kind == torch_nn.MODULE and not node.classes and node.info is None


class OffloadSemantics:
    def __init__(self, project: ProjectIndex, levels: tuple[str, ...] = DEFAULT_KEYS,
                 declarations: Declarations = Declarations(), tree: ProjectTree | None = None) -> None:
        self.project = project
        self._summary_list: list[FileSummary] | None = None
        # What runs the tree's code, and the words of its configs, notebooks and docs (from the linted files' own
        # folder when the caller did not say).
        self.tree = tree if tree is not None else project_tree([summary.path for summary in self._summaries()])
        self.levels = levels  # the strategies the user asked about, by key
        # Those of them that shard a model for training, when the run names others too (see ``root_strategies``).
        training = tuple(key for key in levels if BY_KEY[key].shards_for_training)
        self._mixed_training_levels = training if training and len(training) < len(levels) else ()
        self.declarations = declarations
        self._roles: dict[str, set[str]] | None = None
        self._component_names: frozenset[str] | None = None
        self._children_held: frozenset[str] | None = None
        self._owners: dict[str, list[ClassInfo]] | None = None
        self._block_holders: dict[str, list[ClassInfo]] | None = None  # class -> modules holding it in a container
        self._components: dict[tuple[str, str], tuple[str, ...] | None] = {}
        self._transient: dict[str, list[tuple[str, str]]] | None = None
        self._option_built: dict[str, list[tuple[str, tuple[str, ...]]]] | None = None
        self._held_bases: frozenset[str] | None = None
        self._moved_calls: dict[str, int] | None = None
        self._unplugged: dict[str, str | None] = {}
        self._method_definers: dict[str, frozenset[bool]] | None = None
        self._importers: dict[str, set[str]] | None = None  # import target -> the files importing it
        self._loaded_names: frozenset[str] | None = None
        self._named_outside_classes: frozenset[str] | None = None
        self._words: frozenset[str] | None = None
        self._readers: dict[str, list[ClassInfo]] | None = None
        self._device_chains: list[tuple[ClassInfo, Chain]] | None = None
        self._other_receivers: dict[tuple[str, str], bool] = {}
        self._receiver_uses: dict[str, receivers.FileUses | None] = {}
        self._child_only: dict[str, str | None] = {}
        self._only_as_block: dict[str, bool] = {}
        self._moved_copies: dict[tuple[str, str, int], bool] = {}
        self._touches: dict[tuple[str, str, int], bool] = {}
        self._dropped: dict[str, str | None] = {}
        self._switches: frozenset[str] | None = None
        self._switch_calls: dict[str, list[tuple[str, str, int]]] | None = None
        self._keepers: tuple[dict[str, set[str]], frozenset[str]] | None = None
        self._application_reach: ApplicationReach | None = None
        self._delegated: dict[str, bool] = {}
        # Every name asked about in the files' tree-wide name facts (calls, mentions, words, loaded names): the
        # incremental analysis re-analyses the classes of such a name when an edit elsewhere changes its facts.
        self.name_reads: set[str] = set()
        self._config_branches: ConfigBranches | None = None
        self._training_only: dict[str, str | None] = {}

    # --- components of pipelines ----------------------------------------------------------
    def component(self, cls: ClassInfo, name: str) -> tuple[str, ...] | None:
        """The qualified classes of the model a non-module class holds as ``self.<name>``
        (``()`` when only its name says it is a model), or None when it is not a component.

        Known from an ``__init__`` annotation naming a module class (``register_modules(x=x)``
        keeps the name), a ``self.x = Model(...)`` assignment, or, when neither names a class,
        diffusers' component names (``text_encoder_2``, ``image_normalizer``). Registered
        tokenizers, schedulers and processors are not models. Resolved per name, lazily: an
        annotation may send the index into an installed package.
        """
        key = (cls.qualified, name)
        if key not in self._components:
            self._components[key] = self._component(cls, name)
        return self._components[key]

    def _component(self, cls: ClassInfo, name: str) -> tuple[str, ...] | None:
        if cls.is_module or cls.name.endswith("Mixin"):  # a mixin's ``self.x`` are its module's children
            return None
        if self._other_framework(cls):
            return None  # a Keras layer wrapping another (aimet's QcQuantizeWrapper): no torch model in it
        if "forward" in cls.methods:
            # A pipeline is run through ``__call__`` and defines no forward(). A class the index does not
            # take for a module but that defines one is a module whose base it cannot read (mmseg's
            # BaseDecodeHead; ``Base = Qwen2_5_VL... if deps else nn.Module``), or a plain wrapper whose
            # forward becomes a module's (peft's XLoraLayer: ``target.forward = layer.forward``): what it
            # holds are that module's children, or the module it runs as, onloaded by the hook around
            # that forward, not components offloaded on their own.
            return None
        owned = cls.owned.get(name)
        if owned is not None and _built_and_handed_out(cls, owned):
            # DeepSpeed's injection containers: ``create_module()`` builds ``self.module`` and returns it, then
            # the container copies checkpoint weights into it. A builder of the module, not a pipeline driving a
            # component offloaded on its own: what it does to the module is setup.
            return None
        if owned is not None and owned.kind and owned.kind not in (torch_nn.WEIGHTLESS, torch_nn.TENSOR_CONTAINER) \
                and not owned.is_tensor and not owned.given:  # handed-in modules: by annotation, as before
            return owned.classes
        for info in cls.mro:
            annotation = info.summary.init_annotations.get(name)
            if annotation and _NOT_A_MODEL.search(annotation):
                return None  # tokenizers, schedulers, processors: no need to read their source
            if annotation:
                qualified = self.project.qualify(info.file, annotation)
                found = self.project.lookup_class(qualified)
                # ``text_encoder: PreTrainedModel`` names no weights itself but stands for any model.
                generic = qualified in KNOWN_MODULE_BASES or (found is not None and found.qualified in KNOWN_MODULE_BASES)
                if not generic and self.project.kind_of_class(qualified) in (None, torch_nn.WEIGHTLESS):
                    if found is None and _COMPONENT_NAME.match(name):
                        # A class no source can be read for (``from cosmos_guardrail import
                        # CosmosSafetyChecker`` behind an availability check): as unknown as no
                        # annotation, so the component's name decides, as it does without one.
                        return ()
                    return None
                alternatives = []
                for other in info.summary.init_alternatives.get(name, ()):
                    other_found = self.project.lookup_class(self.project.qualify(info.file, other))
                    if other_found is not None and other_found.is_module:
                        alternatives.append(other_found.qualified)
                return tuple(dict.fromkeys([found.qualified if found is not None else qualified] + alternatives))
        if owned is not None and owned.given and not owned.typed_by and owned.classes and not owned.is_tensor \
                and owned.kind not in (None, torch_nn.WEIGHTLESS, torch_nn.TENSOR_CONTAINER):
            # ``self.model = sam_model`` with ``sam_model: Sam`` (segment-anything's SamPredictor): the attribute is
            # named apart from the annotated parameter it was handed. (One typed only by what the tree hands it, an
            # RL trainer's ``policy``, is no component by that alone.)
            return owned.classes
        return () if _COMPONENT_NAME.match(name) else None

    def resolve_component(self, cls: ClassInfo, chain: Chain) -> ComponentAccess | None:
        """Resolve ``self.<chain>`` of a non-module class through the component it starts with."""
        if len(chain) < 2 or cls.is_module:
            return None
        classes = self.component(cls, chain[0])
        if classes is None:
            return None
        infos = [found for c in classes if (found := self.project.lookup_class(c)) is not None]
        # A union annotation: the first class in which the chain means something.
        for info in infos:
            resolution = self.resolve(info, chain[1:]) if info.is_module else None
            if resolution is not None:
                return ComponentAccess(chain[0], classes, info, resolution, chain[1:])
        return ComponentAccess(chain[0], classes, infos[0] if infos else None, None, chain[1:])

    # --- what an access denotes --------------------------------------------------------
    def resolve(self, cls: ClassInfo, chain: Chain) -> Resolution | None:
        current = Node((), "self", (cls.qualified,), cls)
        if chain[:1] == (FIRST_PARAMETER,):
            if owns_parameter(cls):  # ``parameters()`` yields the module's own parameters first
                return Resolution(TENSOR, FIRST_PARAMETER, current, (current,), chain[:1], chain[1:])
            first = Node((FIRST_PARAMETER,), torch_nn.MODULE)
            return Resolution(TENSOR, FIRST_PARAMETER, first, (current, first), chain[:1], chain[1:])
        nodes = [current]
        for position, step in enumerate(chain):
            consumed, rest = chain[: position + 1], chain[position + 1 :]
            if step == FIRST_PARAMETER:
                # ``next(self.net.parameters())``: the child's first weight, its own if it has one.
                if current.info is not None and owns_parameter(current.info):
                    return Resolution(TENSOR, FIRST_PARAMETER, current, tuple(nodes), consumed, rest)
                first = Node(current.path + (FIRST_PARAMETER,), torch_nn.MODULE)
                return Resolution(TENSOR, FIRST_PARAMETER, first, tuple(nodes) + (first,), consumed, rest)
            if step in SUBMODULE_GETTERS:
                kind, classes = SUBMODULE_GETTERS[step]
                current = Node(current.path + (step,), kind, classes, None)
                nodes.append(current)
                continue
            if step == INDEX:
                if current.kind == torch_nn.TENSOR_CONTAINER and position > 0:
                    # ``self.lora_embedding_A[name]``: a tensor the forward-less container owns.
                    return Resolution(TENSOR, INDEX, current, tuple(nodes), consumed, rest)
                if current.kind not in (torch_nn.CONTAINER, torch_nn.MODULE_DICT) and not _unknown_element(current):
                    return None
                current = self._element(current)
                nodes.append(current)
                continue
            owned = current.info.owned.get(step) if current.info else None
            if owned is None and rest[:1] == (FIRST_PARAMETER,) and self._binds(current.info, step):
                # ``next(self.net.parameters())`` with ``self.net = net`` handed in untyped: whatever class it is,
                # ``parameters()`` makes it a module, and its first weight is offloaded with it. (Not marked
                # ``given``: that exemption is for typed layers whose own weights a no-input method combines.)
                current = Node(current.path + (step,), torch_nn.MODULE, (), None)
                nodes.append(current)
                continue
            if owned is not None and owned.is_tensor:
                return Resolution(TENSOR, step, current, tuple(nodes), consumed, rest)
            if owned is not None and owned.kind:
                current = self._child(current, step, owned)
                nodes.append(current)
                continue
            if step in SUBMODULE_PROPERTIES and current.kind != torch_nn.WEIGHTLESS and self._is_model(current):
                kind, classes = SUBMODULE_PROPERTIES[step]
                current = Node(current.path + (step,), kind, classes, None)
                nodes.append(current)
                continue
            if position == 0 and step.endswith("(self)") and step != "(self)":
                # ``get_device_dtype(self)`` (timm): a helper reading ``next(module.parameters())``, i.e. the
                # device (and dtype) of the module's first parameter.
                if not self.project.reads_first_parameter(cls.file, step[: -len("(self)")]):
                    return None
                return self.resolve(cls, (FIRST_PARAMETER, "device") + rest)
            accessor = self._accessor_chain(current, step)
            if accessor and position == 0 and accessor[:1] != chain[:1]:
                # ``base_layer = self.get_base_layer()`` (peft), a property returning ``self.base_layer``:
                # the child module it returns (a returned tensor is followed by the value flow instead).
                returned = self.resolve(cls, accessor)
                if returned is not None and returned.target == MODULE and not returned.rest:
                    return self.resolve(cls, accessor + rest)
            if current.info is not None and (step in current.info.methods or self._module_device(current.info, step)):
                return Resolution(METHOD, step, current, tuple(nodes), consumed, rest)
            torch_class = torch_layer(current)
            if torch_class and step in current.absent:
                return None  # ``nn.Conv1d(..., bias=False)``: ``conv.bias`` is None, no weight
            if torch_class and torch_nn.is_torch_parameter(torch_class, step) and current.kind != torch_nn.WEIGHTLESS:
                return Resolution(TENSOR, step, current, tuple(nodes), consumed, rest)
            if step in HARMLESS_MODULE_METHODS or step == "forward":
                return Resolution(METHOD, step, current, tuple(nodes), consumed, rest)
            if rest[:1] == (INDEX,) and _unknown_element(current) and step.isidentifier():
                # ``self.down[i].block[j](h)`` (latent-diffusion's Encoder: each level a bare ``nn.Module()`` holding
                # ModuleLists): an attribute of an unnamed element that is indexed is a container of modules (a
                # method is called, not indexed).
                current = Node(current.path + (step,), torch_nn.CONTAINER, (), None)
                nodes.append(current)
                continue
            if current.namespaces and current.path[-1:] == (INDEX,) and step.isidentifier() \
                    and step not in torch_nn.MODULE_ATTRIBUTES:
                # ``self.down[i].downsample(h)``: a bare ``nn.Module()`` has no methods of its own, so what is read
                # off it is a layer it was given.
                current = Node(current.path + (step,), torch_nn.MODULE)
                nodes.append(current)
                continue
            if not rest and position > 0 and self.unknown_model(current) and step not in MODEL_API_NAMES:
                # ``self.vlm.get_image_features`` of ``AutoModel.from_config(...)``: a model's own method.
                return Resolution(METHOD, step, current, tuple(nodes), consumed, rest)
            if position == 0:
                return None  # ``self.<unknown>``: a plain attribute, a config value...
            return Resolution(MODULE, "", current, tuple(nodes), chain[:position], chain[position:])
        return Resolution(MODULE, "", current, tuple(nodes), chain, ())

    @staticmethod
    def _accessor_chain(node: Node, step: str) -> Chain:
        """The ``self`` chain returned by the accessor ``step`` (``get_base_layer()`` as an access step,
        or a property) of the class at ``node``; () when it is none."""
        if node.info is None:
            return ()
        called = step.endswith("()")
        defining = node.info.methods.get(step[:-2] if called else step)
        if defining is None or called == defining[1].is_property:
            return ()
        return defining[1].returns_chain

    @staticmethod
    def unknown_model(node: Node) -> bool:
        """A child built by a model factory whose class nothing names (``AutoModel.from_config(...)``,
        ``AutoModelForCausalLM.from_pretrained(...)``, ``timm.create_model(...)``: index.project's
        ``MODULE_FACTORY_FUNCTIONS``): some model, whose methods are its own."""
        return node.info is None and bool(node.path) and node.kind == torch_nn.MODULE and (node.unread_factory or any(
            qualified.rsplit(".", 1)[-1].startswith("Auto") or qualified in MODULE_FACTORY_FUNCTIONS
            for qualified in node.classes))

    @staticmethod
    def _is_model(node: Node) -> bool:
        """A loaded model (diffusers' ModelMixin, transformers' PreTrainedModel), or a child whose
        class says nothing of its structure: unreadable, or a factory that is no module itself
        (``AutoModelForCausalLM.from_config(...)``)."""
        if node.info is None or not node.info.is_module:
            return bool(node.path) and node.kind == torch_nn.MODULE
        return node.info.loaded_from_config

    @staticmethod
    def _module_device(info: ClassInfo, step: str) -> bool:
        """``.device`` of a model whose base we know without its source (transformers' PreTrainedModel)."""
        return step == "device" and info.loaded_from_config

    def _child(self, parent: Node, name: str, owned: Owned) -> Node:
        info = None
        if owned.kind not in (torch_nn.CONTAINER, torch_nn.MODULE_DICT):
            info = next((self.project.lookup_class(c) for c in owned.classes if self.project.lookup_class(c)), None)
        return Node(parent.path + (name,), owned.kind or torch_nn.MODULE, owned.classes, info, owned.given,
                    owned.absent, bool(owned.unread_factory), owned.namespace_elements)

    def _element(self, container: Node) -> Node:
        for qualified in container.classes:
            kind = self.project.kind_of_class(qualified)
            if kind is None:
                continue
            return Node(container.path + (INDEX,), kind, (qualified,), self.project.lookup_class(qualified))
        return Node(container.path + (INDEX,), torch_nn.MODULE, namespaces=container.namespaces)

    # --- when it is onloaded -------------------------------------------------------------
    def block_hook_owner(self, cls: ClassInfo, module_path: Chain) -> tuple[Chain, bool]:
        """(path of the module whose ``forward`` onloads this module's weights, whether the
        module at ``module_path`` has that hook itself) at block level with ``cls`` on top."""
        if module_path and self.held_only_as_block(cls):
            return (), False  # one group: block level splits the model holding it, not the block itself
        top, prefix, position = cls, (), 0
        while position < len(module_path):
            name = module_path[position]
            owned = top.owned.get(name) if top else None
            if owned is not None and owned.kind == torch_nn.CONTAINER:
                if top is not None and name in top.block_modules and module_path[position + 1:position + 3] == (INDEX, INDEX):
                    # A container named in ``_group_offload_block_modules``: block level recurses into it, and each of
                    # its elements that is a ModuleList/Sequential has its own elements hooked as blocks.
                    return prefix + (name, INDEX, INDEX), len(module_path) == position + 3
                if position + 1 < len(module_path) and module_path[position + 1] == INDEX:
                    block = prefix + (name, INDEX)
                    return block, len(module_path) == position + 2
                # The container itself: calling a Sequential runs every block through its own hook.
                return prefix + (name,), position + 1 == len(module_path)
            if top is not None and name in top.block_modules and owned is not None:
                child = next((self.project.lookup_class(c) for c in owned.classes), None)
                top, prefix = child, prefix + (name,)
                position += 1
                continue
            if top is not None and owned is not None and any(name in info.summary.listed_children for info in top.mro):
                # Also an element of a ModuleList/Sequential of ``top``: block level hooks it as a block of its own.
                return prefix + (name,), position + 1 == len(module_path)
            return prefix, False
        return prefix, bool(prefix)  # a declared block module hooks its own forward

    def offloaded(
        self, cls: ClassInfo, resolution: Resolution, hooked: bool, calls_module: bool = False,
        hooked_under: frozenset[str] = frozenset(),
    ) -> Offload:
        """Strategies (by key) under which the weights touched by ``resolution`` are offloaded right now.

        ``hooked``: the access runs inside ``cls.forward`` (so ``cls``'s own hook fired);
        ``hooked_under``: strategies under which the method is hooked by a declaration
        (``@apply_forward_hook``, ``register_fsdp_forward_method``).
        ``calls_module``: the access calls the module (its own hooks fire, if it has any).
        """
        if calls_module and resolution.owner.kind == torch_nn.WEIGHTLESS:
            return Offload(())  # an activation or dropout: nothing to onload
        levels: list[str] = []
        hooks: dict[str, str] = {}
        owners: dict[str, Chain] = {}
        for key in self.root_strategies(cls):
            strategy = BY_KEY[key]
            owner = self._stale_owner(cls, resolution, strategy, hooked or key in hooked_under, calls_module)
            if owner is not None:
                levels.append(key)
                hooks[key] = self.describe_hook(cls, owner)
                owners[key] = owner
        return Offload(tuple(levels), hooks, owners)

    def offloaded_from_outside(self, top: ClassInfo, receiver: Chain, resolution: Resolution, hooked: bool,
                               calls_module: bool = False, hooked_under: frozenset[str] = frozenset()) -> Offload:
        """Block level for an access of a class outside block scope (a child in other modules' unmatched
        groups), made in a method that ``top`` reaches through ``self.<receiver>``: the access judged as
        ``self.<receiver>.<chain>`` in ``top`` (``hooked``: the way in runs inside ``top``'s forward).
        Every weight of such a child rides in ``top``'s groups, so ``top``'s hooks decide."""
        keys = tuple(key for key in self.levels if BY_KEY[key].grouping is Grouping.BLOCKS)
        chain = resolution.consumed + resolution.rest
        if not keys or not self.block_scope(top) or chain[:1] == (FIRST_PARAMETER,):
            return Offload(())
        composed = self.resolve(top, receiver + chain)
        if composed is None or composed.target != resolution.target:
            return Offload(())
        levels: list[str] = []
        hooks: dict[str, str] = {}
        for key in keys:
            owner = self._stale_owner(top, composed, BY_KEY[key], hooked or key in hooked_under, calls_module)
            if owner is not None:
                levels.append(key)
                hooks[key] = self.describe_hook(top, owner)
        return Offload(tuple(levels), hooks)

    def _stale_owner(self, cls: ClassInfo, resolution: Resolution, strategy: Strategy, hooked: bool,
                     calls_module: bool) -> Chain | None:
        """The path of the module whose hook would onload the touched weights under ``strategy``,
        or None when they are onloaded at this moment (or the strategy does not offload them)."""
        module_path = resolution.owner.path
        if resolution.target == TENSOR and not strategy.buffers_offloaded and self._is_buffer(resolution):
            return None
        # An explicit ``.forward()`` fires hooks on the forward attribute, not those on ``__call__``.
        explicit_forward = resolution.target == METHOD and resolution.name == "forward"
        called = calls_module and not (explicit_forward and strategy.trigger is Trigger.CALL)
        grouping = strategy.grouping
        if grouping in (Grouping.BLOCKS, Grouping.COMPONENT, Grouping.UNITS) and not self.block_scope(cls, grouping):
            return None
        if grouping is Grouping.BLOCKS:
            owner, own_hook = self.block_hook_owner(cls, module_path)
            return None if (called and own_hook) or (hooked and owner == ()) else owner
        if grouping is Grouping.COMPONENT:
            return None if hooked else ()
        if grouping is Grouping.UNITS:
            owner, own_hook = self._unit_owner(cls, resolution)
            return None if (called and own_hook) or (hooked and owner == ()) else owner
        if strategy.root_forward_gathers and hooked:
            return None  # inside the root's forward: gathered on access, even by an explicit forward()
        if explicit_forward and not called and not self._owns_tensors(resolution.owner):
            return None  # a forward() with no weights of its own to skip: its children's calls fire their hooks
        subtree = self._preloaded_owner(cls, resolution, strategy)
        if subtree is None and strategy.leaf_layers_hold_subtree:
            subtree = self._leaf_layer_owner(cls, resolution)
        if subtree is not None:
            if hooked and subtree == ():
                return None
            return None if called and module_path == subtree else subtree
        return None if called or (hooked and module_path == ()) else module_path

    @staticmethod
    def _binds(info: ClassInfo | None, name: str) -> bool:
        """Whether the class (or a base) binds ``self.<name>`` itself."""
        return info is not None and any(name in base.summary.bound_attributes for base in info.mro)

    @staticmethod
    def owns_tensors(node: Node) -> bool:
        """Whether the module has parameters or buffers of its own (leaf level hooks it for them)."""
        return OffloadSemantics._owns_tensors(node)

    @staticmethod
    def _owns_tensors(node: Node) -> bool:
        """Whether the module has parameters or buffers of its own (not only in its children)."""
        if node.kind == torch_nn.LEAF:
            return True
        torch_class = torch_layer(node)
        if torch_class is not None:
            return torch_nn.owns_parameters(torch_class)
        return node.info is not None and any(owned.is_tensor for owned in node.info.owned.values())

    def _is_buffer(self, resolution: Resolution) -> bool:
        owner = resolution.owner.info
        if owner is None:  # a torch layer: its running statistics (``self.bn.running_mean``)
            return any(torch_nn.is_torch_buffer(qualified, resolution.name) for qualified in resolution.owner.classes)
        owned = owner.owned.get(resolution.name)
        return owned is not None and owned.is_buffer

    def _unit_owner(self, cls: ClassInfo, resolution: Resolution) -> tuple[Chain, bool]:
        """FSDP2: (path of the innermost unit holding the touched weights, whether the touched module
        is that unit); the root (``()``) owns what no unit holds."""
        units = self.units_of(cls)
        owner: Chain = ()
        for node in resolution.nodes[1:]:
            if _class_names(node) & units:
                owner = node.path
        return owner, bool(owner) and owner == resolution.owner.path

    def units_of(self, cls: ClassInfo) -> frozenset[str]:
        """The classes ``fully_shard`` is applied to under ``cls``: as declared, or as accelerate
        does by default, the model's ``_no_split_modules``."""
        if self.declarations.fsdp_units:
            return self.declarations.fsdp_units
        return frozenset(cls.declared("_no_split_modules") or ())

    def _preloaded_owner(self, cls: ClassInfo, resolution: Resolution, strategy: Strategy) -> Chain | None:
        """Where the strategy honours a subtree declaration (``Strategy.subtree_declaration``: accelerate's
        ``preload_module_classes``, ZeRO-3's leaf modules), the path of the outermost module on the way whose
        class brings its whole subtree; None when there is none."""
        classes = self._declared(strategy.subtree_declaration)
        if not classes:
            return None
        for node in resolution.nodes:
            if _class_names(node) & classes:
                return node.path
        return None

    @staticmethod
    def _leaf_layer_owner(cls: ClassInfo, resolution: Resolution) -> Chain | None:
        """At diffusers' leaf level, the path of the outermost Linear/Conv*/Embedding (subclasses too) on
        the way to a tensor below it (a child of a Linear subclass): that layer's group holds its whole
        subtree. None when the tensor is no leaf layer's descendant (its owner is then its own group)."""
        for node in resolution.nodes:
            is_leaf = cls.torch_base_kind == torch_nn.LEAF if node.path == () else node.kind == torch_nn.LEAF
            if is_leaf and node.path != resolution.owner.path:
                return node.path
            if is_leaf:
                return None
        return None

    def hooked_under(self, cls: ClassInfo, method: MethodSummary, via: tuple[str, ...] = (),
                     entry_root: bool = False) -> frozenset[str]:
        """Strategies under which a declaration hooks the method: a decorator running the model's
        hook (``@apply_forward_hook``), a method registered with ``register_fsdp_forward_method``;
        also when every way in is so hooked: each entry point in ``via`` that reaches it, and the
        method itself when it is an entry point of its own (``entry_root``: a public
        ``tiled_decode`` that a decorated ``decode`` also calls is still called alone)."""
        own = self.declared_hooks(cls, method.name)
        if not via:
            return own
        ways = [self.declared_hooks(cls, name) for name in via] + ([own] if entry_root else [])
        return own | frozenset.intersection(*ways)

    def declared_hooks(self, cls: ClassInfo, name: str) -> frozenset[str]:
        """Strategies whose hook a declaration runs around ``cls.<name>``."""
        found = cls.methods.get(name)
        decorated = {d.rsplit(".", 1)[-1] for d in found[1].decorators} if found is not None else set()
        keys = {key for key in self.levels if BY_KEY[key].hooking_decorators & decorated
                or name in self._declared(BY_KEY[key].forward_methods_declaration)}
        if name in torch_nn.LIGHTNING_STEPS and self.training_task(cls) is not None:
            # The strategies that shard the task for training run its steps through the wrapper's forward.
            keys |= {key for key in self.levels if BY_KEY[key].shards_for_training}
        return frozenset(keys)

    def _declared(self, declaration: str) -> frozenset[str]:
        """What the user (``Declarations``) and the code (the project index, same name) declare for one of a
        strategy's declarations (``Strategy.subtree_declaration``, ``forward_methods_declaration``)."""
        if not declaration:
            return frozenset()
        return getattr(self.declarations, declaration) | getattr(self.project, declaration)

    def touches_weights(self, cls: ClassInfo, method: str, depth: int = _TOUCH_DEPTH,
                        host_reads: bool = True) -> bool:
        """Whether ``cls.<method>`` (or a method it calls on ``self``, or a child's method it calls) reads a parameter
        or buffer or calls a submodule with weights: calling it on a child needs the child's weights. Past ``depth``
        calls it counts as touching (Uformer's ``flops()`` goes model -> layer -> block -> attention -> projection).
        Without ``host_reads``, a weight only read back to host memory (``self.w.detach().cpu().numpy()``, deepmd's
        ``serialize()``) is no touch: where the strategy keeps a usable CPU copy (``Strategy.cpu_copy``), that read
        gets the weight's values wherever its hook left it."""
        key = (cls.qualified, method, depth, host_reads)
        known = self._touches.get(key)
        if known is None:
            self._touches[key] = True  # a cycle proves nothing either way: count it as a touch meanwhile
            known = self._touches[key] = self._touches_weights(cls, method, depth, host_reads)
        return known

    def _touches_weights(self, cls: ClassInfo, method: str, depth: int, host_reads: bool) -> bool:
        found = cls.methods.get(method)
        if found is None:
            return False
        summary = found[1]
        if summary.only_toggles_grad:
            return False  # ``requires_grad`` is the parameters' metadata, whatever the strategy keeps there
        for chain in summary.self_chains:
            if chain in summary.compared_chains or self._only_metadata(chain, summary):
                continue  # ``self.cond_pos_emb is not None``, ``self.w.shape``: no weight value needed
            if not host_reads and chain in summary.host_read_chains:
                continue  # read only back to host memory (a module chain: only on the way to such reads)
            resolution = self.resolve(cls, chain)
            if resolution is None:
                continue
            if resolution.target == TENSOR and resolution.rest[:1] not in _METADATA_STEPS:
                return True
            if resolution.target == MODULE and resolution.owner.kind not in (torch_nn.WEIGHTLESS,) \
                    and resolution.owner.path \
                    and not self._only_weightless_uses(cls, chain, summary, depth, host_reads):
                return True
        return depth > 0 and any(self.touches_weights(cls, callee, depth - 1, host_reads)
                                 for callee in summary.self_calls if callee != method)

    def computes_with_moved_copies(self, cls: ClassInfo | None, method: str = "forward", depth: int = 2) -> bool:
        """Whether ``cls.<method>`` uses its own tensors only as copies moved to a device (nanodet's ``Integral``:
        ``F.linear(x, self.project.type_as(x))``) and calls no child with weights: a call of it computes with no
        weight a hook must onload, wherever the strategy keeps them as usable tensors (``Strategy.move_is_fix``).
        Strict: any attribute the index cannot resolve counts as a weight unless the class only ever binds it to a
        plain value (``self.reg_max = reg_max``), and so does any call of one."""
        if cls is None:
            return False
        key = (cls.qualified, method, depth)
        if key not in self._moved_copies:
            self._moved_copies[key] = self._computes_with_moved_copies(cls, method, depth)
        return self._moved_copies[key]

    def _computes_with_moved_copies(self, cls: ClassInfo, method: str, depth: int) -> bool:
        if cls.external or method not in cls.methods or not self.bases_read(cls):
            return False
        if any(torch_nn.is_torch_nn(base) and torch_nn.torch_class_name(base) != "Module" for base in cls.base_names):
            return False  # a torch layer's subclass (diffusers' ``CogVideoXSafeConv3d``): its base computes with weights
        if any(method in info.summary.methods for info in cls.mro[1:]):
            return False  # a base's own ``forward`` may run through ``super()``
        summary = cls.methods[method][1]
        bound = {record.name: record.kind for info in cls.mro for found in info.summary.methods.values()
                 for record in found.assigns}
        for chain in summary.self_chains:
            if chain in summary.compared_chains or self._only_metadata(chain, summary) \
                    or any(chain[:end] in summary.placed_chains for end in range(1, len(chain) + 1)):
                continue  # ``self.w.shape``, or the copy moved to a device (and the move itself)
            resolution = self.resolve(cls, chain)
            if resolution is None:
                if chain in summary.called_chains or bound.get(chain[0], "other") != "other" \
                        or chain[0] in cls.owned:
                    return False  # a module or tensor the index cannot read
                continue  # a plain value (``self.reg_max``)
            if resolution.target == TENSOR and resolution.rest[:1] not in _METADATA_STEPS:
                return False
            if resolution.target == MODULE and resolution.owner.path and resolution.owner.kind != torch_nn.WEIGHTLESS:
                return False
            if resolution.target == METHOD and resolution.owner.path and resolution.name not in HARMLESS_MODULE_METHODS:
                return False  # a child's method
        return all(depth > 0 and self.computes_with_moved_copies(cls, callee, depth - 1)
                   for callee in summary.self_calls if callee != method and callee in cls.methods)

    @staticmethod
    def _only_metadata(chain: Chain, method: MethodSummary) -> bool:
        """Whether the method reads only the metadata of ``self.<chain>``: latte's ``FixedTimeEncoder.get_dim()``
        returns ``self.fourier_coefs.shape[1] * 2`` (its chains: the buffer, then ``.shape``). Group offloading keeps
        shape and dtype where it moves the data, so no weight is needed there. The index's ``placed_chains`` (only
        moved or asked for metadata), each longer chain read stepping into ``shape``/``dtype``/``size``/``ndim``; a
        move (``.to(...)``) or a ``.device`` read still counts."""
        if chain not in method.placed_chains:
            return False
        longer = [other for other in method.self_chains if len(other) > len(chain) and other[: len(chain)] == chain]
        return bool(longer) and all(other[len(chain): len(chain) + 1] in _METADATA_STEPS for other in longer)

    def _only_weightless_uses(self, cls: ClassInfo, chain: Chain, method: MethodSummary, depth: int,
                              host_reads: bool = True) -> bool:
        """Whether every use of the module at ``self.<chain>`` the method makes needs no weights: Module API
        (``self.block.parameters()``, ``self.block.eval()``), or a method of it or of a module below it that touches
        no weight itself (jukebox's ``Transformer.check_cache`` calls each attention layer's ``check_cache``, which
        only asserts on its cache's shapes). The module is not called itself, and its chain and every module chain
        below it is only the prefix of such calls; a chain the index cannot resolve counts as a weight touch."""
        if chain in method.called_chains:
            return False
        longer = [other for other in method.self_chains if len(other) > len(chain) and other[: len(chain)] == chain]
        if not longer:
            return False
        for other in longer:
            resolution = self.resolve(cls, other)
            if resolution is None or resolution.rest:
                return False
            if resolution.target == MODULE:
                # A step on the way to a method: harmless unless it is called or used as a value itself.
                if other in method.called_chains or not any(len(more) > len(other) and more[: len(other)] == other
                                                            for more in longer):
                    return False
                continue
            if resolution.target != METHOD:
                return False
            if resolution.name in HARMLESS_MODULE_METHODS:
                continue
            child = resolution.owner.info
            if resolution.name in ("forward", "__call__") or child is None or depth <= 0 \
                    or self.touches_weights(child, resolution.name, depth - 1, host_reads):
                return False
        return True

    def is_weightless_call(self, cls: ClassInfo, callee: Chain) -> bool:
        """``self.dropout(x)``, ``self.act(x)``: a module without weights, computing on its input's device."""
        if not callee:
            return False
        resolution = self.resolve(cls, callee[:-1] if callee[-1] == "forward" else callee)
        return resolution is not None and resolution.target == MODULE and not resolution.rest \
            and resolution.owner.kind == torch_nn.WEIGHTLESS

    def is_leaf_module_call(self, cls: ClassInfo, callee: Chain) -> bool:
        """``self.proj(x)``, ``self.get_input_embeddings()(ids)``: a torch layer whose forward computes
        only with its argument and its own weights, so its output sits where those are."""
        if not callee:
            return False
        resolution = self.resolve(cls, callee[:-1] if callee[-1] == "forward" else callee)
        return resolution is not None and resolution.target == MODULE and not resolution.rest \
            and resolution.owner.kind == torch_nn.LEAF

    def unhooked_layer(self, cls: ClassInfo, callee: tuple[str, ...], level: str) -> tuple[str, ...] | None:
        """The module whose weights compute ``self.<callee>(...)`` where no hook runs for it at ``level``: a torch
        layer; at block level a whole child with no hook on or inside it (a model in the root's unmatched group,
        called outside the root's forward), or a method of such a child (InternVL's
        ``self.language_model.generate(...)``). None: a hook may run, the call is no module's, or the child's class is
        unknown (MDM's ``clip_model``, loaded by a package neither linted nor installed)."""
        if not callee:
            return None
        if callee[-1] == "forward" or len(callee) == 1:
            layer = callee[:-1] if callee[-1] == "forward" else callee
            if self.is_leaf_module_call(cls, layer) or self.hookless_subtree(cls, layer, level):
                return layer
            return None
        resolution = self.resolve(cls, callee)
        if resolution is not None and resolution.target == METHOD and not resolution.rest \
                and self.hookless_subtree(cls, callee[:-1], level):
            return callee[:-1]
        if self.is_leaf_module_call(cls, callee) or self.hookless_subtree(cls, callee, level):
            return callee
        return None

    def hookless_subtree(self, cls: ClassInfo, callee: Chain, level: str) -> bool:
        """Whether no hook sits on ``self.<callee>`` or anywhere below it at ``level``: block level puts hooks only
        on the root's ModuleList/Sequential blocks and its declared block modules (and recurses only into those), so
        any other child is in the root's unmatched group whole (diffusers ``_apply_group_offloading_block_level``)."""
        if BY_KEY[level].grouping is not Grouping.BLOCKS or not callee:
            return False
        resolution = self.resolve(cls, callee)
        if resolution is None or resolution.target != MODULE or resolution.rest:
            return False
        if resolution.owner.kind in (torch_nn.CONTAINER, torch_nn.MODULE_DICT):
            return False
        if not self.block_scope(cls):
            # Only ever some model's child: a block or an unmatched child has no hook below it; a declared block
            # module's children may (diffusers recurses into it).
            return "block_module" not in (self.roles().get(cls.qualified) or ())
        return self.block_hook_owner(cls, resolution.owner.path) == ((), False)

    def call_moves_arguments(self, cls: ClassInfo, callee: Chain, level: str) -> bool:
        """Whether calling ``self.<callee>(...)`` goes through a hook under the strategy ``level``
        whose pre-forward moves every tensor argument to the compute device, making a stale copy
        handed to it usable.

        Only where the stale copy is a real tensor (``move_is_fix``): a meta tensor, an empty
        partition or a DTensor cannot be moved into shape. ``self(...)``/``self.forward(...)``: the
        top module's hook (an explicit ``forward`` only where hooks wrap the forward attribute).
        Block level: a ModuleList/Sequential block or a declared block module. Leaf level: a
        Linear/Conv/Embedding, or a module that owns parameters or buffers directly (a norm).
        """
        strategy = BY_KEY[level]
        if not strategy.move_is_fix:
            return False
        if callee in ((), ("forward",)):
            return callee == () or strategy.trigger is Trigger.FORWARD_ATTRIBUTE
        if callee[-1:] == ("forward",):
            if strategy.trigger is Trigger.CALL:
                return False
            callee = callee[:-1]
        if strategy.grouping is Grouping.COMPONENT:
            return False  # one hook, on the model: its children have none
        resolution = self.resolve(cls, callee)
        if resolution is None or resolution.target != MODULE or resolution.rest:
            return False
        owner = resolution.owner
        if strategy.grouping is Grouping.BLOCKS:
            if not self.block_scope(cls):
                return False
            _, own_hook = self.block_hook_owner(cls, owner.path)
            return own_hook
        if owner.kind == torch_nn.CONTAINER:
            first = self.first_called(owner)
            if first is not None:
                # A Sequential has no hook at leaf level; its arguments go to its first module, whose hook
                # (if it has one) moves them (diffusers hooks the supported layers and each module owning
                # tensors directly; a weightless one hands its output on to the next).
                return self._leaf_hooked(first)
        return self._leaf_hooked(owner)

    def _leaf_hooked(self, owner: Node) -> bool:
        """Whether leaf-level group offloading puts a hook on the module ``owner`` itself."""
        if owner.kind == torch_nn.LEAF:
            return True
        torch_class = torch_layer(owner)
        if torch_class is not None:
            return torch_nn.owns_parameters(torch_class)
        # (A tensor bound only under an option nothing in the tree sets is absent where the tree builds the module:
        # SAM-DETR's single-scale Transformer has no ``level_embed``, so no hook of its own.)
        return owner.info is not None and any(owned.is_tensor and self.bound_only_under_unset_option(owner.info, name)
                                              is None for name, owned in owner.info.owned.items())

    def first_called(self, container: Node) -> Node | None:
        """The first module of a Sequential that computes with its input's device in view: the elements in
        order, weightless ones (activations, flatten) skipped; None when the order or a class is unknown (a
        nested container, an unread class, a ModuleDict)."""
        if container.kind != torch_nn.CONTAINER:
            return None
        for qualified in container.classes:
            kind = torch_nn.torch_kind(qualified) or self.project.kind_of_class(qualified)
            if kind == torch_nn.WEIGHTLESS:
                continue
            if kind is None or kind in (torch_nn.CONTAINER, torch_nn.MODULE_DICT, torch_nn.TENSOR_CONTAINER):
                return None
            return Node(container.path + (INDEX,), kind, (qualified,), self.project.lookup_class(qualified))
        return None

    def calls_missing_attribute(self, cls: ClassInfo, callee: Chain) -> bool:
        """``self.<name>(...)`` where no instance of ``cls`` has ``name``: the call raises
        AttributeError with or without offloading (a method copied from another family), so
        what it is given says nothing about hooks."""
        return bool(callee) and callee[0] not in cls.owned and cls.never_binds(callee[0])

    def loss_ignores_argument(self, cls: ClassInfo, callee: Chain, argument: int | str | None) -> bool:
        """Whether ``self.loss_function(...)`` of a transformers model leaves the argument at ``argument``
        without effect on devices: the loss the model's class name selects only moves criteria that own
        no tensors to it (``criterion.to(device)``), so the model's device handed there places nothing."""
        if callee != ("loss_function",) or "loss_function" in cls.methods \
                or not cls.base_names & _TRANSFORMERS_MODEL_BASES:
            return False
        return losses.loss_ignores_argument(cls.name, argument)

    def module_weights_offloaded(self, cls: ClassInfo, chain: Chain, hooked: bool,
                                 first_parameter: bool = False,
                                 hooked_under: frozenset[str] = frozenset()) -> tuple[str, ...]:
        """Levels at which the own weights of the module at ``self.<chain>`` are offloaded
        (``first_parameter``: its first registered weight, which usually sits in a child)."""
        resolution = (self.resolve(cls, chain) if chain
                      else Resolution(MODULE, "", Node((), "self", (cls.qualified,), cls), (), (), ()))
        if resolution is None or resolution.target not in (MODULE, METHOD):
            return self.levels
        owner = resolution.owner
        if first_parameter and not (owner.info is not None and owns_parameter(owner.info)):
            owner = Node(owner.path + (FIRST_PARAMETER,), torch_nn.MODULE)
        owned_weight = Resolution(TENSOR, "", owner, resolution.nodes, chain, ())
        return self.offloaded(cls, owned_weight, hooked, hooked_under=hooked_under).levels

    def module_weights_offloaded_from_outside(self, top: ClassInfo, receiver: Chain, chain: Chain, hooked: bool,
                                              hooked_under: frozenset[str] = frozenset()) -> tuple[str, ...]:
        """:meth:`module_weights_offloaded` for the module ``self.<chain>`` of a class outside block scope, in a method
        ``top`` reaches through ``self.<receiver>``: at block level its weights ride in ``top``'s groups, as
        :meth:`offloaded_from_outside` judges the class's accesses (None resolved: no level)."""
        keys = tuple(key for key in self.levels if BY_KEY[key].grouping is Grouping.BLOCKS)
        if not keys or not self.block_scope(top) or self.resolve(top, receiver + chain) is None:
            return ()
        levels = self.module_weights_offloaded(top, receiver + chain, hooked, hooked_under=hooked_under)
        return tuple(key for key in levels if key in keys)

    def describe_hook(self, cls: ClassInfo, module_path: Chain) -> str:
        if not module_path:
            if "forward" not in cls.methods:
                return f"{cls.name}.forward() (which {cls.name} does not define, so never)"
            return f"{cls.name}.forward()"
        text = "self"
        for step in module_path:
            text += "[i]" if step == INDEX else f".{step}"
        return f"{text}.forward()"

    # --- where block level applies -------------------------------------------------------
    def is_top_level(self, cls: ClassInfo) -> bool:
        """A model class users and pipelines load and call as a whole (diffusers' ModelMixin,
        transformers' PreTrainedModel), unless it is only ever built as another module's child."""
        return cls.loaded_from_config and not self.built_only_as_child(cls)

    def built_only_as_child(self, cls: ClassInfo) -> bool:
        """A diffusers ModelMixin of the linted code that other modules build only as a plain child (not as a
        block, not in ``_group_offload_block_modules``) and that no pipeline or other holder of models has as a
        component (``EmbeddingManager`` built in ``TextEmbeddingModule.__init__``): offloading is applied to
        the model that builds it, whose unmatched group holds its weights, so it is judged as a child.
        transformers' PreTrainedModels are left roots (users load any of them alone: ``AutoModel``), unless the
        tree gives no sign that this one is ever loaded alone (:meth:`child_only_model`)."""
        if cls.external or not cls.loaded_from_config:
            return False
        if cls.base_names & _TRANSFORMERS_MODEL_BASES:
            return self.child_only_model(cls) is not None
        if self.roles().get(cls.qualified) != {"child"}:
            return False
        return cls.name not in self.component_names()

    def _subclassed(self, cls: ClassInfo) -> bool:
        """Whether a linted class inherits from ``cls`` (the index's subclass table, built once)."""
        return any(sub is not cls for sub in self.project.subclasses(cls))

    def summaries(self) -> list[FileSummary]:
        """Each linted file's summary once."""
        return self._summaries()

    def _summaries(self) -> list[FileSummary]:
        """Each linted file's summary once (a package's ``__init__`` may be indexed under two module names)."""
        if self._summary_list is None:
            self._summary_list = list({summary.path: summary for summary in self.project.modules.values()}.values())
        return self._summary_list

    def child_only_model(self, cls: ClassInfo) -> str | None:
        """Why a transformers model class of the linted code is judged as a child, through its holders' entry
        points, and not as an offload root (LLaVA's ``LlavaMptModel``, built only as
        ``LlavaMptForCausalLM.transformer``; only the holder is registered with ``AutoModelForCausalLM``). The
        premise: users load a linted PreTrainedModel alone only where the tree says so. Any of these keeps it a
        root: a ``<Name>.from_pretrained``/``from_config`` call, its name in a string (an auto mapping, an
        ``__all__``, a ``register`` call by name), a ``register(..., <Name>)`` call, a construction other than as
        a child, a subclass, a pipeline holding it. None when it stays a root."""
        if cls.qualified not in self._child_only:
            self._child_only[cls.qualified] = self._child_only_model(cls)
        return self._child_only[cls.qualified]

    def _child_only_model(self, cls: ClassInfo) -> str | None:
        if cls.external or not cls.is_module or not cls.base_names & _TRANSFORMERS_MODEL_BASES:
            return None
        if self.roles().get(cls.qualified) != {"child"} or cls.name in self.component_names():
            return None
        if self._subclassed(cls):
            return None
        self.name_reads.add(cls.name)
        if cls.name in self.loaded_names():
            return None
        holders = sorted({holder.name for holder in self.owners().get(cls.qualified, [])})
        if self._built_elsewhere(cls):
            return None  # built somewhere else too (a script, a function): maybe a root there
        return (f"{cls.name} is a transformers model that the tree builds only as a child of {', '.join(holders)} "
                f"and never loads alone (no {cls.name}.from_pretrained/from_config, no Auto registration or "
                f"name string): judged through its holders' entry points")

    def loaded_names(self) -> frozenset[str]:
        """Class names the linted files load or expose by name: ``<Name>.from_pretrained``/``from_config``,
        ``register(<Config>, <Name>)``, and capitalised identifiers in string literals (auto mappings,
        ``__all__``; quoted in a docstring too). The index's ``FileSummary.loaded_names``, gathered in each file's walk."""
        if self._loaded_names is None:
            self._loaded_names = frozenset(name for summary in self._summaries() for name in summary.loaded_names)
        return self._loaded_names

    def uncalled_weight_accessor(self, cls: ClassInfo, method: str | None) -> str | None:
        """Why the findings of ``cls.<method>`` are no hazard, when the method only returns a weight
        (``def get_last_layer(self): return self.decoder.conv_out.weight``, for a GAN loss) and nothing in the linted
        files runs this definition (:meth:`name_reaches`: the name is used nowhere, or only as ``self.<method>()`` in
        classes with their own, ldm's ``AutoencoderKL.get_last_layer`` beside ``Model.get_last_layer``): a returned
        weight is used by whoever calls the accessor, and no one does here. None when it may be called (or named:
        ``getattr``, a saved bound method, any receiver but ``self``), or does more."""
        found = cls.methods.get(method) if method else None
        if found is None or found[1].is_property or not found[1].returns_chain:
            return None
        summary, chain = found[1], found[1].returns_chain
        if any(other != chain[: len(other)] for other in summary.self_chains):
            return None  # it reads something else too: not only an accessor
        resolution = self.resolve(cls, chain)
        if resolution is None or resolution.target != TENSOR or resolution.rest:
            return None
        readers = self.name_reaches(found[0], method)
        if readers is None:
            return None
        if not readers:
            return (f"{method}() only returns self.{'.'.join(chain)} and nothing in the linted files calls it: the "
                    f"caller that computes with the weight is where it would be used")
        return (f"{method}() only returns self.{'.'.join(chain)} and nothing in the linted files calls this one: "
                f"every call of {method}() is self.{method}() in a class with its own ({', '.join(readers[:3])}); the "
                f"caller that computes with the weight is where it would be used")

    def name_used_on_other_receivers(self, name: str) -> bool:
        """Whether some linted file uses ``name`` on anything but ``self`` (``model.encode(x)`` in a script, a
        ``getattr`` string, ``super().encode``): by name, whatever the receiver's class."""
        if self._words is None:
            self._words = frozenset(word for summary in self._summaries() for word in summary.words)
        self.name_reads.add(name)
        return name in self._words

    def name_reaches(self, defining: ClassInfo, name: str) -> list[str] | None:
        """Whether code in the linted files may run ``defining``'s definition of method ``name``: None when it may
        (the name used on anything but ``self``: ``model.get_last_layer()``, ``super().name()``, a bare name, an
        identifier string for ``getattr``, or a string the name starts with, ``f"forward_{mode}"``; or
        ``self.<name>`` in a class whose instances can run this definition: ``defining`` itself, a subclass that
        inherits it, a base that calls it on a subclass), else the classes whose ``self.<name>`` reaches only
        their own definition (empty when nothing names it at all). The index's ``FileSummary.words`` and
        ``self_words``, and each method's ``self_calls``."""
        used = self.name_used_on_other_receivers(name)  # (reads the words in)
        if any(name[:end + 1] in self._words for end in range(len(name) - 1) if name[end] == "_" and end):
            return None
        if used and self.tree.application and self.other_receivers_only(defining, name):
            used = False  # every ``x.<name>`` is on another class's object (:mod:`.receivers`)
        readers = self._self_readers().get(name, ())
        if used and not (self.tree.application and not readers and self.only_delegated(name)):
            # (In a library users may call the outer method of a delegating chain; a ``self.<name>()`` call anywhere
            # may start one: both are ways in.)
            return None
        others: list[str] = []
        for reader in readers:
            if reader is defining:
                return None  # its own method
            if any(info is reader for info in defining.mro[1:]):
                if runs_base_code_using(defining, (reader,), name):
                    return None  # a base calling it on an instance of this class
                continue  # only in base methods this class overrides (torchdrug's fused message_and_aggregate)
            if any(info is defining for info in reader.mro) and reader.methods.get(name, (None,))[0] is defining:
                return None  # a subclass that inherits this definition
            others.append(reader.name)
        return sorted(set(others))

    def other_receivers_only(self, defining: ClassInfo, name: str) -> bool:
        """Whether every use of ``.<name>`` on a receiver other than ``self`` is on an object that cannot be a
        ``defining`` (or a subclass running its definition): :mod:`.receivers`. Kept per (class, name)."""
        key = (defining.qualified, name)
        known = self._other_receivers.get(key)
        self.name_reads.add(receivers.USES_READ + name)
        if known is None:
            paths = [summary.path for summary in self._summaries() if name in summary.words]
            known = self._other_receivers[key] = receivers.other_objects_only(
                name, paths, self._family(defining, name), self._receiver_uses, self._self_chain_classes)
        return known

    def _family(self, defining: ClassInfo, name: str) -> receivers.Family:
        """The classes whose instances run ``defining.<name>``, and every attribute they bind or define (None when
        not all are known: a base the index cannot read, attributes set by computed names, a ``__getattr__``)."""
        family = self.runners(defining, name)
        qualified = {info.qualified for info in family} | {info.qualified for info in defining.mro}
        members: set[str] | None = set()
        for info in family:
            if not self.bases_read(info):
                members = None
                break
            for known in info.mro:
                if known.external:
                    continue
                summary = known.summary
                if summary.dynamic_attributes or "__getattr__" in summary.methods:
                    members = None
                    break
                members.update(summary.methods)
                members.update(summary.bound_attributes)
                members.update(known.owned)
            if members is None:
                break
        return receivers.Family(qualified.__contains__, frozenset(members) if members is not None else None)

    def runners(self, defining: ClassInfo, name: str) -> list[ClassInfo]:
        """The classes whose instances run ``defining``'s definition of ``name``: itself and the subclasses that
        inherit it."""
        return [defining, *(info for info in self.project.subclasses(defining)
                            if info.methods.get(name, (None,))[0] is defining)]

    def _self_chain_classes(self, path: str, written: str, chain: Chain) -> tuple[str, ...] | None:
        """The classes ``self.<chain>`` is typed to in the class ``written`` of the file ``path``, or None."""
        summary = self.project.file_at(path)
        holder = self.project.lookup_project_class(self.project.qualify(summary, written)) if summary else None
        if holder is None:
            return None
        resolution = self.resolve(holder, chain)
        if resolution is None or resolution.target != MODULE or not resolution.owner.path:
            return None
        owner = resolution.owner
        return owner.classes or ((owner.info.qualified,) if owner.info is not None else None)

    def unread_device_property(self, cls: ClassInfo, method: str) -> str | None:
        """In an application, why ``cls``'s ``device`` property is read by nothing that can hold a ``cls``, or None.
        ``.device`` is read on every tensor, so the name alone says nothing: a read counts where its receiver is
        one: ``self.device`` in a class that runs this definition (itself, a subclass inheriting it, a base calling
        it), ``self.<child>.device`` on a child of that class, a name typed to it (a parameter annotated with it,
        a local built or loaded from it: :attr:`FileSummary.typed_device_reads`), or a name typed nowhere that the
        same code reads a member of the class on (:attr:`FileSummary.untyped_device_reads`)."""
        if method != "device" or not self.tree.application:
            return None
        defining, summary = cls.methods[method]
        if summary is None or not summary.is_property:
            return None

        def related(info: ClassInfo | None) -> bool:
            return info is not None and (any(known is info for known in defining.mro)
                                         or any(known is defining for known in info.mro))

        if any(related(reader) for reader in self._self_readers().get(method, ())):
            return None
        for holder, chain in self._child_device_reads():
            resolution = self.resolve(holder, chain[:-1])
            if resolution is not None and resolution.target == MODULE and resolution.owner.path and (
                    related(resolution.owner.info) or any(
                    related(self.project.lookup_project_class(name)) for name in resolution.owner.classes)):
                return None
        # What a name read with ``.device`` and typed nowhere may be: a ``cls`` where the same code reads a member
        # only ``cls`` has on it (3DFuse's ``model.device`` beside ``model.resample(...)``).
        members = {name for info in defining.mro if not info.external
                   for name in (*info.summary.methods, *info.owned)} - torch_nn.MODULE_ATTRIBUTES - _TENSOR_ATTRIBUTES
        for file in self._summaries():
            for spelled in file.typed_device_reads:
                if related(self.project.lookup_project_class(self.project.qualify(file, spelled))):
                    return None
            if any(not members.isdisjoint(read) for read in file.untyped_device_reads):
                return None
        return (f"{cls.name}.device is a property nothing in the tree reads on a {cls.name} (no self.device in a "
                f"class running it, no self.<child>.device on a child of that class, no .device of a parameter or "
                f"local typed {cls.name}, nor of a name the same code uses as one: the other .device reads are of "
                f"tensors and other objects): code nothing runs, as {self.tree.why}")

    def _child_device_reads(self) -> list[tuple[ClassInfo, Chain]]:
        """Every ``self.<child...>.device`` read by a project class's methods (built once, when first asked)."""
        if self._device_chains is None:
            self._device_chains = [(info, chain) for info in self.project.project_classes()
                                   for summary in info.summary.methods.values()
                                   for chain in summary.self_chains if len(chain) > 1 and chain[-1] == "device"]
        return self._device_chains

    def only_delegated(self, name: str) -> bool:
        """Whether the name's uses on other receivers are all inside methods of the same name handing the call on to
        children (GeneFace's flows: ``store_inverse()`` calls each flow's ``store_inverse()``, and nothing calls the
        outer one): no way in of their own in an application (:func:`.setup_callers.only_delegated`). Parses the
        files using it, when few do."""
        known = self._delegated.get(name)
        if known is None:
            paths = [summary.path for summary in self._summaries() if name in summary.words]
            known = self._delegated[name] = bool(paths) and len(paths) <= _MAX_DELEGATING_FILES \
                and only_delegated(paths, name)
        return known

    def _self_readers(self) -> dict[str, list[ClassInfo]]:
        """The project classes whose own methods read ``self.<name>``, by name (built once, when first asked): a call,
        or a reference (``self.encode_text = self.clip_encode_text``, a hook handed ``self._on_step``)."""
        if self._readers is None:
            found: dict[str, list[ClassInfo]] = {}
            for info in self.project.project_classes():
                for name in {read for summary in info.summary.methods.values()
                             for read in summary.self_calls | {chain[0] for chain in summary.self_chains if chain}}:
                    found.setdefault(name, []).append(info)
            self._readers = found
        return self._readers

    def calls_unread_child(self, cls: ClassInfo, method: str) -> str | None:
        """The name of a child that ``cls.<method>`` calls and that the class builds with a call the index could not
        type (a class of a package neither linted nor installed, one imported inside ``__init__``): what it touches
        is unknown. None when every child the method calls is known (or none is called)."""
        found = cls.methods.get(method)
        if found is None:
            return None
        built_by_call = {record.name for info in cls.mro for summary in info.summary.methods.values()
                         for record in summary.assigns if record.kind == "call"}
        owned = cls.owned
        for chain in found[1].called_chains:
            if chain and chain[0] in built_by_call and chain[0] not in owned:
                return chain[0]
        return None

    def built_in_tree(self, cls: ClassInfo) -> bool:
        """Whether the linted files may build ``cls``: its name is written somewhere other than a ``class`` line
        (its own, or a subclass's bases) or an import (a call, a ``partial``, a registry dict, a type check all
        count, so a class reached by name in any way stays built). stable-audio-tools' ``SoftNormBottleneck`` is
        named nowhere else: no instance of it can be the ``Bottleneck`` a model is handed."""
        if cls.external:
            return True
        self.name_reads.add(cls.name)
        if self._named_outside_classes is None:
            # The index's mentions (names, attributes, strings naming a class; imports are none) less the ones
            # written in class statements' bases.
            counts: dict[str, int] = {}
            for summary in self._summaries():
                for name, lines in summary.mentions.items():
                    counts[name] = counts.get(name, 0) + len(lines)
                for name, count in summary.base_mentions.items():
                    counts[name] = counts.get(name, 0) - count
            self._named_outside_classes = frozenset(name for name, count in counts.items() if count > 0)
        return cls.name in self._named_outside_classes

    def component_names(self) -> frozenset[str]:
        """Class names (last component) that a non-module class of the project holds as a model: built into
        ``self.<name>`` or named by an ``__init__`` annotation (a pipeline's components)."""
        if self._component_names is None:
            names: set[str] = set()
            for holder in self.project.project_classes():
                if holder.is_module:
                    continue
                for owned in holder.owned.values():
                    names.update(qualified.rsplit(".", 1)[-1] for qualified in owned.classes)
                for annotation in holder.summary.init_annotations.values():
                    names.update(re.findall(r"[A-Za-z_]\w*", annotation or ""))
            self._component_names = frozenset(names)
        return self._component_names

    def block_scope(self, cls: ClassInfo, grouping: Grouping = Grouping.BLOCKS) -> bool:
        """Block-level verdicts assume ``cls`` is offloaded as a whole model or is a block.

        A class only ever built as an *unmatched* child of a bigger model has its weights in
        the parent's unmatched group, onloaded for the parent's whole ``forward``: we cannot
        say at block level whether a call of one of its methods happens inside it. Under
        ``Grouping.UNITS`` (FSDP2, which shards every unit wherever it sits) an element of any
        container stays a unit of its own.
        """
        if self.is_top_level(cls):
            return True
        roles = self.roles().get(cls.qualified)
        if "__call__" in cls.summary.methods and "forward" not in cls.methods and (roles or not _self_loading(cls)):
            # A callable helper module (attention processors): someone's child, set on it by code the index does not
            # follow. One that loads itself through a classmethod (earth2studio's ``FCN.load_model``) is a model users
            # hold and offload as a whole, no hook of its own ever running.
            return False
        if not roles:
            return True
        if "block_module" in roles:
            return True
        # An element of containers only inside modules that are never offloaded themselves (tabpfn's TransformerBlock
        # in ColumnAggregator's ModuleList, ColumnAggregator a plain child of the model): block level never splits a
        # child's containers, so its weights ride in a bigger group, as a plain child's do.
        return "block" in roles and (grouping is Grouping.UNITS or self._named_by_tree(cls) or any(
            self._may_be_root(holder) for holder in self.block_holders().get(cls.qualified, ())))

    def _may_be_root(self, cls: ClassInfo) -> bool:
        """Whether offloading may be applied to ``cls`` itself: a model users load, a module no module holds, or one
        the tree's docs, configs or scripts name (vector-quantize-pytorch's README building ``ResidualLFQ(...)``)."""
        return self.is_top_level(cls) or not self.roles().get(cls.qualified) or self._named_by_tree(cls)

    def _named_by_tree(self, cls: ClassInfo) -> bool:
        self.name_reads.add(cls.name)
        return cls.name in self.tree.entry_names()

    def held_only_as_block(self, cls: ClassInfo) -> bool:
        """A module class the linted code builds only as an element of other modules' ModuleLists/Sequentials
        (HRNet's ``StageModule``, NeMo's ``JasperBlock``): block level offloads the model holding it, hooking each
        element on its ``forward()`` with everything inside it as one group; it never splits the block's own
        containers into groups. (A class built anywhere else too, a loaded model, or one named in a
        ``_group_offload_block_modules``, which block level recurses into, stays judged as a model of its own.)
        Asked for every module path of the class's accesses: kept per class."""
        known = self._only_as_block.get(cls.qualified)
        if known is None:
            known = self._only_as_block[cls.qualified] = not (
                cls.external or self.is_top_level(cls) or "forward" not in cls.methods
                or self.roles().get(cls.qualified) != {"block"} or self._subclassed(cls) or self._built_elsewhere(cls))
        return known

    def maybe_built(self, cls: ClassInfo) -> bool:
        """Whether the tree may build ``cls`` itself (not as a base of a subclass): a call of its name, a config or
        doc naming it, a load (``from_pretrained``), a registering decorator, a computed name reaching it, or its name
        written outside its own body and its subclasses' (a registry, an argument: :meth:`_mentions`)."""
        name = cls.name
        self.name_reads.add(name)
        if self._name_calls(name, every_file=True, spaced=False) or name in self.tree.entry_names() \
                or name in self.loaded_names() or cls.summary.decorators:
            return True  # (loaded names: ``from_pretrained`` calls, and capitalised names written in strings)
        reach = self.application_reach()
        if reach is not None and reach.computed(cls.file.path, cls.qualified.rsplit(".", 1)[-1]):
            return True
        # Its name written anywhere but its own body and its subclasses' (whose ``class Sub(Base):`` names it).
        return bool(self._mentions(cls, outside=(cls, *self.project.subclasses(cls))))

    def _built_elsewhere(self, cls: ClassInfo) -> bool:
        """Whether the linted files construct ``cls`` more often than its holders' containers account for (a
        script or a function building it alone)."""
        self.name_reads.add(cls.name)
        return self._name_calls(cls.name, every_file=True, spaced=False) > len(self.owners().get(cls.qualified, []))

    def block_module_parents(self, cls: ClassInfo) -> tuple[ClassInfo, ...]:
        """The modules that name an instance of ``cls`` in their ``_group_offload_block_modules``: block-level
        offloading applied to one of them recurses into ``cls`` with *their* list (diffusers never reads the
        list of a module it recurses into), so the names ``cls``'s children need go there."""
        parents: list[ClassInfo] = []
        for parent in self.owners().get(cls.qualified, []):
            if any(parent is known for known in parents):
                continue
            for owned in parent.owned.values():
                if owned.name in parent.block_modules and any(
                        (info.qualified if (info := self.project.lookup_class(name)) is not None else name) == cls.qualified
                        for name in owned.classes):
                    parents.append(parent)
                    break
        return tuple(parents)

    def opted_out(self, cls: ClassInfo, visiting: frozenset[str] = frozenset()) -> bool:
        """``_supports_group_offloading = False``, on the class or on every model that builds it
        (a helper module only ever used inside an opted-out model is never group-offloaded)."""
        if not cls.supports_group_offloading:
            return True
        owners = self.owners().get(cls.qualified)
        if not owners or cls.qualified in visiting or cls.loaded_from_config:
            return False
        inside = visiting | {cls.qualified}
        return all(self.opted_out(owner, inside) for owner in owners)

    def built_transiently(self, cls: ClassInfo) -> str | None:
        """Why ``cls`` is never offloaded, when every construction of it in the linted code is a local of
        another module's method, neither returned nor stored (CoCa's ``generate()`` wraps embeddings it has
        just computed in a ``MultimodalGenerationWrapper``), or of a module-level function that neither hands it on
        nor offloads it (an application's ``describe_image()`` building a CLIP and running it: only that call holds
        the model): offloading is applied to models that are loaded and kept, so its weights are whatever that
        method built them from, never a group's. A class a library exports by name, or loads from a config, is
        its users' to build and keep, whatever its own functions do with it. None otherwise,
        and for classes also built anywhere else the index sees (a child, a component, a subclass, any other
        call of the class's name in the linted files)."""
        if cls.external or not cls.is_module or self.roles().get(cls.qualified) or cls.name in self.component_names():
            return None
        sites = self._local_builds().get(cls.qualified)
        if not sites or self._subclassed(cls):
            return None
        in_functions = any(not holder for holder, _, _ in sites)
        if in_functions and (cls.loaded_from_config or not self.tree.application and self._exported_by_name(cls)):
            return None  # a library's model or exported class: its users build and keep their own
        if self._name_calls(cls.name, every_file=in_functions) > sum(1 for _, _, load in sites if not load):
            return None  # built somewhere else too (a function, module level, a script)
        if self._load_count(cls.name) > sum(1 for _, _, load in sites if load):
            return None  # loaded somewhere else too (``model = Foo.from_pretrained(...)`` in a script)
        where = ", ".join(f"{holder}.{method}()" if holder else f"{method}()" for holder, method, _ in sites[:2])
        loads = sorted({load for _, _, load in sites if load})
        if loads:
            # ``siglip = SiglipModel.from_pretrained(...)`` in a constructor that keeps only some of its children
            # (``self.encoder = siglip.vision_model.encoder``): those children are the holder's, judged there.
            how = " or ".join(f"{cls.name}.{load}()" for load in loads)
            built = "loaded with" if all(load for _, _, load in sites) else "built or loaded with"
            return (f"{built} {how} only inside {where}, as a local (only the children stored on self are kept, "
                    f"judged where they are held): never offloaded itself")
        return f"built only inside {where}, as a local: never offloaded"

    def held_only_by_dropped(self, cls: ClassInfo) -> str | None:
        """Why ``cls`` is never offloaded, when every module that holds it is itself never kept: built or loaded
        only as a local (:meth:`built_transiently`: Show-o2's ``siglip = SiglipModel.from_pretrained(...)`` in a
        constructor), or held only by such modules in turn. The constructor that made the local may keep some of
        its parts (``self.und_trans = siglip.vision_model.encoder``): the class at the end of each such path is
        held by that constructor's class, so it stays judged; a path the index cannot follow to a class keeps
        every class under the part where it stopped. None otherwise (held by any module that is kept, built or
        loaded anywhere else, subclassed, a pipeline's component)."""
        if cls.qualified not in self._dropped:
            self._dropped[cls.qualified] = None  # a cycle of holders: kept (judged)
            self._dropped[cls.qualified] = self._held_only_by_dropped(cls)
        return self._dropped[cls.qualified]

    def _held_only_by_dropped(self, cls: ClassInfo) -> str | None:
        if cls.external or not cls.is_module or cls.name in self.component_names() or self._subclassed(cls):
            return None
        keepers, leaky = self._kept_parts()
        holders = {info.qualified: info for info in self.owners().get(cls.qualified, ())}
        for keeper in keepers.get(cls.qualified, ()):
            info = self.project.lookup_class(keeper)
            if info is None:
                return None
            holders[info.qualified] = info
        if not holders:
            return None
        if self._name_calls(cls.name, every_file=True) > len(self.owners().get(cls.qualified, ())) \
                or self._load_count(cls.name):
            return None  # built or loaded somewhere else too
        dropped = []
        for holder in holders.values():
            if holder.qualified in leaky:
                return None  # a part kept from it that the index cannot follow may be this class
            why = self.built_transiently(holder) or self.built_only_under_switch(holder) \
                or self.held_only_by_dropped(holder)
            if why is None:
                return None
            dropped.append(holder.name)
        names = ", ".join(sorted(dropped)[:3])
        return (f"held only by {names}, which the tree never keeps (built or loaded only as a local, built only under "
                f"a switch nothing turns on, or held only by such modules): never offloaded")

    def _kept_parts(self) -> tuple[dict[str, set[str]], frozenset[str]]:
        """Parts of a module a constructor keeps from a local or a parameter (``self.encoder =
        siglip.vision_model.encoder``: ``Assigned`` kind ``given_part``): the project class at the end of each path
        -> the classes that keep it; and the classes where a path could not be followed further (any class under
        them may be what is kept)."""
        if self._keepers is None:
            keepers: dict[str, set[str]] = {}
            leaky: set[str] = set()
            for parent in self.project.project_classes():
                if not parent.is_module:
                    continue
                for method in parent.summary.methods.values():
                    for record in method.assigns:
                        if record.kind != "given_part" or not record.callee or not record.elements:
                            continue
                        whole = self.project.lookup_class(self.project.qualify(parent.file, record.elements[1]
                                                                               if record.elements[1:] else record.callee))
                        end = self._follow_part(whole, record.elements[0].split(".")[1:], leaky, 0)
                        if end is not None:
                            keepers.setdefault(end, set()).add(parent.qualified)
            self._keepers = (keepers, frozenset(leaky))
        return self._keepers

    def _follow_part(self, info: ClassInfo | None, steps: list[str], leaky: set[str], depth: int) -> str | None:
        """The project class at ``info.<steps>`` (None: a torch layer, a tensor, or a path not followed, in which
        case the last class reached goes to ``leaky``)."""
        for position, step in enumerate(steps):
            if info is None or depth > 4:
                return None
            owned = info.owned.get(step)
            if owned is None or owned.given and not owned.handed_part:
                leaky.add(info.qualified)
                return None
            if owned.is_tensor:
                return None
            if owned.handed_part:
                # ``self.vision_model = vision_model.vision_model`` in that class too: follow the part it keeps.
                record = next((r for m in info.summary.methods.values() for r in m.assigns
                               if r.kind == "given_part" and r.name == step and r.callee and r.elements), None)
                if record is None:
                    leaky.add(info.qualified)
                    return None
                whole = self.project.lookup_class(self.project.qualify(
                    info.file, record.elements[1] if record.elements[1:] else record.callee))
                found = self._follow_part(whole, record.elements[0].split(".")[1:], leaky, depth + 1)
                nxt = self.project.lookup_class(found) if found else None
            else:
                classes = [self.project.lookup_class(c) for c in owned.classes]
                last = position == len(steps) - 1
                if last and owned.classes and all(torch_nn.is_torch_nn(c) for c in owned.classes) \
                        and owned.kind == torch_nn.LEAF:
                    return None  # a torch layer kept (``embeddings.position_embedding``): no class of the tree
                if len(classes) != 1 or classes[0] is None or owned.kind in (torch_nn.CONTAINER, torch_nn.MODULE_DICT):
                    leaky.add(info.qualified)  # several classes, a container's elements, a class not read: not followed
                    return None
                nxt = classes[0]
            if nxt is None:
                if position < len(steps) - 1:
                    leaky.add(info.qualified)
                return None
            info = nxt
        return info.qualified if info is not None else None

    def training_wrapper(self, cls: ClassInfo) -> str | None:
        """Why a module class is no offload root, when it or a base builds in ``__init__`` what only a training
        wrapper holds (``ClassSummary.training_signs``): an accelerate ``Accelerator``, or an optimizer over a held
        model's parameters (imagen-pytorch's ``ImagenTrainer``, an ``nn.Module`` whose ``forward`` computes the
        loss). Nobody offloads a trainer; the model it holds is, and that model's class is judged on its own
        (the wrapper's reads inside that model stay: ``into_held_model``).
        None otherwise: an optimizer returned from a method (``configure_optimizers``) or built over the class's
        own parameters is no sign, and ``.backward()`` / ``step()`` calls alone are none either (models that
        update a codebook in place call both)."""
        if cls.external or not cls.is_module:
            return None
        for info in cls.mro:
            if info.external or not info.summary.training_signs:
                continue
            signs = "; ".join(f"{what} (line {line})" for line, what in info.summary.training_signs[:2])
            where = "its" if info is cls else f"its base {info.name}'s"
            return (f"a training wrapper: {where} __init__ builds {signs}; nobody offloads a trainer, the model "
                    f"it holds is what gets offloaded (judged in its own class)")
        return None

    def training_task(self, cls: ClassInfo) -> str | None:
        """Why a module class is no root of the strategies that offload a model to run it, when it derives from
        Lightning's ``LightningModule``: a training task, whose ``training_step`` / ``validation_step`` and the losses
        and shared steps they reach Lightning's Trainer runs; the networks it holds are what a user offloads to run
        them (judged in their own classes; the task's reads inside them stay: ``into_held_model``). The strategies
        that shard a model for training (``Strategy.shards_for_training``: Lightning's FSDP and DeepSpeed strategies
        wrap the task itself) keep it a root. None for a Lightning module with an inference API of its own
        (:data:`USER_VERBS`: the ldm family's ``AutoencoderKL.encode``/``decode``, ``DDPM.sample``, which samplers and
        pipelines call on the loaded model): a model users run, trained with Lightning."""
        if cls.external or not cls.is_module:
            return None
        base = next((name for name in sorted(cls.base_names & torch_nn.LIGHTNING_MODULES)), None)
        if base is None:
            return None
        # A network handed in to ``__init__`` (lightning-uq-box's ``MDNRegression(model, loss_fn)``) is the user's:
        # the task wraps it to train it, whatever its methods are called.
        handed = sorted(owned.name for owned in cls.owned.values() if owned.given and not owned.is_tensor)
        if not handed and any(name.startswith(USER_VERBS) and name != "__call__" and not defining.external
                              for name, (defining, _) in cls.methods.items()):
            return None  # a model users run too (ldm's ``AutoencoderKL.encode``, ``DDPM.sample``): a root
        network = f" (what it is handed, {', '.join(f'self.{name}' for name in handed[:3])}, is the user's)" \
            if handed else ""
        return (f"a Lightning training task ({cls.name} derives from {base.rsplit('.', 1)[-1]}){network}: Lightning's "
                f"Trainer runs its steps, and what a user offloads to run is a network it holds (judged in its own "
                f"class), not the task")

    def training_only_network(self, cls: ClassInfo, levels: tuple[str, ...]) -> str | None:
        """Why a module class is no root of the strategies of ``levels`` that offload a model to run it, when it is a
        network only training runs: every module holding it is a Lightning training task (:meth:`training_task`)
        whose inference path (its ``forward``, ``predict_step`` and the methods they reach) never uses it, and nothing
        else builds it (a GAN's discriminators, used only in a Lightning task's ``training_step``). What a user
        offloads to run is the network that path uses. None under a strategy that shards a model for training (it
        wraps the task with everything it holds), and otherwise."""
        if any(BY_KEY[level].shards_for_training for level in levels):
            return None
        if cls.qualified not in self._training_only:
            self._training_only[cls.qualified] = self._training_only_network(cls)
        return self._training_only[cls.qualified]

    def _training_only_network(self, cls: ClassInfo) -> str | None:
        if cls.external or not cls.is_module or cls.name in self.component_names() or self._subclassed(cls):
            return None
        holders = {info.qualified: info for info in self.owners().get(cls.qualified, ())}
        if not holders or self.roles().get(cls.qualified) != {"child"}:
            return None
        built_in_holders = sum(1 for info in holders.values()
                               for line in info.file.name_calls.get(cls.name, ())
                               if info.summary.line <= line <= info.summary.end_line)
        if not built_in_holders or self._name_calls(cls.name, every_file=True, spaced=False) > built_in_holders:
            return None  # built somewhere else too
        names = []
        for holder in holders.values():
            if self.training_task(holder) is None:
                # (A training wrapper's inference API is its own, ``act()`` or ``predict()``: only Lightning's
                # contract says which methods infer.)
                return None
            held = {name for name, owned in holder.owned.items() if cls.qualified in owned.classes}
            if not held or held & _used_on_inference_path(holder):
                return None
            names.append(f"{holder.name}.{'/'.join(sorted(held))}")
        return (f"a network only training runs: held only by Lightning training tasks ({', '.join(sorted(names))}), "
                f"whose forward() and predict_step() never use it; what a user offloads to run is the network they use")

    def root_strategies(self, cls: ClassInfo) -> tuple[str, ...]:
        """The strategies of the run (by key) that take ``cls`` for a model they offload. A training task
        (:meth:`training_task`) in a run that also names a strategy sharding models for training: only those (so that
        each strategy finds the same beside others as alone). In a run of only the strategies that offload a model to
        run it, the task's findings are kept with the reason instead (:meth:`not_offloaded_as_root`), for
        ``--show-suppressed`` to show."""
        if not self._mixed_training_levels or self.training_task(cls) is None:
            return self.levels
        return self._mixed_training_levels

    def not_offloaded_as_root(self, cls: ClassInfo, levels: tuple[str, ...], attribute: str | None,
                              method: str | None = None) -> str | None:
        """Why a finding of ``cls`` (touching ``attribute``, at ``levels``, in ``method``) is on no model a user
        offloads: the class is a training wrapper (:meth:`training_wrapper`), or a training task where every strategy
        of ``levels`` offloads a model to run it (:meth:`training_task`); None for its reads inside a model it holds
        (that model is the root), and otherwise. A training task's reads inside a held network are kept only on the
        task's inference path (``forward``, ``predict_step``, :func:`inference_methods`): its ``training_step`` or
        ``configure_optimizers`` (:func:`training_methods`) runs under Lightning's Trainer, training the network,
        not running it offloaded."""
        if self.into_held_model(cls, attribute):
            if not method or any(BY_KEY[level].shards_for_training for level in levels) \
                    or self.training_wrapper(cls) is not None or method not in training_methods(cls):
                return None
            task = self.training_task(cls)
            return task and (f"{task}; {method}() is off its inference path (forward(), predict_step()), so the held "
                             f"network is trained there, not run offloaded")
        wrapper = self.training_wrapper(cls)
        if wrapper is not None:
            return wrapper
        if any(BY_KEY[level].shards_for_training for level in levels):
            return None
        return self.training_task(cls)

    def into_held_model(self, cls: ClassInfo, attribute: str | None) -> bool:
        """Whether a finding's attribute reaches inside a module the class holds (``model.proj.weight``,
        ``model.next(self.parameters())``): a training wrapper's read of the wrapped model's tensors, a hazard once
        that model is offloaded as the root. Not a call of the model itself (``model``), one of its methods
        (``model.denoise``: an entry point of the root, judged in its own class) or the wrapper's own tensors."""
        head, dot, rest = (attribute or "").partition(".")
        owned = cls.owned.get(head) if dot else None
        if owned is None or owned.kind is None or owned.is_tensor:
            return False
        step = rest.split(".", 1)[0]
        for qualified in owned.classes:
            held = self.project.lookup_class(qualified)
            if held is not None and step not in held.owned and any(step in i.summary.methods for i in held.mro):
                return False
        return True

    def model_of_a_test(self, cls: ClassInfo) -> str | None:
        """Why a module class is no model anyone offloads, when a test file defines it (:func:`is_test_module`:
        spikingjelly's ``test_ann2snn*.py`` models), builds and runs it on its own, and names no offloading call. A
        test that offloads (diffusers' group offloading tests) stays judged."""
        if not cls.is_module or cls.external or not is_test_module(cls.file.module):
            return None
        if names_offloading(cls.file.words, cls.file.attribute_calls, cls.file.imported_modules):
            return None
        return f"{cls.name} is a model of a test ({cls.file.module}), and nothing in its file offloads a model"

    def held_by_nothing(self, cls: ClassInfo) -> str | None:
        """Why a forward-less module class is no offload root, when the linted code builds it (a function's
        or a plain object's helper: audiocraft's ``MultiBandProcessor``, edm2's ``GaussianMixture``) but no
        module holds it as a child and no plain class holds it as a component: offloading applies hooks
        through a root's forward, and nothing offloads a helper that has none. A module's method may build it
        too when that construction is a local it neither returns nor stores (``MethodSummary.local_builds``).
        A base class is judged with its subclasses: its methods run on their instances too, so each subclass
        must be held by nothing as well (karlo's ``GaussianDiffusion``, built as a local of
        ``SpacedDiffusion.__init__``, and ``SpacedDiffusion``, built only by the function
        ``create_gaussian_diffusion``). None otherwise: a class with a forward(), one nothing in the tree builds
        (a library's class for users), one whose bases are not all resolved (a forward may be inherited)."""
        how = self._held_alone(cls)
        if how is None:
            return None
        subclasses = [sub for sub in self.project.subclasses(cls) if sub is not cls]
        if how == "built nowhere" and not subclasses:
            return None  # a library's class for users
        for sub in subclasses:
            if self._held_alone(sub) in (None, "built nowhere"):
                return None  # a subclass held by a module, with a forward(), or for users to build
        if not subclasses:
            return f"defines no forward() and no module holds it ({how}): never offloaded"
        names = ", ".join(sorted({sub.name for sub in subclasses})[:3])
        return (f"defines no forward() and no module holds it or its subclasses {names} ({how}; its subclasses "
                f"too): never offloaded")

    def _held_alone(self, cls: ClassInfo, forwardless: bool = True) -> str | None:
        """How a forward-less module class (``forwardless`` False: any module class) is built when none of its own
        constructions makes it an offload root (no holder, no component, no forward(), bases resolved, no module's
        method that may hand it on): "built nowhere" when no call of its name exists; None when one construction may
        make it a root."""
        if cls.external or not cls.is_module or self.roles().get(cls.qualified) or self.owners().get(cls.qualified):
            return None
        if forwardless and any("forward" in info.summary.methods for info in cls.mro) or not self.bases_read(cls):
            return None
        if any(LOADING_CALLS & info.summary.methods.keys() for info in cls.mro if not info.external):
            return None  # a model users load themselves (kornia's ``XFeat.from_pretrained()``) and then hold
        if cls.name in self.component_names() and not self._state_only(cls) and not self._value_type(cls):
            return None  # a pipeline's model, which users offload with the pipeline
        # Locals of modules' methods only: a function's local is no call in a module's body.
        locals_built = sum(1 for holder, _, _ in self._local_builds().get(cls.qualified, ()) if holder)
        if self._name_calls_in_modules(cls.name) > locals_built:
            return None  # built by a module's method that may hand it on (returned, stored, passed)
        if self._name_calls(cls.name, every_file=True) == 0:
            return "built nowhere"
        if locals_built:
            return "built only by functions, plain objects, or as a local a module's method neither returns nor stores"
        return "built only by functions or plain objects"

    @staticmethod
    def _value_type(cls: ClassInfo) -> bool:
        """Whether an instance method of the class builds a new instance of it (kornia's ``Se2.inverse()`` returns
        ``Se2(r_inv, r_inv * t)``, ``__mul__`` and ``__getitem__`` too): a value its operations make anew, held by a
        plain object as data (kornia's ``NamedPose``), not a model a pipeline offloads."""
        lines = cls.file.name_calls.get(cls.name, ())
        return any(method.start_line <= line <= method.end_line for method in cls.summary.methods.values()
                   if not method.is_static and method.name != "__init__" for line in lines)

    @staticmethod
    def _state_only(cls: ClassInfo) -> bool:
        """Whether a module class holds buffers and nothing else that offloading would move: no parameter, no child
        module (AutoGPTQ's ``Quantizer``: the ``scale``/``zero``/``maxq`` its ``find_params`` fills). Held by a
        plain object, it is that object's working state, not a model of a pipeline."""
        owned = cls.owned.values()
        tensors = [item for item in owned if item.is_tensor]
        return bool(tensors) and all(item.is_buffer for item in tensors) \
            and not any(item.kind for item in owned if not item.is_tensor)

    def attached_outside_children(self, cls: ClassInfo) -> str | None:
        """Why a module class is no offload root: an adapter that attaches itself to another module by replacing that
        module's ``forward`` with a method of its own, keeping the module in a plain list so that it is not registered
        as its child (LyCORIS' ``self.org_module = [org_module]`` then ``self.org_module[0].forward = self.forward``).
        The adapter then runs inside the patched module's call, and its weights are in no model's tree: not the
        patched model's (a user offloading that model moves none of them) and not the network's that holds the
        adapters, which nothing calls and nobody offloads. None for any other class (an adapter registered around its
        base layer, peft's ``base_layer``, is part of the model and judged with it)."""
        owned = cls.owned
        for _, method in cls.methods.values():
            for chain, _, replacing in method.saved_forwards:
                if len(chain) < 2 or chain[1] != INDEX or chain[0] in owned or replacing not in cls.methods:
                    continue
                patched = "self." + ".".join(chain).replace(f".{INDEX}", "[i]")
                return (f"attaches itself to a module it keeps in a plain list, not as a child ({patched}.forward = "
                        f"self.{replacing} in {method.name}()): it runs inside that module's call and its weights are "
                        f"in no model a user offloads")
        return None

    def weightless_and_unheld(self, cls: ClassInfo) -> str | None:
        """Why a module class is no offload root when it and its subclasses own no parameter, in themselves or any
        child (buffers only: tabpfn's ``BarDistribution`` criterion and its ``borders``), and the linted code builds
        each of them only in functions or plain objects, none a module holds as a child, built or handed in
        (:meth:`_held_alone`): offloading is applied to models for their parameters, and a buffer-only module moves
        with a model only as its child. None otherwise: a class nothing in the tree builds is a library's for users,
        who may make it a child of their model; one a module's method builds may be handed on to one."""
        held = self._held_as_children()
        subclasses = [sub for sub in self.project.subclasses(cls) if sub is not cls]
        if any(info.qualified in held or self.project.class_has_parameters(info) for info in (cls, *subclasses)):
            return None
        how = self._held_alone(cls, forwardless=False)
        if how is None or how == "built nowhere" and not subclasses:
            return None
        if any(self._held_alone(sub, forwardless=False) in (None, "built nowhere") for sub in subclasses):
            return None
        if how == "built nowhere":
            how = "built only as its subclasses, which are built only by functions or plain objects"
        return (f"holds buffers and no parameters, in itself, any child or subclass, and is {how}, none a module holds: "
                f"no model anyone offloads")

    def _held_as_children(self) -> frozenset[str]:
        """The classes some project module holds as a child, built in it or handed to its constructor."""
        if self._children_held is None:
            held = set(self.owners())
            for holder in self.project.project_classes():
                if holder.is_module:
                    held.update(qualified for owned in holder.owned.values() if not owned.is_tensor
                                for qualified in owned.classes)
            self._children_held = frozenset(held)
        return self._children_held

    def unoffloaded_component(self, cls: ClassInfo, attribute: str | None) -> str | None:
        """Why a plain class's finding on ``self.<component>...`` is about a module nothing offloads: every class
        the component may be is a forward-less module no module holds (:meth:`held_by_nothing`: AutoGPTQ's ``GPTQ``
        driving the ``Quantizer`` it builds for itself). None otherwise."""
        head = (attribute or "").split(".", 1)[0]
        classes = self.component(cls, head) if head and not cls.is_module else None
        if not classes:
            return None
        reasons = []
        for qualified in classes:
            info = self.project.lookup_project_class(qualified)
            reason = self.held_by_nothing(info) if info is not None else None
            if reason is None and info is not None and info.is_module and not self.project.class_has_parameters(info):
                # neuraloperator's FourierDiff moving its Fourier-continuation module (buffers only) to the input's
                # device: offloading is applied to models for their parameters, and this one has none.
                reason = "holds buffers and no parameters, in itself or any child: no model anyone offloads"
            if reason is None:
                return None
            reasons.append(f"{info.name} {reason}")
        return f"self.{head} is no offloaded model: {'; '.join(reasons)}"

    def bound_to_plain_object(self, cls: ClassInfo, name: str) -> str | None:
        """The annotation, when ``cls`` binds ``self.<name>`` from an ``__init__`` parameter of that name annotated with
        a class that is no module: one named for data or settings (pyhealth's ``BaseModel(dataset: SampleDataset)``,
        whose litdata base is not read), or one the index reads, every base read, that is no module."""
        for holder in cls.mro:
            annotation = holder.summary.init_annotations.get(name)
            if not annotation:
                continue
            bare = annotation.rsplit(".", 1)[-1]
            if _NOT_A_MODEL.search(bare) or _DATA_ANNOTATION.search(bare):
                return annotation
            found = self.project.lookup_class(self.project.qualify(holder.file, annotation))
            plain = found is not None and not found.is_module and self.bases_read(found)
            return annotation if plain else None
        return None

    def bases_read(self, cls: ClassInfo) -> bool:
        """Whether every base of ``cls`` is a linted class or ``torch.nn.Module`` itself: no base the index cannot read
        (a ``forward`` may be inherited, a framework's base may call any method: Lightning's ``training_step``)."""
        resolved = {info.qualified for info in cls.mro}
        return not any(base not in resolved and base not in _PLAIN_MODULE_BASES for info in cls.mro for base in info.bases)

    def held_by_tree(self, cls: ClassInfo) -> bool:
        """Whether the linted code holds ``cls`` itself: some module has it as a child or block, a plain class as a
        component, or a class's method builds it (Open-Sora's ``self.perceptual_loss_fn = LPIPS().eval().to(...)``,
        karlo's ``return PLMImUNet(...)`` in a model's method). A class only module-level functions build (a
        ``torch.hub`` entry point, ``create_model``) is handed to users: theirs, not the tree's."""
        return bool(self.roles().get(cls.qualified) or self.owners().get(cls.qualified)
                    or cls.name in self.component_names()
                    or (not cls.name.islower() and self._name_calls_in_classes(cls.name)))

    def _name_calls_in_classes(self, name: str) -> int:
        """How many calls of ``name(...)`` the bodies of the project's classes hold (the class of that name left
        out): the index's call lines inside those bodies."""
        self.name_reads.add(name)
        total = 0
        for info in self.project.project_classes():
            if info.name == name:
                continue
            lines = info.file.name_calls.get(name, ())
            total += sum(1 for line in lines if info.summary.line <= line <= info.summary.end_line)
        return total

    def bound_only_under_unset_option(self, cls: ClassInfo, attribute: str | None) -> str | None:
        """Why a finding on ``self.<attribute>`` is code the tree never runs, when every binding of its first name
        (over the MRO) is made only under constructor options the defaults leave off and no call in the tree sets
        (fairseq-style attention's ``v_proj_weight``, bound only when ``kdim``/``vdim`` differ from ``embed_dim``):
        under every configuration the tree builds, the attribute does not exist, so a line reading it never runs
        (it would raise ``AttributeError`` whatever the offloading). None otherwise, and for a class users load from
        a config, which may set any option (CogVideoX's VAE has ``quant_conv`` only with ``use_quant_conv=True``,
        which a checkpoint's config sets where no call in the tree shows it)."""
        name = re.split(r"[.\[]", attribute, maxsplit=1)[0] if attribute else ""
        if not name or cls.external or cls.loaded_from_config:
            return None
        options: list[str] = []
        for info in cls.mro:
            for summary in info.summary.methods.values():
                for record in summary.assigns:
                    if record.name != name or record.kind == "wrap":
                        continue
                    if not record.option or self.project.option_set(info, record.option):
                        return None
                    options.extend(record.option)
        if not options:
            return None
        names = ", ".join(dict.fromkeys(options))
        return (f"self.{name} is bound only under {names} (off by default; no call in the tree sets it): in the "
                f"configurations the tree builds it does not exist, so this line never runs")

    def built_only_under_option(self, cls: ClassInfo) -> str | None:
        """Why a module class is never built in the configurations the tree makes, when every construction of it
        is a child made only under a constructor option the defaults leave off and no call in the tree sets
        (stable-audio-tools' ``STFT``, built only by ``UNet1d`` under ``use_stft=True``): the class inherits its
        holders' option, as their option-only records do (``ClassInfo.owned``). None otherwise: a class built
        anywhere else (another call of its name in the linted files), subclassed, or a pipeline's component."""
        if cls.external or not cls.is_module or cls.name in self.component_names():
            return None
        if self._subclassed(cls):
            return None
        sites = self._option_sites().get(cls.qualified)
        if not sites or any(not options for _, options in sites):
            return None
        if self._name_calls(cls.name, every_file=True, spaced=False) > len(sites):
            return None  # built somewhere else too (a function, module level, a script)
        holder, options = sites[0]
        handers = sorted({hander.name for option in options for hander in self.project.option_handers(holder, option)})
        handed = f"; {', '.join(handers)} hand{'s' if len(handers) == 1 else ''} it on with the same default" \
            if handers else ""
        return (f"built only by {holder.name}.__init__ under {', '.join(options)} (off by default; no call in the tree "
                f"sets it{handed}): never built as the tree configures it")

    def _constructed_in_tree(self, cls: ClassInfo) -> bool:
        """Whether the tree itself constructs ``cls``: held as another class's child, or its name called in a linted
        file (narrower than :meth:`built_in_tree`, where any mention counts: a class only type-checked is built by
        its users, with their options)."""
        return bool(self.owners().get(cls.qualified)) or self._name_calls(cls.name, every_file=True, spaced=False) > 0

    def _exported_by_name(self, cls: ClassInfo) -> bool:
        """Whether the linted files name ``cls`` in a string (``__all__``, a docstring, an auto mapping)."""
        self.name_reads.add(cls.name)
        return cls.name in self.loaded_names()

    def config_branch_shut(self, cls: ClassInfo, places: list[tuple[str, int]]) -> str | None:
        """Why the statements at ``places`` (a finding of ``cls`` at its line and related locations, as (path, line):
        one cause) all run only under config values or constructor options no construction of the tree sets
        (:mod:`.config_branches`): the first place's reason, or None. In a library only a constructor option can, of a
        class not loaded from a config with an ``__init__`` parameter given a literal default: the files of other
        findings are not read."""
        if not self.tree.application and (cls.loaded_from_config or not any(
                info.summary.field_defaults for info in cls.mro if not info.external)):
            return None
        if self._config_branches is None:
            self._config_branches = ConfigBranches(self.project, self.tree, self.name_reads, self._constructed_in_tree,
                                                   self._exported_by_name)
        reasons = [self._config_branches.shut(path, line) for path, line in places]
        return reasons[0] if all(reasons) else None

    def built_only_under_switch(self, cls: ClassInfo) -> str | None:
        """In an application, why a module class is never built as the tree runs: every call of its name is in the body
        of an ``if <args>.<switch>:`` whose switch a script of the tree defines off by default
        (``add_argument("--masks", action="store_true")``) and nothing turns on: no notebook, doc or shell script
        passes ``--masks``, no config names it, no code writes ``args.masks = ...`` or ``set_defaults(masks=...)``,
        and no other ``"--masks"`` string is passed (DETR's segmentation head, ``if args.masks: model =
        DETRsegm(model, ...)``, copied into every DETR-family repository). None otherwise."""
        if not self.tree.application or cls.external or not cls.is_module or not cls.name[:1].isupper() \
                or cls.name in self.component_names() or self._subclassed(cls):
            return None
        covered = self._switch_builds().get(cls.name)
        if not covered or len(covered) < self._name_calls(cls.name, every_file=True):
            return None  # built somewhere no unset switch guards too
        flags = ", ".join(f"--{switch}" for switch in sorted({switch for switch, _, _ in covered}))
        _, path, line = covered[0]
        where = os.path.relpath(path, self.tree.folder) if self.tree.folder else path
        return (f"built only under the command-line switch {flags} ({where}:{line}), which the tree "
                f"defines off by default and nothing turns on (no script, doc, notebook or config passes it, no code "
                f"sets it): never built as the tree runs")

    def _switch_builds(self) -> dict[str, list[tuple[str, str, int]]]:
        """Each name called inside the body of a test on an unset switch: (switch, path, line) per call. Built once;
        a class is built only under switches when these are all the calls of its name."""
        if self._switch_calls is None:
            switches = self._unset_switches()
            found: dict[str, list[tuple[str, str, int]]] = {}
            for summary in self._summaries() if switches else ():
                blocks = [block for block in summary.switch_blocks if block[0] in switches]
                for table in (summary.name_calls, summary.spaced_name_calls) if blocks else ():
                    for name, lines in table.items():
                        for line in lines:
                            switch = next((switch for switch, first, last in blocks if first <= line <= last), None)
                            if switch is not None:
                                found.setdefault(name, []).append((switch, summary.path, line))
            self._switch_calls = found
        return self._switch_calls

    def _unset_switches(self) -> frozenset[str]:
        """The dests of the switches the tree's scripts define off by default that nothing turns on."""
        if self._switches is None:
            defined: dict[str, int] = {}
            strings: dict[str, int] = {}
            written: set[str] = set()
            for summary in self._summaries():
                for switch in summary.cli_switches:
                    defined[switch] = defined.get(switch, 0) + 1
                for dest, count in summary.option_strings.items():
                    strings[dest] = strings.get(dest, 0) + count
                written.update(summary.options_set)
            passed = self.tree.passed_options() if defined else frozenset()
            self._switches = frozenset(switch for switch, count in defined.items()
                                       if strings.get(switch, 0) <= count and switch not in written
                                       and switch not in passed)
            # The incremental analysis analyses everything again when a file changes what it knows of one of these.
            self.name_reads.update(SWITCH_READ + switch for switch in self._switches)
        return self._switches

    def plugged_in_by_nothing(self, cls: ClassInfo, visiting: frozenset[str] = frozenset()) -> str | None:
        """Why a module class is code nothing builds, or None.

        A plug-in nobody plugged in: a subclass of a module class the tree holds as a child (stable-audio-tools'
        ``SoftNormBottleneck(Bottleneck)``, where ``AudioAutoencoder`` holds a ``bottleneck: Bottleneck``) whose name
        appears nowhere in the linted files but on its own ``class`` line (no call, no registry entry, no import)
        nor in a JSON/YAML config under the linted tree (config-built classes are named there). Or a building block
        named only inside the bodies of such classes. Classes users load on their own (diffusers' ``ModelMixin``,
        transformers' ``PreTrainedModel`` subclasses), components, children and subclassed classes are never
        judged so: a library's public classes are built by its users, not in its tree."""
        if cls.qualified in self._unplugged:
            return self._unplugged[cls.qualified]
        self._unplugged[cls.qualified] = None  # a cycle of building blocks proves nothing
        reason = self._plugged_in_by_nothing(cls, visiting | {cls.qualified})
        self._unplugged[cls.qualified] = reason
        return reason

    def _plugged_in_by_nothing(self, cls: ClassInfo, visiting: frozenset[str]) -> str | None:
        if cls.external or not cls.is_module or cls.name in self.component_names():
            return None
        if cls.loaded_from_config:
            return None
        if self._subclassed(cls):
            return None
        owners = self.owners().get(cls.qualified)
        if owners:
            # A building block: unbuilt when every holder is, and its name is used nowhere else.
            if len(visiting) > 4 or not all(self.plugged_in_by_nothing(owner, visiting) for owner in owners):
                return None
            if self._mentions(cls, outside=(cls, *owners)):  # its own body names it too: ``super(Cls, self)``
                return None
            names = ", ".join(sorted({owner.name for owner in owners}))
            return f"built only by {names}, which nothing in the tree builds: never offloaded as the tree runs"
        if self.roles().get(cls.qualified):
            return None
        base = next((info for info in cls.mro[1:] if info.qualified in self.held_bases()), None)
        if base is None:
            return self._named_nowhere(cls)
        if self._mentions(cls):
            return None
        return (f"a {base.name} subclass nothing in the tree builds or names (no call, no reference, no config "
                f"entry), while modules hold a {base.name} as a child: a plug-in the tree never plugs in")

    def _named_nowhere(self, cls: ClassInfo) -> str | None:
        """Why a module class is dead code, when nothing outside its own body names it (no call, import, reference,
        string, registry decorator or config entry) and its file is one the tree runs (GFPGAN's ``MultiHeadDecoder``,
        left beside the ``MultiHeadDecoderTransformer`` its model builds). A library's class for users is exported:
        named by its package's ``__init__`` (an import, ``__all__``, a lazy-import table's string), so the premise
        holds only where that package's top ``__init__`` is linted too. A decorated class may be built by a registry
        from a name in a file the tree does not ship; one with an alternative constructor (a ``@classmethod``) is made
        for users to build. In an application (``tree.py``) nobody imports the package from outside: a package
        ``__init__``'s plain re-export is no use, and only the code of its notebooks, docs and scripts is left to
        name the class."""
        if cls.summary.decorators or "." in cls.summary.qualname or self._mentions(cls, outside=(cls,)):
            return None
        if any("classmethod" in method.decorators for method in cls.summary.methods.values()):
            return None  # an alternative constructor (``Adapter.from_denoiser(...)``): a class made for users to build
        if cls.summary.deprecated:
            return None  # its ``__init__`` warns users who build it (diffusers' ``LoRACompatibleConv``): kept for them
        if self._imported(cls):
            return None
        if self.tree.application:
            if cls.name in self.tree.text_words():
                return None  # a notebook, a doc or a script names it
            if self.application_reach().runs(cls.file.path, _outermost_definition(cls)):
                # Code the entry points reach names it: by a name the mentions do not record (``_LightGCN``, built by
                # SGL-Torch's ``SGL``) or through a name computed at run time (``eval(f"{name}.{name}CTR")``).
                return None
            return (f"{cls.name} is named nowhere in the tree outside its own body (no call, reference, string, "
                    f"decorator, config, notebook or doc; a package's re-export is no use): code nothing builds, "
                    f"as {self.tree.why}")
        module = cls.file.module
        package = module if cls.file.is_package else module.rpartition(".")[0]
        if package and self.project.module_key(cls.file, package.split(".")[0]) not in self.project.modules:
            return None  # its package's exports are not linted: users may import it from there
        if not self._runs_in_tree(cls):
            return None  # a file the tree neither imports nor uses may be a library for users, each class its API
        return (f"{cls.name} is named nowhere in the linted files outside its own body (no call, import, reference, "
                f"string, decorator or config entry), in a file the tree runs: code nothing builds "
                f"(name it in the module's __all__ if users build it)")

    def application_reach(self) -> ApplicationReach:
        """What an application's entry points reach (:mod:`.reachability`), built once."""
        if self._application_reach is None:
            self._application_reach = ApplicationReach(self._summaries(), self.tree)
        return self._application_reach

    def unreached_classes(self) -> frozenset[str]:
        """The project classes (qualified) whose top-level definition no entry point of the application reaches;
        none in a library."""
        if not self.tree.application:
            return frozenset()
        reach = self.application_reach()
        return frozenset(info.qualified for info in self.project.project_classes()
                         if not reach.runs(info.file.path, _outermost_definition(info)))

    def unreached_in_application(self, cls: ClassInfo) -> str | None:
        """Why ``cls`` is code nothing runs, when the tree is an application and the top-level definition holding
        it is reached from none of its entry points (:class:`ApplicationReach`): a class of a vendored package that
        the host imports for another of its classes (Amphion's AudioLDM copy, whose diffusion UNet picoaudio never
        builds), or built only by functions nothing calls. None in a library, whose users are its entry points."""
        if not self.tree.application or cls.external:
            return None
        reach = self.application_reach()
        top = _outermost_definition(cls)
        if reach.runs(cls.file.path, top):
            return None
        where = reach.named_in(cls.file.path, top)
        named = (f"named only by {', '.join(where[:3])}{' and more' if len(where) > 3 else ''}, which nothing that "
                 f"runs reaches" if where else "named by no code that can import it")
        return (f"{top} is reached from no entry point of the application: no script, test, __main__ module, "
                f"config, notebook or doc leads to it through the code it runs ({named}): code nothing runs, as "
                f"{self.tree.why}")

    def in_file_nothing_runs(self, cls: ClassInfo) -> str | None:
        """Why ``cls`` is code nothing runs, when the tree is an application and nothing runs its file: no linted
        file imports the module (at any depth), it is no script (no ``__main__`` block, no top-level call) nor a
        test, nothing imports modules by computed names from its folder or above (``importlib.import_module(
        f"models.{name}")``), and no config, notebook, doc or shell script names the module (``python -m``,
        ``_target_:``). SadTalker's ``facerender/modules/discriminator.py``, kept from a training code the
        repository does not ship. None in a library, whose modules are imported by its users."""
        if not self.tree.application or cls.external:
            return None
        file = cls.file
        name = file.path.replace("\\", "/").rsplit("/", 1)[-1]
        if file.script or file.is_package or name.startswith("test_") or name.endswith("_test.py") \
                or name in ("conftest.py", "__main__.py"):
            return None
        if self._imported_module(file) or self._dynamically_importable(file):
            return None
        if self.application_reach().computed(file.path, _outermost_definition(cls)):
            return None  # reached by a name computed at run time (a star-imported package, then ``eval``)
        stem = file.module.rpartition(".")[2]
        if stem in self.tree.config_words() or stem in self.tree.text_words():
            return None
        return (f"no file of the tree imports {file.module} and nothing else runs it (not a script; no config, "
                f"notebook, doc or computed import names it): code nothing runs, as {self.tree.why}")

    def _imported_module(self, file: FileSummary) -> bool:
        """Whether another linted file imports ``file``'s module (at any depth): by the index's module name, or by a
        dotted name its path ends in (:func:`_names_module`). The imports are read into one table once."""
        if self._importers is None:
            importers: dict[str, set[str]] = {}
            for summary in self._summaries():
                for target in summary.imported_modules:
                    importers.setdefault(target, set()).add(summary.path)
            self._importers = importers
        return any(self._importers.get(name, set()) - {file.path} for name in module_names(file))

    def _dynamically_importable(self, file: FileSummary) -> bool:
        """Whether a file in ``file``'s folder or one above it imports modules by computed names."""
        self.name_reads.update(DYNAMIC_IMPORTS)
        return self.application_reach().beside_computed_import(file.path)

    def _runs_in_tree(self, cls: ClassInfo) -> bool:
        """Whether ``cls``'s file is part of what the tree runs, so that a class in it nothing names is a leftover,
        not API: another linted file imports its module or a name from it, or another of its classes is registered
        by a decorator or named in a config (GFPGAN's ``*_arch.py`` files, imported by a folder scan and built by
        registry names). A bare mention of another class's name elsewhere is no sign: generic names (``Model``,
        ``Encoder``) are every file's own."""
        file = cls.file  # imports (any depth) are part of each file's interface: a changed one analyses all
        others = [other for other in file.classes if other is not cls.summary and "." not in other.qualname]
        if any("regist" in decorator.lower() for other in others for decorator in other.decorators):
            return True  # ``@ARCH_REGISTRY.register()``: built by name from a config (a ``@dataclass`` is no sign)
        if self._imported_module(file):
            return True
        configs = self.tree.config_words()
        return any(other.name in configs for other in others)

    def _imported(self, cls: ClassInfo) -> bool:
        """Whether a linted file imports ``cls`` by name (under any alias, at any depth), or a package ``__init__``
        re-exports its module with a star import (a script's star import names nothing until a use of the name, a
        mention). In an application a package ``__init__`` re-exports for its own code, which names what it uses:
        only an import under another name (``from .s3gen import S3Token2Wav as S3Gen``) counts there."""
        self.name_reads.add(cls.name)
        application = self.tree.application
        for summary in self._summaries():
            if application and summary.is_package:
                if any(target.rpartition(".")[2] == cls.name and local != cls.name
                       for local, target in summary.imports.items()):
                    return True
                continue
            if any(target.rpartition(".")[2] == cls.name for target in summary.imported_modules) \
                    or (summary.is_package and any(_names_module(source, cls.file) for source in summary.star_imports)):
                return True
        return False

    def constructing_methods(self, cls: ClassInfo) -> list[tuple[ClassInfo, str]] | None:
        """Where the linted code builds ``cls``: (module class, method) for each ``Name(...)`` call, or None when
        some call of the name is outside a module class's method (a function, a script, a docstring) or none
        exists."""
        self.name_reads.add(cls.name)
        total = self._name_calls(cls.name, every_file=True)
        if not total or cls.name.islower():
            return None
        found: list[tuple[ClassInfo, str]] = []
        for holder in self.project.project_classes():
            if not holder.is_module:
                continue
            for line in holder.file.name_calls.get(cls.name, ()):
                method = next((name for name, summary in holder.summary.methods.items()
                               if summary.start_line <= line <= summary.end_line), None)
                if method is not None:
                    found.append((holder, method))
        return found if len(found) == total else None

    def every_call_moves_result(self, name: str) -> bool:
        """Whether every call of a method ``name`` in the linted files moves its result to a device at once
        (``x.<name>(...).to(device)``): each ``.<name>(...)`` call the index counted in the files is a call site it
        records with ``result_moved`` (a call it does not record, ``self.<name>(...)`` included, makes the answer no)."""
        if name.startswith("__") or name == "forward":
            return False
        self.name_reads.add(name)
        if self._moved_calls is None:
            counts: dict[str, int] = {}
            for info in self.project.project_classes():
                for method in info.summary.methods.values():
                    for site in method.call_sites:
                        if site.result_moved:
                            counts[site.method] = counts.get(site.method, 0) + 1
            self._moved_calls = counts
        moved = self._moved_calls.get(name, 0)
        if not moved:
            return False
        total = sum(summary.attribute_calls.get(name, 0) for summary in self.project.modules.values())
        return total == moved

    def held_bases(self) -> frozenset[str]:
        """Module classes some module of the tree holds as a child, built or handed in (a plug-in point)."""
        if self._held_bases is None:
            self._held_bases = frozenset(
                qualified for parent in self.project.project_classes() if parent.is_module
                for owned in parent.owned.values() if owned.kind for qualified in owned.classes)
        return self._held_bases

    def _mentions(self, cls: ClassInfo, outside: tuple[ClassInfo, ...] = ()) -> int:
        """How many lines of the linted files name ``cls`` (a name, an attribute, a string naming it; the bodies of
        the ``outside`` classes left out), plus one if a JSON/YAML config under the linted tree names it (as a value:
        :meth:`ProjectTree.config_names`). Another file
        that defines a class of the same name means its own (Speech-Backbones' two HiFi-GAN copies, DiffVC's and
        Grad-TTS's ``models.py``): its mentions are not of ``cls``. A transformers ``modular_*.py`` template and the
        file generated from it are one class written twice: the generated one's mentions stay the template's."""
        self.name_reads.add(cls.name)
        skip = {(info.file.path, line) for info in outside
                for line in range(info.summary.line, info.summary.end_line + 1)}
        templates = self.project.templates
        total = 0
        for summary in {id(summary): summary for summary in self.project.modules.values()}.values():
            if summary.path != cls.file.path and cls.file.path not in templates and summary.path not in templates \
                    and any(other.name == cls.name and "." not in other.qualname for other in summary.classes):
                continue
            total += len({line for line in summary.mentions.get(cls.name, ()) if (summary.path, line) not in skip})
        if total:
            return total
        return int(cls.name in self.tree.config_names())

    def _option_sites(self) -> dict[str, list[tuple[ClassInfo, tuple[str, ...]]]]:
        """Module classes built into ``self.<name>`` by the tree's modules, by qualified name: each site's holder
        and, when the construction happens only under an option nothing in the tree sets, that option."""
        if self._option_built is None:
            found: dict[str, list[tuple[ClassInfo, tuple[str, ...]]]] = {}
            for holder in self.project.project_classes():
                if not holder.is_module:
                    continue
                for method in holder.summary.methods.values():
                    for record in method.assigns:
                        if record.kind != "call" or not record.callee:
                            continue
                        info = self.project.lookup_project_class(self.project.qualify(holder.file, record.callee))
                        if info is None:
                            continue
                        option = self.project.options_of(holder, record)
                        unset = option and not self.project.option_set(holder, option)
                        found.setdefault(info.qualified, []).append((holder, option if unset else ()))
            self._option_built = found
        return self._option_built

    def _local_builds(self) -> dict[str, list[tuple[str, str, str]]]:
        """Module classes built as method locals (``MethodSummary.local_builds``), by qualified name: where (holder,
        method, and the factory that loads the model, ``from_pretrained``, or "" for a construction)."""
        if self._transient is None:
            found: dict[str, list[tuple[str, str, str]]] = {}
            for holder in self.project.project_classes():
                if not holder.is_module:
                    continue
                for method in holder.summary.methods.values():
                    for built in method.local_builds:
                        # ``SiglipModel.from_pretrained``: a model loaded into the local (``_MODEL_LOADS``).
                        spelled, _, load = built.rpartition(".") if built.endswith(_MODEL_LOADS) else (built, "", "")
                        info = self.project.lookup_class(self.project.qualify(holder.file, spelled)) \
                            or self._only_class_named(spelled.rsplit(".", 1)[-1])  # imported inside the method
                        if info is not None:
                            found.setdefault(info.qualified, []).append((holder.name, method.name, load))
            for file in self._summaries():
                if is_test_module(file.module):
                    continue  # a test building a class is one of its users: the class is for them to hold
                for function, builds in file.function_local_builds.items():
                    if function.startswith("test"):
                        continue
                    for built in builds:
                        spelled, _, load = built.rpartition(".") if built.endswith(_MODEL_LOADS) else (built, "", "")
                        info = self.project.lookup_class(self.project.qualify(file, spelled)) \
                            or self._only_class_named(spelled.rsplit(".", 1)[-1])
                        if info is not None:
                            found.setdefault(info.qualified, []).append(("", function, load))
            self._transient = found
        return self._transient

    def _only_class_named(self, name: str) -> ClassInfo | None:
        found = self.project.project_classes_named(name)
        return found[0] if len(found) == 1 else None

    def _name_calls(self, name: str, every_file: bool = False, spaced: bool = True) -> int:
        """How many times the linted files call ``name(...)`` (the index's ``FileSummary.name_calls``: calls in code,
        and ``name(`` written in a string, such as a docstring's ``>>> model = Foo(config)``): the files that define
        classes, or with ``every_file`` all of them (a builder module of functions). Without ``spaced``, ``name (``
        in a string is not a call (a docstring's "Multi-Scale STFT (MS-STFT)"). The index keeps call lines only for
        names with a capital; for an all-lowercase class name (``vgg16``) any use of the name in those files counts
        as a call (:data:`_UNCOUNTED_CALLS`): the signs that read this count then keep the class's findings."""
        self.name_reads.add(name)
        summaries = self._summaries() if every_file else self._class_files()
        if name.islower():
            return _UNCOUNTED_CALLS if any(name in summary.words for summary in summaries) else 0
        total = 0
        for summary in summaries:
            total += len(summary.name_calls.get(name, ()))
            if spaced:
                total += len(summary.spaced_name_calls.get(name, ()))
        return total

    def _load_count(self, name: str) -> int:
        """How many times the code of every linted file loads ``name`` (``<name>.from_pretrained(...)``,
        ``from_config``: ``FileSummary.load_counts``). A docstring's example is the library's documentation for its
        users, not the tree's code (a vendored transformers model shows ``Model.from_pretrained`` in each)."""
        self.name_reads.add(name)
        return sum(summary.load_counts.get(name, 0) for summary in self._summaries())

    def _class_files(self) -> list[FileSummary]:
        """The summaries of the files that define classes of the project."""
        paths = {info.file.path for info in self.project.project_classes()}
        return [summary for summary in self._summaries() if summary.path in paths]

    def _name_calls_in_modules(self, name: str) -> int:
        """How many calls of ``name(...)`` the module classes' bodies hold (its own ``class`` line left out): the
        index's call lines that fall inside those bodies (an all-lowercase name: any use of it in their files)."""
        self.name_reads.add(name)
        total = 0
        for info in self.project.project_classes():
            if not info.is_module or info.name == name:
                continue
            summary = info.file
            if name.islower():
                total += int(name in summary.words)
                continue
            for lines in (summary.name_calls.get(name, ()), summary.spaced_name_calls.get(name, ())):
                total += sum(1 for line in lines if info.summary.line <= line <= info.summary.end_line)
        return total

    def defined_only_by_plain_classes(self, name: str) -> bool:
        """Whether the linted classes that define a method ``name`` are all plain classes (no module class defines
        it, and it is no ``nn.Module`` method): a call of it on an attribute the index cannot type reaches an object
        of one of them (span_marker's model card dataclass), not a submodule."""
        self.name_reads.add(name)
        if self._method_definers is None:
            definers: dict[str, set[bool]] = {}
            for info in self.project.project_classes():
                for method in info.summary.methods:
                    definers.setdefault(method, set()).add(info.is_module or not self.bases_read(info))
            self._method_definers = {method: frozenset(kinds) for method, kinds in definers.items()}
        return bool(name) and self._method_definers.get(name) == frozenset({False}) \
            and name not in HARMLESS_MODULE_METHODS and name not in torch_nn.MODULE_ATTRIBUTES

    def _other_framework(self, cls: ClassInfo) -> bool:
        """Whether a base of ``cls`` is another framework's layer or model (TensorFlow, Keras, Flax)."""
        return any(base.startswith(_OTHER_FRAMEWORKS) or self.project.qualify(info.file, base).startswith(_OTHER_FRAMEWORKS)
                   for info in cls.mro if not info.external for base in info.bases)

    def roles(self) -> dict[str, set[str]]:
        if self._roles is None:
            self._index_children()
        return self._roles

    def owners(self) -> dict[str, list[ClassInfo]]:
        if self._owners is None:
            self._index_children()
        return self._owners

    def block_holders(self) -> dict[str, list[ClassInfo]]:
        """Each module class -> the modules holding it as an element of a ModuleList/Sequential."""
        if self._block_holders is None:
            self._index_children()
        return self._block_holders

    def _index_children(self) -> None:
        """Who builds each module class, and in which role (block element, block module, child)."""
        roles: dict[str, set[str]] = {}
        owners: dict[str, list[ClassInfo]] = {}
        block_holders: dict[str, list[ClassInfo]] = {}
        for parent in self.project.project_classes():
            if not parent.is_module:
                continue
            for owned in parent.owned.values():
                if owned.given:
                    continue  # handed in: built elsewhere (``SamOnnxModel(model: Sam)``), so no sign of a child-only class
                if owned.kind == torch_nn.CONTAINER:
                    role = "block"
                elif owned.name in parent.block_modules:
                    role = "block_module"
                else:
                    role = "child"
                for qualified in owned.classes:
                    info = self.project.lookup_class(qualified)
                    key = info.qualified if info is not None else qualified
                    roles.setdefault(key, set()).add(role)
                    owners.setdefault(key, []).append(parent)
                    if role == "block":
                        block_holders.setdefault(key, []).append(parent)
            for key in self._nested_elements(parent):
                # A layer inside a container that is itself an element (``ModuleList([ModuleList([cel, Transformer()])
                # ...])``): block level hooks the inner container as the block, so this class is a child inside it.
                roles.setdefault(key, set()).add("child")
                owners.setdefault(key, []).append(parent)
        # Built by a module's method and handed to a constructor there (``PerceiverModel(config,
        # decoder=PerceiverClassificationDecoder(...))`` in a head model's ``__init__``): a child of the receiver.
        for receiver, handed in self.project.built_into_modules():
            parent = self.project.lookup_class(receiver)
            if parent is None or not parent.is_module:
                continue
            roles.setdefault(handed, set()).add("child")
            owners.setdefault(handed, []).append(parent)
        self._roles, self._owners, self._block_holders = roles, owners, block_holders

    def _nested_elements(self, parent: ClassInfo) -> set[str]:
        """The project module classes ``parent``'s containers hold inside a container element, not as elements."""
        found: set[str] = set()
        for method in parent.summary.methods.values():
            for record in method.assigns:
                if len(record.element_calls) <= len(record.elements):
                    continue  # (a container built whole, or grown by ``.append(...)``: its element calls)
                direct = set(record.elements)
                for callee, *_ in record.element_calls:
                    if callee in direct:
                        continue
                    info = self.project.lookup_project_class(self.project.qualify(parent.file, callee))
                    if info is not None and info.is_module:
                        found.add(info.qualified)
        return found


# Packages of other frameworks' layers and models: a class deriving from one holds no torch module as a component.
_OTHER_FRAMEWORKS = ("tensorflow.", "keras.", "tf_keras.", "flax.", "haiku.", "jax.")

def _self_loading(cls: ClassInfo) -> bool:
    """Whether a class of the tree in ``cls``'s bases defines a classmethod that loads a model (``load_model``,
    ``from_pretrained``): users get their instance from it and hold it."""
    return any("classmethod" in method.decorators and method.name.startswith(("load", "from_"))
               for info in cls.mro if not info.external for method in info.summary.methods.values())


def _class_names(node: Node) -> set[str]:
    """The short class names a module on an access path may be (``LlamaDecoderLayer``)."""
    names = {qualified.rsplit(".", 1)[-1] for qualified in node.classes}
    if node.info is not None:
        names.add(node.info.name)
    return names


# What any loaded model answers without its weights (config, devices, dtypes, adapters, accessors).
MODEL_API_NAMES = frozenset({
    "config", "dtype", "device", "training", "name_or_path", "main_input_name", "base_model_prefix",
    "generation_config", "can_generate", "hf_device_map", "peft_config", "active_adapters", "num_parameters",
    "get_input_embeddings", "get_output_embeddings", "get_encoder", "get_decoder", "set_input_embeddings",
    "set_output_embeddings", "resize_token_embeddings", "gradient_checkpointing_enable", "tie_weights",
    "get_adapter_state_dict", "set_adapter", "disable_adapters", "enable_adapters", "load_adapter",
    "add_adapter", "is_gradient_checkpointing", "warnings_issued", "floating_point_ops", "get_memory_footprint",
    # nn.Module's own lookups, and timm's model API for what ``timm.create_model`` builds (parameter-name
    # groups, configs, head rebuilds: no weight computed with).
    "get_parameter", "get_buffer", "group_matcher", "no_weight_decay", "set_grad_checkpointing", "get_classifier",
    "reset_classifier", "pretrained_cfg", "default_cfg", "feature_info", "num_features", "num_classes",
    "prune_intermediate_layers", "set_input_size",
})


def _built_and_handed_out(cls: ClassInfo, owned: Owned) -> bool:
    """``self.<name>`` is built (not handed in) by a method other than ``__init__`` that returns it."""
    if owned.given or owned.is_tensor or not owned.line:
        return False
    return any(method.start_line <= owned.line <= method.end_line and owned.name in method.returned_attributes
               for name, method in cls.summary.methods.items() if name != "__init__")


def reached_on_self(cls: ClassInfo, starts: list[str]) -> set[str]:
    """The methods of ``cls`` among ``starts``, and those they reach through ``self.<name>`` calls."""
    methods = cls.methods
    seen: set[str] = set()
    pending = list(starts)
    while pending:
        name = pending.pop()
        if name in seen or name not in methods:
            continue
        seen.add(name)
        pending.extend(methods[name][1].self_calls)
    return seen


def inference_methods(holder: ClassInfo) -> set[str]:
    """The methods a module's inference runs: its ``forward``, Lightning's ``predict_step``, and what they reach."""
    return reached_on_self(holder, ["forward", "predict_step"])


def training_methods(task: ClassInfo) -> set[str]:
    """The methods only Lightning's training of a task runs: its steps, optimizer set-up and ``on_*`` hooks, and what
    they reach, less what its inference (:func:`inference_methods`) runs too."""
    starts = [name for name in task.methods if name in torch_nn.LIGHTNING_TRAINING_HOOKS or name.startswith("on_")]
    return reached_on_self(task, starts) - inference_methods(task)


def _used_on_inference_path(holder: ClassInfo) -> set[str]:
    """The first names of the ``self.<chain>`` the methods of a module's inference use (:func:`inference_methods`)."""
    used: set[str] = set()
    for name in inference_methods(holder):
        summary = holder.methods[name][1]
        used.update(chain[0] for chain in summary.self_chains if chain)
        used.update(chain[0] for chain in summary.passed_chains if chain)
    return used


def owns_parameter(cls: ClassInfo) -> bool:
    """Whether the module has an ``nn.Parameter`` of its own: ``next(self.parameters())`` (and
    transformers' ``PreTrainedModel.device``) is then that one, onloaded with the module's own group."""
    return any(owned.is_tensor and not owned.is_buffer for owned in cls.owned.values())


# The call count of an all-lowercase class name the linted files use (the index keeps no call lines for such names):
# more than any construction site list, so every sign reading it keeps the class's findings.
_UNCOUNTED_CALLS = 1_000_000
# The prefix of the ``name_reads`` entries that name a command-line switch the run found unset (the index's
# ``options_set`` holds both switches set and attributes stored on other objects: one prefix).
SWITCH_READ = ATTRIBUTE_STORE_READ
_TRANSFORMERS_MODEL_BASES = frozenset(base for base in KNOWN_MODULE_BASES if base.startswith("transformers."))
TRANSFORMERS_MODEL_BASES = _TRANSFORMERS_MODEL_BASES
# Steps after a weight that read its metadata only (kept where group offloading moves the data).
_METADATA_STEPS = (("shape",), ("dtype",), ("size",), ("ndim",))
