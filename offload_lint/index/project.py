"""The whole-program index: classes across files and installed packages, and what each module owns.

Installed packages are *read*, never imported: their source is located on ``sys.path`` by
hand (``importlib.util.find_spec`` would execute parent packages) and summarized with
the same cheap ``ast`` pass as the linted files.

Module names belong to a *root*: the directory a linted file's top-level package (or the
file itself) sits in, as a ``sys.path`` entry would. A module of the root that is not
linted is read from the root before ``sys.path``, so the answer for a tree does not depend
on which part of it is linted or on what is installed. Two roots holding the same top-level
package (a vendored copy, two versions side by side) each keep their own names: the first
root in path order uses the plain names, every other one a private prefix.
"""

from __future__ import annotations

import ast
import os
import re
import sys
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Callable, TypeVar

from . import torch_nn
from ..source import parse_python
from .extract import summarize
from .summary import HOST_COPY_PREFIX, Assigned, ClassSummary, FileSummary, LayerFactory, MethodSummary, ModuleWrapper

_R = TypeVar("_R")  # what a file's table records of one of its module-level functions

# Bases known without reading any source (used when the package is not installed).
GROUP_OFFLOAD_AWARE_BASES = {
    "diffusers.ModelMixin",
    "diffusers.models.ModelMixin",
    "diffusers.models.modeling_utils.ModelMixin",
}
# Model bases whose source is never read (transformers' infrastructure modules): whole models.
KNOWN_MODULE_BASES = GROUP_OFFLOAD_AWARE_BASES | {
    "transformers.PreTrainedModel",
    "transformers.modeling_utils.PreTrainedModel",
    "transformers.PreTrainedAudioTokenizerBase",
    "transformers.modeling_utils.PreTrainedAudioTokenizerBase",
}
_MAX_DEPTH = 24
# What a file that never binds these names gets from a star import it cannot read: torch's conventional names.
_CONVENTIONAL_NAMES = {"torch": "torch", "nn": "torch.nn", "F": "torch.nn.functional"}
# Bases whose instance attributes are known without reading them (nn.Module's are its API and
# ``training``, none of them a module called as ``self.<name>(...)``).
_PLAIN_BASES = frozenset({"object", "torch.nn.Module", "torch.nn.modules.module.Module"})


_MODEL_FACTORIES = {"from_config", "_from_config", "from_pretrained"}
# ``Auto*`` classes whose factories build no ``nn.Module``: tokenizers, processors, feature extractors, configs.
_NOT_MODEL_AUTO = re.compile(r"(Tokenizer|TokenizerFast|Processor|FeatureExtractor|Config)$")
# Well-known functions that build and return an nn.Module whatever their arguments, as an import spells
# them: ``self.trunk = timm.create_model(name, ...)`` owns a module child (of a class the index cannot
# name), as ``self.model = AutoModel.from_config(...)`` does (``_MODEL_FACTORIES``). One list, here.
# Methods only a torch module has: ``__init__`` calling one on a child built by an unreadable function says the
# child is a module (``self.model = dac.utils.load_model(...)`` then ``self.model.eval()``).
_MODULE_ONLY_METHODS = frozenset({"eval", "train", "requires_grad_", "parameters", "named_parameters", "modules",
                                  "named_modules", "buffers", "named_buffers", "children", "named_children"})


@lru_cache(maxsize=None)
def _installed(package: str) -> bool:
    """Whether the top-level ``package`` can be imported here (found, not imported)."""
    import importlib.util

    try:
        return importlib.util.find_spec(package) is not None
    except (ImportError, ValueError):
        return True  # unsure: not taken for an unread package


MODULE_FACTORY_FUNCTIONS = frozenset({
    "timm.create_model", "timm.models.create_model", "timm.models._factory.create_model",
    "open_clip.create_model", "open_clip.factory.create_model",
    "torchvision.models.get_model", "torchvision.models._api.get_model",
})


# Site, Owned, and the summaries' records below are slotted: a run on transformers ``models/`` holds tens of
# thousands of each, and an instance dictionary per record was a tenth of the run's memory.
@dataclass(frozen=True, slots=True)
class Site:
    """A span of source in one file, and the class whose method holds it."""

    path: str
    line: int  # 1-based
    column: int  # 1-based
    end_line: int
    end_column: int  # 1-based, exclusive
    holder: str  # qualified name of the class


@dataclass(frozen=True, slots=True)
class EveryLayerWrapped:
    """A layer wrapper a class's ``__init__`` applies to every layer it holds (``apply_spectral_norm(self)``)."""

    wrapper: str  # qualified (``torch.nn.utils.spectral_norm``)
    site: Site  # the wrapper call: the helper's when the helper is linted, else the call in ``__init__``
    called_at: Site  # the statement in ``__init__``
    helper: str  # ``apply_spectral_norm() (path:line)``; "" when ``__init__`` applies the wrapper itself


@dataclass(slots=True)
class Owned:
    """What ``self.<name>`` is in a module class."""

    name: str
    is_tensor: bool = False
    is_buffer: bool = False
    kind: str | None = None  # a torch_nn kind for children
    classes: tuple[str, ...] = ()  # qualified class names of the child (or of container elements)
    line: int = 0
    wrapper: str | None = None  # qualified ``torch.nn.utils.weight_norm`` when the layer was wrapped
    # A 0-dim parameter/buffer (``nn.Parameter(torch.tensor(1.0))``, ``torch.ones([])``): torch
    # lets a 0-dim CPU tensor take part in ops with tensors on another device.
    is_scalar: bool = False
    site: Site | None = None  # the constructing call
    wrapper_site: Site | None = None  # the call that applies ``wrapper``
    # The module-level helper that applies the wrapper (``path:line`` of its wrapper call).
    wrapper_helper: str | None = None
    # That helper's wrapper call, when the helper is linted: the one line to change for all its callers.
    wrapper_helper_site: Site | None = None
    # The container that helper returns the wrapped layer in (``nn.Sequential``); "" when it returns the layer.
    wrapper_helper_container: str = ""
    # For ``nn.TransformerEncoder/Decoder(layer, n)``: the qualified class of ``layer`` (empty: not seen).
    layers: tuple[str, ...] = ()
    # Handed in to ``__init__`` (``self.base_layer = base_layer``, a ``base_layer: nn.Module`` parameter).
    given: bool = False
    # Handed in untyped: the construction that typed it (``Wrapper(...) at path:line``), for messages.
    typed_by: str = ""
    # A part of a module handed in (``vision_encoder.visual``), taken for a module because the class calls it.
    handed_part: str = ""
    # Layer parameters the construction turned off (``bias=False``, or a config field defaulting to False).
    absent: tuple[str, ...] = ()
    # Built by a function of a package neither linted nor installed, then treated as a module in ``__init__``
    # (``self.model = dac.utils.load_model(...)``; ``self.model.eval()``): why it is taken for some model.
    unread_factory: str = ""
    # Built by calling a name that holds a class (``self.norm = norm_layer(dim)`` with ``norm_layer=nn.LayerNorm``):
    # which classes it may be and why, for messages.
    built_from: str = ""
    # Handed in, and among ``classes``: those a module class's method constructs and hands to this parameter
    # (``PerceiverModel(config, decoder=PerceiverClassificationDecoder(...))`` in a head's ``__init__``). Built
    # into that module's tree, they are this holder's children (their roles), not roots offloaded alone.
    built_in_module: tuple[str, ...] = ()
    # A container built empty whose ``classes`` are what later appends add (``self.layers.append(Block(...))``).
    grown: bool = False
    # A bound method of a part of a module handed in (``embed.emb_text.__call__``): the handed module's class (as
    # qualified); the part is that module's child, not this class's.
    bound_method_of: str = ""
    # A container whose appended elements are bare ``nn.Module()`` namespaces given their layers as attributes
    # (``down = nn.Module(); down.block = ...; down.downsample = ...; self.down.append(down)``): an attribute of an
    # element is a layer, and nothing runs an element's forward().
    namespace_elements: bool = False


def is_test_module(module: str) -> bool:
    """Whether the module (named from its root, as imported) is a test: under a ``tests`` / ``test`` package, or a
    ``test_*`` / ``*_test`` / ``conftest`` module, as pytest collects them."""
    parts = module.split(".")
    last = parts[-1]
    return last.startswith("test_") or last.endswith("_test") or last == "conftest" \
        or any(part in ("tests", "test") for part in parts[:-1])


@dataclass
class ClassInfo:
    summary: ClassSummary
    file: FileSummary
    qualified: str
    external: bool
    project: "ProjectIndex" = field(repr=False)

    @property
    def name(self) -> str:
        return self.summary.name

    @cached_property
    def bases(self) -> tuple[str, ...]:
        return tuple(self.project.qualify(self.file, base) for base in self.summary.bases)

    @cached_property
    def mro(self) -> tuple["ClassInfo", ...]:
        """This class and its resolvable bases, most derived first (depth-first, deduplicated)."""
        seen: dict[str, ClassInfo] = {}
        stack: list[tuple[ClassInfo, int]] = [(self, 0)]
        while stack:
            info, depth = stack.pop(0)
            if info.qualified in seen or depth > _MAX_DEPTH:
                continue
            seen[info.qualified] = info
            for base in info.bases:
                resolved = self.project.lookup_class(base)
                if resolved is not None:
                    stack.append((resolved, depth + 1))
        return tuple(seen.values())

    @cached_property
    def base_names(self) -> frozenset[str]:
        """Every qualified base name reachable, resolvable or not (also without a root prefix:
        a second copy of diffusers still has diffusers' ModelMixin as a base)."""
        names: set[str] = set()
        for info in self.mro:
            names.add(info.qualified)
            names.update(info.bases)
        return frozenset(names | {_without_prefix(name) for name in names if name.startswith(_PREFIX_START)})

    @cached_property
    def torch_base_kind(self) -> str | None:
        """The kind inherited from a ``torch.nn`` base (a Linear subclass is a leaf)."""
        kinds = {torch_nn.torch_kind(name) for name in self.base_names} - {None}
        if not kinds and self.base_names & torch_nn.THIRD_PARTY_MODULES:
            return torch_nn.MODULE
        for kind in (torch_nn.LEAF, torch_nn.CONTAINER, torch_nn.MODULE_DICT, torch_nn.TENSOR_CONTAINER, torch_nn.MODULE):
            if kind in kinds:
                return kind
        return None

    @cached_property
    def torch_layer_base(self) -> str | None:
        """The ``torch.nn`` layer this class derives from (``torch.nn.Linear`` for ``class
        _LinearWithBias(nn.Linear)``), most derived first; None for a plain ``nn.Module`` subclass. Its parameters are
        the layer's (``weight``, ``bias``), and diffusers' leaf level hooks it as that layer (an ``isinstance``
        check)."""
        for info in self.mro:
            for base in info.bases:
                if torch_nn.is_torch_nn(base) and torch_nn.torch_kind(base) not in (None, torch_nn.WEIGHTLESS) \
                        and torch_nn.torch_class_name(base) != "Module":
                    return base
        return None

    @cached_property
    def is_module(self) -> bool:
        return self.torch_base_kind is not None or self.loaded_from_config

    @cached_property
    def loaded_from_config(self) -> bool:
        """A model class users load and call as a whole (diffusers' ``ModelMixin``, transformers'
        ``PreTrainedModel``): its constructor options come from a checkpoint's config, its public methods are API."""
        return bool(self.base_names & KNOWN_MODULE_BASES)

    @cached_property
    def is_group_offload_aware(self) -> bool:
        """diffusers' ``ModelMixin.device`` reports the onload device under group offloading."""
        return bool(self.base_names & GROUP_OFFLOAD_AWARE_BASES)

    @cached_property
    def methods(self) -> dict[str, tuple["ClassInfo", MethodSummary]]:
        """Methods by name as attribute lookup finds them (most derived wins)."""
        found: dict[str, tuple[ClassInfo, MethodSummary]] = {}
        for info in reversed(self.mro):
            for name, method in info.summary.methods.items():
                found[name] = (info, method)
        return found

    @cached_property
    def block_modules(self) -> tuple[str, ...]:
        for info in self.mro:
            if info.summary.block_modules is not None:
                return info.summary.block_modules
        return ()

    def declared(self, attribute: str) -> tuple[str, ...] | None:
        """A class-attribute declaration (``_no_split_modules``), as the most derived class sets it."""
        for info in self.mro:
            if attribute in info.summary.declared:
                return info.summary.declared[attribute]
        return None

    @cached_property
    def supports_group_offloading(self) -> bool:
        for info in self.mro:
            if info.summary.supports_group_offloading is not None:
                return info.summary.supports_group_offloading
        return True

    @cached_property
    def owned(self) -> dict[str, Owned]:
        """``self.<name>`` -> what it is, merged over the MRO (derived assignments win)."""
        owned: dict[str, Owned] = {}
        for info in reversed(self.mro):
            wraps: list[Assigned] = []
            # Names some assignment binds whatever the options: a record made only under an option the defaults
            # leave off, and nothing in the tree sets, is left out for them (``A if flag else nn.Identity()``). A
            # name bound only under the option keeps it (code using it runs only when the option is on).
            by_default = {record.name for method in info.summary.methods.values() for record in method.assigns
                          if not self.project.options_of(info, record) and record.kind != "wrap"}
            for method in info.summary.methods.values():
                for record in method.assigns:
                    option = self.project.options_of(info, record)
                    if option and (record.name in by_default or record.kind == "wrap") \
                            and not self.project.option_set(info, option):
                        continue
                    if record.kind == "wrap":
                        wraps.append(record)
                        continue
                    merged = self.project.describe(info, record)
                    if merged is None:
                        continue
                    previous = owned.get(record.name)
                    owned[record.name] = merged if previous is None else _merge(previous, merged)
            # ``weight_norm(self.conv)`` wraps what the assignments made, wherever it is written.
            for record in wraps:
                previous = owned.get(record.name)
                if previous is None or previous.is_tensor:
                    continue
                if record.elements and previous.kind in (torch_nn.CONTAINER, torch_nn.MODULE_DICT) \
                        and (not previous.classes or previous.grown):
                    # ``self.layers = nn.ModuleList()``, then ``self.layers.append(Block(...))``: typed by what is added.
                    # A bare ``nn.Module()`` given children afterwards (``down = nn.Module(); down.block = ...``) is a
                    # namespace whose parts the class alone does not show: it leaves the elements unknown.
                    added = tuple(dict.fromkeys(qualified for name in record.elements
                                                for qualified in self.project.element_classes(info.file, name)))
                    if added and _BARE_MODULE not in added:
                        previous = owned[record.name] = replace(previous, classes=tuple(dict.fromkeys(
                            previous.classes + added)), grown=True)
                    elif added and set(added) == {_BARE_MODULE} and not previous.classes:
                        previous = owned[record.name] = replace(previous, namespace_elements=True)
                if previous.wrapper:
                    continue
                if record.wrapper is None:
                    # ``self.ups.append(wn_conv(...))``: an element added by a wrapping helper (``element_calls``).
                    for callee, *span in record.element_calls:
                        found = self.project.layer_factory(info.file, callee)
                        if found is not None:
                            owned[record.name] = replace(previous, **self.project._through_factory(info, found,
                                                                                                   tuple(span)))
                            break
                    continue
                owned[record.name] = replace(previous, **self.project._wrapping(info, info.file, record))
        return owned

    def never_binds(self, name: str, model_base_names: frozenset[str] | None = None) -> bool:
        """Whether no instance can have the attribute ``name``: every class of the MRO is read (bases
        only ``torch.nn.Module`` or ``object`` outside it) and none binds it by name or computes names.
        A diffusers/transformers model base answers "maybe", unless ``model_base_names`` gives every name
        transformers' ``PreTrainedModel`` (which has no ``__getattr__``) and its mixins bind."""
        if name.startswith("__") or name in torch_nn.MODULE_ATTRIBUTES:
            return False
        known = self.base_names & KNOWN_MODULE_BASES
        if known and (model_base_names is None or name in model_base_names
                      or not all(base.startswith("transformers.") for base in known)):
            return False
        for info in self.mro:
            for base in info.bases:
                if base in known:
                    continue
                if self.project.lookup_class(base) is None and base not in _PLAIN_BASES:
                    return False  # an unread base (or a torch.nn class with attributes of its own)
            if _binds(info.summary, name):
                return False
        # A base's method may call what only its subclasses define (``self._update_cache()``).
        return not any(_binds(sub.summary, name) for sub in self.project.subclasses(self))

    @cached_property
    def has_weights(self) -> bool:
        return self.project.class_has_weights(self, set())


_BARE_MODULE = "torch.nn.Module"
_BOUND_CALLS = frozenset({"__call__", "forward"})


def _binds(summary: ClassSummary, name: str) -> bool:
    return summary.dynamic_attributes or name in summary.bound_attributes or name in summary.methods


def _option_default(info: ClassInfo, option: str) -> str | None:
    """The literal default of ``info.__init__``'s parameter ``option`` (as ``repr``), or None."""
    init = info.summary.methods.get("__init__")
    return dict(init.option_defaults).get(option) if init is not None else None


def _merge(old: Owned, new: Owned) -> Owned:
    if new.is_tensor or old.is_tensor:
        return old if old.is_tensor else new
    kinds = [k for k in (old.kind, new.kind) if k]
    # A leaf in any branch (``nn.Linear(...) if cond else nn.Identity()``) keeps the leaf rules on.
    order = [torch_nn.LEAF, torch_nn.CONTAINER, torch_nn.MODULE_DICT, torch_nn.TENSOR_CONTAINER, torch_nn.MODULE,
             torch_nn.WEIGHTLESS]
    kind = next((k for k in order if k in kinds), None)
    wrapped = old if old.wrapper else new
    # What the class builds itself is certain; a handed-in module's class is the one seen handed (resolved first).
    classes = new.classes + old.classes if old.given and not new.given else old.classes + new.classes
    return Owned(old.name, kind=kind, classes=tuple(dict.fromkeys(classes)), line=old.line,
                 wrapper=wrapped.wrapper, site=old.site, wrapper_site=wrapped.wrapper_site,
                 wrapper_helper=wrapped.wrapper_helper, wrapper_helper_site=wrapped.wrapper_helper_site,
                 wrapper_helper_container=wrapped.wrapper_helper_container, built_from=old.built_from or new.built_from)


@dataclass(frozen=True)
class Root:
    """A directory whose top-level packages the linted files belong to."""

    directory: Path
    prefix: str  # "" for the first root holding a package; "<n>." for later copies
    packages: frozenset[str]  # top-level package (or module) names linted under it


_PREFIX_START = "<"


def _without_prefix(name: str) -> str:
    return name.split(">.", 1)[1] if name.startswith(_PREFIX_START) and ">." in name else name


def import_nearness(candidate: str, module: list[str], importer: str) -> tuple[int, int]:
    """How near a file that an import of ``module`` may load is to the importing file: first whether the folder the
    import starts from (the candidate's path less the module's folders) holds the importer (Python looks in the
    script's folder and its packages' roots: EDTalk's ``demo.py`` loads ``networks/generator.py`` beside it, not
    ``train/networks/generator.py``), then how many folders the two paths share (two programs run from their own
    folders, each with a ``model.py``)."""
    parts = candidate.replace("\\", "/").split("/")
    depth = len(module) if parts[-1] == "__init__.py" else len(module) - 1
    root = folder_prefix(parts[:len(parts) - 1 - depth])
    holds = importer.replace("\\", "/").startswith(root)
    folders, other = parts[:-1], importer.replace("\\", "/").split("/")[:-1]
    shared = 0
    for left, right in zip(folders, other):
        if left != right:
            break
        shared += 1
    return int(holds), shared


def folder_prefix(parts: list[str], separator: str = "/") -> str:
    """``a/b/`` for the folders ``[a, b]``; "" for none: a relative path's top folder is the working directory, which
    holds every other relative path (``"/"`` would hold none of them, and make results depend on where the linter
    runs: ``offload-lint .`` against ``offload-lint /abs/path``)."""
    return separator.join(parts) + separator if parts else ""


def root_directory(summary: FileSummary) -> Path:
    """The directory above the file's top-level package (the file's own folder outside packages)."""
    path = Path(os.path.realpath(summary.path))
    depth = summary.module.count(".") + (1 if summary.is_package else 0)
    parents = path.parents
    return parents[depth] if depth < len(parents) else path.parent


def assign_roots(summaries: list[FileSummary]) -> dict[str, Root]:
    """Each file's root, by path. Roots are taken in path order, so the order of the paths on
    the command line does not change which copy keeps the plain names."""
    by_directory: dict[Path, list[FileSummary]] = {}
    for summary in summaries:
        by_directory.setdefault(root_directory(summary), []).append(summary)
    claimed: set[str] = set()
    roots: dict[str, Root] = {}
    for number, directory in enumerate(sorted(by_directory, key=str)):
        files = by_directory[directory]
        packages = frozenset(f.module.split(".")[0] for f in files)
        root = Root(directory, f"{_PREFIX_START}{number}>." if packages & claimed else "", packages)
        claimed |= packages
        for summary in files:
            roots[summary.path] = root
    return roots


class ProjectIndex:
    """Classes of the linted files plus whatever installed packages they inherit from."""

    def __init__(self, summaries: list[FileSummary], read_installed: bool = True,
                 external_cache: dict[str, tuple[object, FileSummary]] | None = None,
                 templates: frozenset[str] = frozenset(),
                 identify: Callable[[str], tuple[str, object] | None] | None = None) -> None:
        """``identify``: a file read outside the linted ones -> (its key in ``external_cache``, its
        version then), None when it cannot be read; by default its path and (size, mtime)."""
        self.templates = templates  # paths of files that are never imported (see can_run)
        self._roots = assign_roots(summaries)  # by file path; also for files read from a root
        distinct = {root.directory: root for root in self._roots.values()}.values()
        self._root_by_prefix = {root.prefix: root for root in distinct if root.prefix}
        # A top-level name not linted under the asking file's root is looked up in the root
        # that holds it with plain names (src/ and tests/ linted together), then on sys.path.
        self._plain_root_of = {package: root for root in distinct if not root.prefix for package in root.packages}
        self.modules: dict[str, FileSummary] = {self._prefix(s) + s.module: s for s in summaries}
        # Summaries of installed modules by path, kept across runs by the engine's cache.
        self.external_cache = external_cache if external_cache is not None else {}
        self.external_cache_changed = False
        self.external_used: dict[str, object] = {}  # files read outside the linted ones: key -> version
        self._identify = identify or stat_identity
        self.files = summaries
        self._by_path: dict[str, FileSummary] | None = None
        self.read_installed = read_installed
        self._external: dict[str, FileSummary | None] = {}  # by prefixed module name
        self._classes: dict[str, ClassInfo] = {}
        self._kinds_in_progress: set[str] = set()
        self._passed_keywords: frozenset[str] | None = None
        self._class_keywords: dict[str, frozenset[str]] = {}
        self._handed_on: dict[tuple[str, str], int] | None = None
        self._handers_of: dict[tuple[str, str], list[ClassInfo]] | None = None
        self._every_keyword: frozenset[str] = frozenset()
        self._bytes: dict[str, bytes | None] = {}
        self._defines: dict[tuple[str, str], bool] = {}
        self._stars: dict[str, list[str]] = {}
        self._missing: set[str] = set()
        self._subclasses: dict[str, list[ClassInfo]] | None = None
        # class -> (argument key, the argument's class, where it is constructed)
        self._constructions: dict[str, list[tuple[str, str, str, bool]]] | None = None
        # class -> (argument key, the class source handed, where): ``MAR(norm_layer=partial(nn.LayerNorm, ...))``
        self._class_arguments: dict[str, list[tuple[str, str, str]]] | None = None
        self._project_packages = {summary.module.split(".")[0] for summary in summaries}
        self._by_stem: dict[str, list[tuple[str, FileSummary]]] | None = None  # (:meth:`_files_ending`)
        self._folder_imports: dict[tuple[str, str], str | None] = {}
        for summary in summaries:
            for cls in summary.classes:
                qualified = self._prefix(summary) + (f"{summary.module}.{cls.qualname}" if summary.module else cls.qualname)
                self._classes[qualified] = ClassInfo(cls, summary, qualified, False, self)
        # Fixed from here on (installed classes read later are external): listed once, and by name.
        self._project_classes = list(self._classes.values())
        self._project_by_name: dict[str, list[ClassInfo]] = {}
        for info in self._project_classes:
            self._project_by_name.setdefault(info.name, []).append(info)

    def file_at(self, path: str) -> FileSummary | None:
        """The summary of the linted file at ``path``, or of an installed one read so far."""
        if self._by_path is None:
            self._by_path = {summary.path: summary for summary in self.files}
        found = self._by_path.get(path)
        if found is None:
            found = next((s for s in self._external.values() if s is not None and s.path == path), None)
        return found

    def can_run(self, file: FileSummary) -> bool:
        """False for a generation template (transformers' modular_x.py): its code never runs, only
        the file generated from it does, so its call sites make nothing an entry point."""
        return file.path not in self.templates

    # --- roots ------------------------------------------------------------------------
    def _prefix(self, file: FileSummary) -> str:
        root = self._roots.get(file.path)
        return root.prefix if root is not None else ""

    def module_key(self, file: FileSummary, dotted: str) -> str:
        """The key in :attr:`modules` of the linted module ``dotted`` (a name of ``file``'s own root: a later copy
        of a package keeps its root's ``<n>.`` prefix there)."""
        return self._prefix(file) + dotted

    def _in_namespace(self, file: FileSummary, dotted: str) -> str:
        """An absolute name imported in ``file``, in the namespace of ``file``'s root."""
        root = self._roots.get(file.path)
        if root is None or not root.prefix or dotted.split(".", 1)[0] not in root.packages:
            return dotted
        return root.prefix + dotted

    def _root_for(self, module_name: str) -> tuple[Root | None, str]:
        """(the root to read ``module_name`` from, its name without prefix)."""
        plain = _without_prefix(module_name)
        if plain != module_name:
            return self._root_by_prefix.get(module_name[: len(module_name) - len(plain)]), plain
        return self._plain_root_of.get(plain.split(".", 1)[0]), plain

    def _locate(self, module_name: str) -> tuple[str | None, bool, Root | None]:
        """The source file of a (possibly prefixed) module that is not linted: in its root, else
        (plain names only) on sys.path. Returns (path, is_package, root it was found in)."""
        root, plain = self._root_for(module_name)
        if root is not None:
            path, is_package = _find_in(str(root.directory), plain)
            if path is not None:
                return path, is_package, root
        path, is_package = _find_source(plain)
        return path, is_package, None

    # --- names ------------------------------------------------------------------------
    def declared_by_calls(self, kind: str) -> frozenset[str]:
        """Names the linted files declare through calls (``register_fsdp_forward_method``), by kind."""
        return frozenset(name for summary in self.files for name in summary.declarations.get(kind, ()))

    @cached_property
    def fsdp_forward_methods(self) -> frozenset[str]:
        return self.declared_by_calls("fsdp_forward_methods")

    @cached_property
    def z3_leaf_modules(self) -> frozenset[str]:
        return self.declared_by_calls("z3_leaf_modules")

    @cached_property
    def preload_module_classes(self) -> frozenset[str]:
        return self.declared_by_calls("preload_module_classes")

    def subclasses(self, info: ClassInfo) -> list[ClassInfo]:
        """The linted classes that have ``info`` among their bases, directly or not."""
        if self._subclasses is None:
            self._subclasses = {}
            for candidate in self.project_classes():
                for base in candidate.mro[1:]:
                    self._subclasses.setdefault(base.qualified, []).append(candidate)
        return self._subclasses.get(info.qualified, [])

    def project_classes(self) -> list[ClassInfo]:
        """The linted files' classes, in the index's order (one list for the run: iterate it, do not change it)."""
        return self._project_classes

    def project_classes_named(self, name: str) -> list[ClassInfo]:
        """The linted files' classes called ``name``, in the index's order (a scan of every class per question
        was a tenth of a cold run on transformers ``models/``)."""
        return self._project_by_name.get(name, [])

    def qualify(self, file: FileSummary, dotted: str, depth: int = 0) -> str:
        """A name as spelled in ``file`` -> its fully qualified dotted name."""
        head, _, rest = dotted.partition(".")
        alias = file.aliases.get(head)
        if alias is not None and head not in file.imports and depth < 8 and not any(c.qualname == head for c in file.classes):
            return self.qualify(file, f"{alias}.{rest}" if rest else alias, depth + 1)
        if head in file.imports:
            target = self._in_namespace(file, file.imports[head])
            target = f"{target}.{rest}" if rest else target
            return self._through_namespace_folder(file, target) or target
        local = self._prefix(file) + (f"{file.module}.{dotted}" if file.module else dotted)
        if any(c.qualname == head for c in file.classes):
            return local
        readable = True
        for star in file.star_imports:
            module = self._in_namespace(file, star)
            candidate = f"{module}.{dotted}"
            if self.lookup_class(candidate) is not None:
                return candidate
            summary = self.modules.get(module) or self._external_module(module)
            if summary is None:
                readable = False
            elif depth < 8 and (head in summary.imports or head in summary.aliases):
                # ``from .common import *`` where common.py does ``import torch.nn as nn``: the name as it spells it.
                return self.qualify(summary, dotted, depth + 1)
        conventional = _CONVENTIONAL_NAMES.get(head)
        if conventional is not None and (head == "torch" or file.star_imports and not readable):
            # ``torch.nn.Module`` in a file that never binds ``torch`` (IMS-Toucan's AMP.py gets it from
            # ``from alias_free_torch import *``, a package neither linted nor installed): the name is torch's.
            return f"{conventional}.{rest}" if rest else conventional
        return local

    def _through_namespace_folder(self, file: FileSummary, target: str) -> str | None:
        """The linted module an import in ``file`` loads, where its name alone does not say: a package reached
        through folders without ``__init__.py`` (Diffsound's ``specvqgan.modules.diffusionmodules.model``, whose
        linted module is ``model``), or several copies of it side by side (``Codebook/specvqgan`` and
        ``Diffsound/specvqgan``), where Python finds the one beside the running script: the linted file whose path
        ends in the import's folders, nearest ``file``. None when the name resolves as it is."""
        key = (file.path, target)
        if key in self._folder_imports:
            return self._folder_imports[key]
        plain = _without_prefix(target)
        parts = plain.split(".")
        found: str | None = None
        for cut in range(len(parts) - 1, 1, -1):  # a folder and a file at least
            files = self._files_ending(parts[:cut])
            if not files:
                continue
            nearest = max(files, key=lambda other: (import_nearness(other.path, parts[:cut], file.path), other.path))
            if len(files) > 1 or nearest.module != ".".join(parts[:cut]):
                module = self._prefix(nearest) + nearest.module
                found = ".".join([module, *parts[cut:]]) if nearest.module else ".".join(parts[cut:])
            break
        self._folder_imports[key] = found
        return found

    def _files_ending(self, parts: list[str]) -> list[FileSummary]:
        """The linted files whose path ends in ``parts`` (``a/b/c.py`` or ``a/b/c/__init__.py``)."""
        if self._by_stem is None:
            self._by_stem = {}
            for summary in self.files:
                path = summary.path.replace("\\", "/")
                stem = path[:-len("/__init__.py")] if path.endswith("/__init__.py") else path[:-3]
                self._by_stem.setdefault(stem.rsplit("/", 1)[-1], []).append((stem, summary))
        suffix = "/" + "/".join(parts)
        # (A relative path may be the whole suffix: ``ttv_v1/styleencoder`` linted as ``.``.)
        return [summary for stem, summary in self._by_stem.get(parts[-1], ()) if ("/" + stem).endswith(suffix)]

    def lookup_class(self, qualified: str, depth: int = 0) -> ClassInfo | None:
        """Find the class a qualified name denotes, following re-exports and installed packages."""
        if qualified in self._classes:
            return self._classes[qualified]
        if qualified in self._missing:
            return None
        found = self._lookup(qualified, depth)
        if found is None:
            found = self._through_namespace(qualified, depth)
        if found is None and self.read_installed:
            self._missing.add(qualified)
        return found

    def _through_namespace(self, qualified: str, depth: int) -> ClassInfo | None:
        """A class imported through namespace packages (PEP 420: folders without ``__init__.py``) above a linted
        package: stablediffusion's ``ldm.modules.karlo.kakao.modules.unet.SuperResUNetModel``, where ``ldm/`` and
        ``ldm/modules/`` have none, so the linted module is ``karlo.kakao.modules.unet``. Taken only when the found
        module's file sits under folders named by the dropped parts (``.../ldm/modules/karlo/...``)."""
        parts = qualified.split(".")
        if parts[0] in self._project_packages or depth > _MAX_DEPTH:
            return None
        for start in range(1, len(parts) - 1):
            if parts[start] not in self._project_packages:
                continue
            found = self._lookup(".".join(parts[start:]), depth + 1)
            if found is None or found.external:
                continue
            module_parts = found.file.module.split(".")
            folders = Path(found.file.path).parents
            level = len(module_parts) - (0 if found.file.is_package else 1)
            if level < len(folders) and _folders_end_with(folders[level], parts[:start]):
                return found
        return None

    def lookup_project_class(self, qualified: str) -> ClassInfo | None:
        """Like :meth:`lookup_class`, for a class of the linted files only (reads no installed source)."""
        reading, self.read_installed = self.read_installed, False
        try:
            found = self.lookup_class(qualified)
        finally:
            self.read_installed = reading
        return found if found is not None and not found.external else None

    def _lookup(self, qualified: str, depth: int) -> ClassInfo | None:
        if depth > _MAX_DEPTH or torch_nn.is_torch_nn(qualified) or qualified.startswith("torch."):
            return None
        if qualified in KNOWN_MODULE_BASES and qualified.split(".")[0] not in self._project_packages:
            return None  # known without reading (transformers' modeling_utils alone is 5k lines)
        parts = qualified.split(".")
        first = 2 if qualified.startswith(_PREFIX_START) else 1  # "<n>" alone is no module
        for cut in range(len(parts) - 1, first - 1, -1):
            module_name = ".".join(parts[:cut])
            summary = self.modules.get(module_name) or self._external_module(module_name)
            if summary is None:
                continue
            rest = ".".join(parts[cut:])
            found = self._classes.get(f"{self._prefix(summary)}{summary.module}.{rest}")
            if found is not None:
                return found
            head = parts[cut]
            if head in summary.imports:
                target = self._in_namespace(summary, summary.imports[head])
                tail = ".".join(parts[cut + 1 :])
                redirected = f"{target}.{tail}" if tail else target
                if redirected != qualified:
                    return self.lookup_class(redirected, depth + 1)
            for star in summary.star_imports:
                star = self._in_namespace(summary, star)
                if not self._may_define(star, parts[cut]):
                    continue
                found = self.lookup_class(f"{star}.{rest}", depth + 1)
                if found is not None:
                    return found
                if self._binds(star, parts[cut]):
                    # The first star-imported module that binds the name decides (a lazy package such as
                    # transformers star-imports hundreds of families, many importing ``AutoModel``: reading
                    # the others would only find the same binding again).
                    return None
            return None
        return None

    def _binds(self, module_name: str, name: str, depth: int = 0) -> bool:
        """Whether a module already read binds ``name`` at its top level: a class, an import, or through
        the modules it star-imports (only those already read: a lookup through them has just read them)."""
        summary = self.modules.get(module_name) or self._external.get(module_name)
        if summary is None or depth > 8:
            return False
        if name in summary.imports or any(cls.qualname == name for cls in summary.classes):
            return True
        return any(self._binds(self._in_namespace(summary, star), name, depth + 1) for star in summary.star_imports)

    def _may_define(self, module_name: str, name: str, depth: int = 0) -> bool:
        """Cheap byte search before summarizing a star-imported module (lazy packages such as
        transformers star-import hundreds of modules; only the one naming the class matters)."""
        if module_name in self.modules or depth > 8:
            return True
        key = (module_name, name)
        if key not in self._defines:
            self._defines[key] = False  # cycle guard
            data = self._source_bytes(module_name)
            self._defines[key] = data is not None and (
                _defines_or_imports(data, name)
                or any(self._may_define(target, name, depth + 1) for target in self._star_targets(module_name))
            )
        return self._defines[key]

    def _star_targets(self, module_name: str) -> list[str]:
        if module_name not in self._stars:
            data = self._source_bytes(module_name) or b""
            package = module_name if self._locate(module_name)[1] else module_name.rpartition(".")[0]
            self._stars[module_name] = [_absolute(m.group(1).decode(), package) for m in _STAR_IMPORT.finditer(data)]
        return self._stars[module_name]

    def _source_bytes(self, module_name: str) -> bytes | None:
        if module_name not in self._bytes:
            path, _, _ = self._locate(module_name)
            try:
                self._bytes[module_name] = open(path, "rb").read() if path else None
            except OSError:
                self._bytes[module_name] = None
        return self._bytes[module_name]

    def _external_module(self, module_name: str) -> FileSummary | None:
        """Summarize a module that is not linted (of a linted root, or installed) without importing it."""
        plain = _without_prefix(module_name)
        if not self.read_installed or plain.split(".")[0] in _NEVER_MODULES:
            return None
        if plain.startswith(_KNOWN_WITHOUT_READING):
            return None
        if module_name in self._external:
            return self._external[module_name]
        self._external[module_name] = None  # guards against cycles while reading
        path, is_package, root = self._locate(module_name)
        if path is None:
            return None
        summary = self._read_external(path, plain, is_package)
        if summary is None:
            return None
        if root is not None:
            self._roots.setdefault(summary.path, root)
        prefix = self._prefix(summary)
        self._external[module_name] = summary
        for cls in summary.classes:
            qualified = f"{prefix}{plain}.{cls.qualname}"
            self._classes.setdefault(qualified, ClassInfo(cls, summary, qualified, True, self))
        return summary

    def _read_external(self, path: str, module_name: str, is_package: bool) -> FileSummary | None:
        identity = self._identify(path)
        if identity is None:
            return None
        key, version = identity
        self.external_used[key] = version
        cached = self.external_cache.get(key)
        if cached is not None and cached[0] == version and cached[1].module == module_name:
            return cached[1] if cached[1].path == path else replace(cached[1], path=path)
        try:
            with open(path, "rb") as handle:
                tree = parse_python(handle.read(), path)
        except (OSError, SyntaxError, ValueError, RecursionError, MemoryError):
            return None
        summary = summarize(tree, path, module_name, is_package)
        self.external_cache[key] = (version, summary)
        self.external_cache_changed = True
        return summary

    # --- ownership ----------------------------------------------------------------------
    def passed_keywords(self) -> frozenset[str]:
        """Keyword names the linted files pass where what a call builds is not known, so any class may be given
        them: calls of a value (``self.mixer_cls(...)``, ``cls(...)``), of a tree's function or class whose
        ``__init__`` takes ``**kwargs`` (it may forward them), a dict literal's keys. Calls of a function the
        tree does not define (``F.layer_norm(..., bias=b)``, a kernel) cannot build a class of the tree. Read once."""
        if self._passed_keywords is None:
            loose: set[str] = set()
            by_class: dict[str, set[str]] = {}
            every: set[str] = set()
            # Every linted file: a module-level function building a class sets its options too (a training
            # script's ``UNet2DConditionModel(time_embedding_type="fourier")``).
            for file in self.files:
                if is_test_module(file.module):
                    # A test sets each option to exercise it; it is no configuration the tree builds (and the
                    # same tree linted as ``src/`` alone, without its tests, must give the same findings).
                    continue
                loose |= file.keywords
                for callee, keywords in file.call_keywords.items():
                    every |= keywords
                    built = self._keyword_target(file, callee)
                    if built is None:
                        loose |= keywords
                    for name in built or ():
                        by_class.setdefault(name, set()).update(keywords)
                for callee, option, _ in file.forwarded_keywords:
                    every.add(option)
                    if self._keyword_target(file, callee) is None:
                        loose.add(option)  # handed to a call the index cannot place: it may set any class's
            self._passed_keywords = frozenset(loose)
            self._class_keywords = {name: frozenset(keywords) for name, keywords in by_class.items()}
            self._every_keyword = frozenset(every | loose)
        return self._passed_keywords

    def _keyword_target(self, file: FileSummary, callee: str) -> tuple[str, ...] | None:
        """What a call's keywords may set: the qualified classes it may build, () for nothing of the tree (a
        function defined outside it, or one of the tree's without ``**kwargs``), None when unknown (loose)."""
        head = callee.split(".", 1)[0]
        if head not in file.imports and head not in file.aliases and head not in file.module_functions \
                and not any(c.qualname == head for c in file.classes):
            if callee == head and head[:1].isupper():
                # ``from mamba_ssm.modules.mamba2 import Mamba2`` inside a test function: the tree's classes so named.
                named = tuple(self.project_classes_named(head))
                if named and not any(base.summary.init_kwargs for info in named for base in info.mro):
                    return tuple(info.qualified for info in named)
            return None  # a value: ``self.mixer_cls(...)``, ``cls(...)``, ``model.generate(...)``
        qualified = self.qualify(file, callee)
        built = self.lookup_project_class(qualified)
        if built is not None:
            return None if any(info.summary.init_kwargs for info in built.mro) else (built.qualified,)
        module_name, _, name = qualified.rpartition(".")
        summary = self.modules.get(module_name)
        if summary is not None and name in summary.module_functions:
            return None if summary.module_functions[name] else ()
        parts = qualified.split(".")
        if any(".".join(parts[:count]) in self.modules for count in range(1, len(parts) + 1)):
            return None  # something of the tree the index does not place (``Model.from_pretrained``)
        return ()

    def keywords_for(self, holder: ClassInfo) -> frozenset[str]:
        """The keyword names some call in the tree may pass to ``holder``'s constructor: the loose ones, and those
        passed to calls that build ``holder`` or a subclass (by name, alias, ``partial`` or ``super().__init__``).
        A class read from installed packages may be built by anything: every keyword counts."""
        found = set(self.passed_keywords())
        if holder.external:
            return self._every_keyword
        for info in [holder, *self.subclasses(holder)]:
            found |= self._class_keywords.get(info.qualified, frozenset())
        return frozenset(found)

    @staticmethod
    def options_of(holder: ClassInfo, record: Assigned) -> tuple[str, ...]:
        """The constructor options ``record`` is bound under, as read for ``holder``: none for one a stored parameter
        decides (``Assigned.option_stored``) in a class users load from a config, whose checkpoint may set it."""
        return () if record.option_stored and holder.loaded_from_config else record.option

    def option_set(self, holder: ClassInfo, options: tuple[str, ...],
                   visiting: frozenset[str] = frozenset()) -> bool:  # used by ClassInfo.owned
        """Whether some call in the linted tree may set one of ``holder``'s constructor ``options``: passed by
        keyword to a call that may build it, or a call of the class's name with enough positional arguments. An
        option handed on under its own name (``Block(dim, filter_type=filter_type)``) sets it only where the
        holders handing it on may differ from ``holder``'s default (:meth:`_handed_on_set`)."""
        passed = self.keywords_for(holder)
        if set(options) & passed:
            return True
        if any(self._handed_on_set(holder, option, visiting) for option in options):
            return True
        init = holder.summary.methods.get("__init__")
        if init is None:
            return True
        params = list(init.params)
        if f"{holder.name}(*" in passed:
            return True
        for option in options:
            if option not in params:
                return True  # decided by something the index cannot place: keep the branch
            position = params.index(option) - (1 if params[:1] == ["self"] else 0)
            if any(f"{holder.name}({count}" in passed for count in range(position + 1, position + 40)):
                return True
        return False

    def _handed_on_set(self, holder: ClassInfo, option: str, visiting: frozenset[str]) -> bool:
        """Whether the calls that hand ``option`` on to ``holder`` under its own name may set it: each must be made
        by the ``__init__`` of a class of the tree (:attr:`MethodSummary.forwarded_options`) whose own parameter has
        the literal default ``holder``'s has, whose options no checkpoint config sets, and whose own option no call
        of the tree sets (asked again of it, up the chain). Any other such call (a function's, a default that
        differs or is no literal) may set it."""
        builds = [holder, *self.subclasses(holder)]
        count = sum(self._handed_on_counts().get((info.qualified, option), 0) for info in builds)
        if not count:
            return False
        handers = self.option_handers(holder, option)
        if len(handers) < count or holder.qualified in visiting:
            return True
        default = _option_default(holder, option)
        for hander in handers:
            if default is None or _option_default(hander, option) != default or hander.loaded_from_config \
                    or self.option_set(hander, (option,), visiting | {holder.qualified}):
                return True
        return False

    def option_handers(self, holder: ClassInfo, option: str) -> list[ClassInfo]:
        """The classes whose ``__init__`` hands ``option`` on to ``holder`` (or a subclass) under its own name."""
        return [hander for info in [holder, *self.subclasses(holder)]
                for hander in self._handers().get((info.qualified, option), ())]

    def _handed_on_counts(self) -> dict[tuple[str, str], int]:
        """(class built, option) -> how many calls of the tree hand the option on under its own name."""
        if self._handed_on is None:
            counts: dict[tuple[str, str], int] = {}
            for file in self.files:
                if is_test_module(file.module):
                    continue  # as for :meth:`passed_keywords`
                for callee, option, count in file.forwarded_keywords:
                    for name in self._keyword_target(file, callee) or ():  # unplaced calls: loose keywords
                        counts[(name, option)] = counts.get((name, option), 0) + count
            self._handed_on = counts
        return self._handed_on

    def _handers(self) -> dict[tuple[str, str], list[ClassInfo]]:
        """(class built, option) -> the classes whose ``__init__`` hands the option on to it, once per call."""
        if self._handers_of is None:
            found: dict[tuple[str, str], list[ClassInfo]] = {}
            for info in self.project_classes():
                if is_test_module(info.file.module):
                    continue
                init = info.summary.methods.get("__init__")
                for callee, option in init.forwarded_options if init is not None else ():
                    for name in self._keyword_target(info.file, callee) or ():
                        found.setdefault((name, option), []).append(info)
            self._handers_of = found
        return self._handers_of

    def describe(self, holder: ClassInfo, record: Assigned) -> Owned | None:
        """Turn one construction record of ``holder``'s methods into an :class:`Owned` fact."""
        file = holder.file
        site = self.site(holder, record.site)
        if record.kind in ("parameter", "buffer"):
            return Owned(record.name, is_tensor=True, is_buffer=record.kind == "buffer", line=record.line,
                         is_scalar=self._is_scalar(holder, record.scalar), site=site)
        if record.kind == "container":
            qualified = self.qualify(file, record.callee)
            kind = torch_nn.torch_kind(qualified) or self.kind_of_class(qualified)
            if kind == torch_nn.TENSOR_CONTAINER:
                kind = torch_nn.MODULE_DICT  # a ParameterDict of modules (the index records no other as a container)
            elements = tuple(dict.fromkeys(c for e in record.elements for c in self.element_classes(file, e)))
            owned = Owned(record.name, kind=kind, classes=elements, line=record.line, site=site,
                          **self._wrapping(holder, file, record))
            if owned.wrapper is None:
                for callee, *span in record.element_calls:
                    found = self.layer_factory(file, callee)
                    if found is not None:
                        return replace(owned, **self._through_factory(holder, found, tuple(span)))
            return owned
        if record.kind == "given":
            qualified = record.callee if record.callee == "torch.nn.Module" else self.qualify(file, record.callee)
            kind = self.kind_of_class(qualified)
            if kind is None and (sign := self._unread_annotation(holder, record, qualified)):
                return Owned(record.name, kind=torch_nn.MODULE, classes=(qualified,), line=record.line, site=site,
                             given=True, unread_factory=sign)
            if kind is None:
                return None
            if kind == torch_nn.WEIGHTLESS and self._subclass_has_weights(qualified):
                # ``quantizer: BaseQuantizer``, an abstract base without weights: any subclass may be handed in.
                kind = torch_nn.MODULE
            built = self._handed_subclasses(holder, record, qualified)
            asserted = (f"typed by assert isinstance({record.elements[0]}, {record.callee}) in {holder.name}.__init__"
                        if record.elements[2:] == ("isinstance",) else "")
            return Owned(record.name, kind=kind, classes=(qualified,) + built, line=record.line, site=site,
                         given=True, built_in_module=built, typed_by=asserted)
        if record.kind == "given_part":
            return self._called_part(holder, record, site)
        if record.kind == "call" and record.item is not None:
            return self._returned_child(holder, record, site)
        if record.kind == "class_built":
            built = self._class_built(holder, record, site)
            if built is None and record.elements[:1] and record.elements[0].startswith("holder:"):
                # The holder is no plain class with that attribute: the call as any other call.
                return self.describe(holder, replace(record, kind="call", elements=()))
            return built
        if record.kind == "untyped":
            handed = self._handed_classes(holder, record.callee, int(record.elements[0]))
            modules = [(c, where, inside) for c, where, inside in handed
                       if self.kind_of_class(c) not in (None, torch_nn.WEIGHTLESS)]
            if not modules:
                return None  # never constructed where the index sees it, or with no module: unknown, as before
            kinds = {self.kind_of_class(c) for c, _, _ in modules}
            qualified, where, _ = modules[0]
            return Owned(record.name, kind=torch_nn.MODULE if len(kinds) > 1 else kinds.pop(),
                         classes=tuple(c for c, _, _ in modules), line=record.line, site=site, given=True,
                         typed_by=f"{holder.name}(...) at {where} is handed a {qualified.rsplit('.', 1)[-1]}",
                         built_in_module=tuple(c for c, _, inside in modules if inside))
        if record.kind == "call":
            qualified = self.qualify(file, record.callee)
            kind = self.kind_of_class(qualified)
            found = self.layer_factory(file, record.callee) if kind is None and not record.wrapper else None
            if found is not None and found[1].container:
                # ``self.block = conv_block(...)`` returning ``nn.Sequential(spectral_norm(nn.Conv2d(...)), ...)``: a
                # container holding the wrapped layer.
                return Owned(record.name, kind=torch_nn.CONTAINER,
                             classes=self._returned_sequential(holder, record.callee) or (), line=record.line, site=site,
                             **self._through_factory(holder, found, record.site))
            if found is not None:
                factory_file, factory = found
                layer = self.qualify(factory_file, factory.layer)
                kind = self.kind_of_class(layer)
                if kind is None:
                    return None
                return Owned(record.name, kind=kind, classes=(layer,), line=record.line, site=site,
                             **self._through_factory(holder, found, record.site))
            if kind is None and not record.wrapper \
                    and (sequential := self._returned_sequential(holder, record.callee)) is not None:
                # ``self.embedding = TimePositionalEmbedding(...)`` returning ``nn.Sequential(...)``, timm's
                # ``self.layer1 = self._make_layer(...)``: a container.
                return Owned(record.name, kind=torch_nn.CONTAINER, classes=sequential, line=record.line, site=site)
            if kind is None and (container := self._returned_container(holder, record.callee)) is not None:
                # ``self.embedding_dict = self._init_model()`` returning ``nn.ParameterDict({...})``.
                return Owned(record.name, kind=self.kind_of_class(container), classes=(container,), line=record.line,
                             site=site)
            if kind is None:
                qualified, kind = self._built_model(qualified)
            if kind is None and (sign := self._unread_module_factory(holder, record, qualified)):
                return Owned(record.name, kind=torch_nn.MODULE, classes=(qualified,), line=record.line, site=site,
                             unread_factory=sign)
            if kind is None:
                return None  # a function's whole result is not typed here (see _returned_child)
            return Owned(record.name, kind=kind, classes=(qualified,), line=record.line, site=site,
                         **self._wrapping(holder, file, record),
                         layers=tuple(self.qualify(file, layer) for layer in record.elements),
                         absent=self._absent(holder, record.absent))
        return None

    def _class_built(self, holder: ClassInfo, record: Assigned, site: Site | None) -> Owned | None:
        """``self.norm = norm_layer(dim)``: a child built by calling a name that holds a class, typed by every class
        it may hold (:meth:`Scope.class_sources`): the parameter's default and the classes constructions the index
        sees hand that parameter (``MAR(norm_layer=partial(nn.LayerNorm, eps=1e-6))``), a local's class, each
        class the function it was picked by returns, or a holder object's class attribute (``layers.conv_norm_act``,
        :meth:`_held_classes`). Unknown (None, as before) when one of them is no class the index can type, or nothing
        gives a class; a parameter no default and no construction fills is then typed by its annotation's class
        (``Optional[Type[nn.Module]] = None``: some module), if it has one. The child has weights when one of its
        classes has; the trace (``built_from``) says which and why."""
        candidates: list[tuple[str, bool, str]] = []  # (qualified class, affine weights off, why)
        annotated: list[tuple[str, bool, str]] = []  # the annotation's class: only when nothing else gives one
        for source in record.elements:
            tag, _, rest = source.partition(":")
            if tag == "annotated":
                annotated.append((self.qualify(holder.file, rest), False,
                                  f"annotated as a {rest} class, and no construction the index sees hands one"))
                continue
            if tag == "param":
                name, _, position = rest.rpartition(":")
                for handed, where in self._passed_classes(holder, name, int(position)):
                    off, _, spelled = handed.partition(":")
                    candidates.append((spelled, off == "off", f"{where} passes {spelled.rsplit('.', 1)[-1]}"))
                continue
            if tag == "holder":
                held = self._held_classes(holder, rest)
                if not held:
                    return None
                candidates.extend(held)
                continue
            if tag == "returned":
                found = self._class_returns(holder.file, rest)
                if not found:
                    return None  # a function returning something else too: unknown
                listed = ", ".join(q.rsplit(".", 1)[-1] for q in found)
                candidates.extend((q, False, f"{rest}() returns one of {listed}") for q in found)
                continue
            off, _, spelled = rest.partition(":") if tag == "default" else (tag, "", rest)
            if not spelled:
                return None
            why = f"its default {spelled}" if tag == "default" else f"bound to {spelled}"
            candidates.append((self.qualify(holder.file, spelled), off == "off", why))
        candidates = candidates or annotated
        if not candidates:
            return None
        kinds: list[tuple[str, str, str]] = []
        for qualified, off, why in candidates:
            kind = torch_nn.WEIGHTLESS if off else self.kind_of_class(qualified)
            if kind is None:
                return None  # one class the index cannot type: unknown, as before
            kinds.append((qualified, kind, why))
        weighted = [(q, k, why) for q, k, why in kinds if k != torch_nn.WEIGHTLESS]
        chosen = weighted or kinds
        kind_set = {k for _, k, _ in chosen}
        kind = kind_set.pop() if len(kind_set) == 1 else torch_nn.MODULE
        reasons = "; ".join(dict.fromkeys(why for _, _, why in chosen))
        return Owned(record.name, kind=kind, classes=tuple(dict.fromkeys(q for q, _, _ in chosen)), line=record.line,
                     site=site, **self._wrapping(holder, holder.file, record),
                     absent=self._absent(holder, record.absent),
                     built_from=f"built by {record.callee}(...), which holds a class: {reasons}")

    def _held_classes(self, holder: ClassInfo, source: str) -> list[tuple[str, bool, str]]:
        """``<class>:<attribute>`` of a holder object (timm's ``LayerFn``, a dataclass of layer classes): the class
        its body binds the attribute to and those constructions of it hand by keyword (``LayerFn(conv_norm_act=
        partial(ConvNormAct, ...))``), as ``(qualified, affine weights off, why)``; empty when the holder is a module
        or binds no class there."""
        spelled, _, attribute = source.rpartition(":")
        info = self.lookup_class(self.qualify(holder.file, spelled))
        if info is None or info.is_module:
            return []
        default = next(((base, base.summary.class_attributes[attribute]) for base in info.mro
                        if attribute in base.summary.class_attributes), None)
        if default is None:
            return []
        found: list[tuple[str, bool, str]] = []
        base, bound = default
        if bound != "none":
            off, _, class_spelled = bound.partition(":")
            found.append((self.qualify(base.file, class_spelled), off == "off",
                          f"{info.name}.{attribute} defaults to {class_spelled.rsplit('.', 1)[-1]}"))
        for handed, where in self._passed_classes(info, attribute, -1):
            off, _, qualified = handed.partition(":")
            found.append((qualified, off == "off", f"{where} passes {qualified.rsplit('.', 1)[-1]} as {info.name}.{attribute}"))
        return found

    def _passed_classes(self, holder: ClassInfo, parameter: str, position: int) -> list[tuple[str, str]]:
        """The class sources (``class:<qualified>``/``off:<qualified>``) constructions of ``holder`` the index sees
        hand its ``__init__`` parameter ``parameter`` (by keyword or at ``position``), each with ``path:line``."""
        if self._class_arguments is None:
            self._class_arguments = {}
            for summary in list(self.modules.values()):
                for callee, key, handed, line in summary.class_arguments:
                    target = self.lookup_class(self.qualify(summary, callee))
                    if target is None:
                        continue
                    off, _, spelled = handed.partition(":")
                    self._class_arguments.setdefault(target.qualified, []).append(
                        (key, f"{off}:{self.qualify(summary, spelled)}", f"{summary.path}:{line}"))
        keys = {parameter} | ({str(position)} if position >= 0 else set())
        found: dict[str, str] = {}
        for key, handed, where in self._class_arguments.get(holder.qualified, ()):
            if key in keys:
                found.setdefault(handed, where)
        return list(found.items())

    def _class_returns(self, file: FileSummary, callee: str) -> tuple[str, ...]:
        """The classes (qualified) the linted module-level function ``callee`` may return, each a class in every
        branch (:attr:`FileSummary.class_returns`); empty when it is not such a function."""
        if callee in file.class_returns:
            summary, name = file, callee
        else:
            module_name, _, name = self.qualify(file, callee).rpartition(".")
            summary = self.modules.get(module_name) if module_name else None
        spelled = summary.class_returns.get(name, ()) if summary is not None else ()
        return tuple(self.qualify(summary, c) for c in spelled) if summary is not None else ()

    def _called_part(self, holder: ClassInfo, record: Assigned, site: Site | None) -> Owned | None:
        """``self.vision_encoder = vision_encoder.visual`` with ``vision_encoder: nn.Module``: an attribute of a
        module handed in is some module when the class calls it (``self.vision_encoder(x)``); read only, or never
        called, it may be a tensor, a config or a method, and stays unknown."""
        handed = record.callee if record.callee == "torch.nn.Module" else self.qualify(holder.file, record.callee)
        if self.kind_of_class(handed) in (None, torch_nn.WEIGHTLESS):
            return None
        if not any((record.name,) in method.called_chains for _, method in holder.methods.values()):
            return None
        part = record.elements[0]
        # ``self.emb_text = embed.emb_text.__call__`` (ChatTTS' GPT): a bound method of the handed module's child.
        # nn.Module registers modules set on it, not methods: that child stays the handed module's, offloaded with it.
        bound = part.rsplit(".", 1)[-1] in _BOUND_CALLS and part.count(".") >= 2
        return Owned(record.name, kind=torch_nn.MODULE, classes=("torch.nn.Module",), line=record.line, site=site,
                     given=True, handed_part=part, bound_method_of=handed if bound else "")

    def element_classes(self, file: FileSummary, spelled: str) -> tuple[str, ...]:
        """The classes an element of a container may be: the class it constructs, or, for a module-level function of
        the linted files (hydragnn's ``self.multihead_decoders.append(get_multihead_decoder(...))``), the classes it
        returns whole; the name as qualified when it is neither (an unknown class stays named)."""
        qualified = self.qualify(file, spelled)
        if self.kind_of_class(qualified) is not None:
            return (qualified,)
        return self.returned_classes(file, spelled, None, 0, 0) or (qualified,)

    def _returned_child(self, holder: ClassInfo, record: Assigned, site: Site | None) -> Owned | None:
        """``self.global_pool, self.fc = create_classifier(...)`` (or through locals unpacked so): a child built
        by a module-level function of the linted files, typed by the classes that function (through the functions
        it calls, ``_create_fc(...)`` returning ``nn.Linear``) may return at that position
        (:attr:`FileSummary.function_returns`). A plain ``self.x = build(...)`` is not typed this way: measured on
        open_clip it types whole towers (``_build_vision_tower``) and exposes OFL102 on child methods that read
        no weight values (``lock()``, ``no_weight_decay()``), a judgement of its own."""
        classes = self.returned_classes(holder.file, record.callee or "", record.item, record.items, 0)
        owned = None
        for qualified in classes:
            kind = self.kind_of_class(qualified)
            if kind is None:
                continue
            built = Owned(record.name, kind=kind, classes=(qualified,), line=record.line, site=site)
            owned = built if owned is None else _merge(owned, built)
        return owned

    @staticmethod
    def _own_method(holder: ClassInfo, callee: str | None) -> tuple[ClassInfo, str] | None:
        """(the class defining it, its name) for a callee that is the holder's own method (``self._make_layer``)."""
        method = callee.removeprefix("self.") if callee and callee.startswith("self.") else None
        if method is None or "." in method:
            return None
        defining = next((base for base in holder.mro if method in base.summary.methods), None)
        return None if defining is None else (defining, method)

    def _returned_container(self, holder: ClassInfo, callee: str | None) -> str | None:
        """The tensor container class (``torch.nn.ParameterDict``) the holder's own method ``self.<name>`` returns,
        or None."""
        own = self._own_method(holder, callee)
        if own is None:
            return None
        defining, method = own
        spelled = defining.summary.returned_containers.get(method)
        return None if spelled is None else self.qualify(defining.file, spelled)

    def _returned_sequential(self, holder: ClassInfo, callee: str | None) -> tuple[str, ...] | None:
        """The element classes, in order, of the Sequential the linted module-level function ``callee`` or the
        holder's own method ``self.<name>`` returns (empty: a Sequential of elements not followed); None when it
        returns no Sequential."""
        if not callee:
            return None
        if callee.startswith("self."):
            own = self._own_method(holder, callee)
            if own is None:
                return None
            defining, method = own
            elements = defining.summary.returned_sequentials.get(method)
            return None if elements is None else tuple(self.qualify(defining.file, e) for e in elements)
        file = holder.file
        if "." not in callee and callee in file.returned_sequentials:
            summary, name = file, callee
        else:
            module_name, _, name = self.qualify(file, callee).rpartition(".")
            summary = self.modules.get(module_name) if module_name else None
        elements = summary.returned_sequentials.get(name) if summary is not None else None
        return None if elements is None else tuple(self.qualify(summary, element) for element in elements)

    def returned_classes(self, file: FileSummary, callee: str, item: int | None, items: int,
                         depth: int, installed: bool = False) -> tuple[str, ...]:
        """The classes the module-level function ``callee`` (as spelled in ``file``) may return whole
        (``item`` None) or at position ``item`` of the tuple of ``items`` (0: any length) it returns; empty
        when it is not a linted function (or, with ``installed``, an installed one) or returns something the index
        cannot follow."""
        if depth > 3 or not callee:
            return ()
        if "." not in callee and callee in file.function_returns:
            summary, name = file, callee
        else:
            module_name, _, name = self.qualify(file, callee).rpartition(".")
            summary = self.modules.get(module_name) if module_name else None
            if summary is None and installed and module_name:
                summary = self._external_module(module_name)
        shapes = summary.function_returns.get(name) if summary is not None else None
        if not shapes:
            return ()
        found: list[str] = []
        for is_tuple, elements in shapes:
            if is_tuple != (item is not None) or (item is not None and item >= len(elements)) \
                    or (item is not None and items and items != len(elements)):
                continue  # this return gives another shape (``return global_pool, dropout, fc``)
            for source in elements[item or 0]:
                spelled, _, position = source.partition("[")
                inner, _, length = position[:-1].partition("/") if position else (None, "", "")
                qualified = self.qualify(summary, spelled)
                if inner is None and self.kind_of_class(qualified) is not None:
                    found.append(qualified)
                else:
                    found.extend(self.returned_classes(summary, spelled, int(inner) if inner is not None else None,
                                                       int(length or 0), depth + 1, installed))
        return tuple(dict.fromkeys(found))

    def _handed_classes(self, holder: ClassInfo, parameter: str, position: int) -> list[tuple[str, str, bool]]:
        """The classes of what linted code hands to ``holder``'s ``__init__`` as ``parameter``
        (``ElucidatedDiffusion(net, ...)`` after ``net = Unet(...)``), each with the first construction handing it
        (``path:line``) and whether some construction handing it runs in a module class's method, or builds it in
        the argument of a module's constructor itself (there the object is built into that module's tree). "First"
        is in the order the index lists constructions (``FileSummary.constructions``): the files in the index's
        order; in a file the module, then each function in ``ast.walk`` order; in a scope the order of a depth-first
        stack walk, which visits later statements first, so the first listed is not always the first in the file."""
        self._handed_classes_index()
        keys = {parameter} | ({str(position)} if position >= 0 else set())
        found: dict[str, tuple[str, bool]] = {}
        for key, qualified, where, inside in self._constructions.get(holder.qualified, ()):
            if key in keys:
                first, before = found.get(qualified, (where, False))
                found[qualified] = (first, before or inside)
        return [(qualified, where, inside) for qualified, (where, inside) in found.items()]

    def built_into_modules(self) -> list[tuple[str, str]]:
        """(receiving class, handed class) for each module class a module class's method constructs and hands to
        another class's constructor (``PerceiverModel(config, decoder=PerceiverClassificationDecoder(...))`` in a
        head model's ``__init__``, or in a dict it hands: ``modalities={"image": image_decoder}``), or any code
        builds in the argument of a module's constructor (``Sam(prompt_encoder=PromptEncoder(...))`` in a builder
        function): the instance is built into the module being constructed there, so it is a child, not a root
        offloaded alone."""
        self._handed_classes_index()
        found: list[tuple[str, str]] = []
        for receiver, handed in self._constructions.items():
            for _, qualified, _, inside in handed:
                info = self.lookup_class(qualified) if inside else None
                if info is not None and info.is_module:
                    found.append((receiver, info.qualified))
        return list(dict.fromkeys(found))

    def _handed_classes_index(self) -> None:
        if self._constructions is not None:
            return
        self._constructions = {}
        for summary in list(self.modules.values()):
            for callee, key, argument, line, inline in summary.constructions:
                target = self.lookup_class(self.qualify(summary, callee))
                if target is None:
                    continue
                # ``transformer = build_deformable_transformer(args)``, then ``DeformableDETR(backbone, transformer)``
                # (DETR's builders): what the linted function returns is what is handed.
                returned = () if argument[:1].isupper() else self.returned_classes(summary, argument, None, 0, 0)
                handed = returned or (self.qualify(summary, argument),)
                # Built in a module class's method, or in the very argument of a module's constructor (segment-
                # anything's ``_build_sam()``: ``Sam(prompt_encoder=PromptEncoder(...), ...)``): the object exists
                # only in that module's tree.
                inside = self._in_module_method(summary, line) or (inline and target.is_module)
                for one in handed:
                    self._constructions.setdefault(target.qualified, []).append(
                        (key, one, f"{summary.path}:{line}", inside))

    def _in_module_method(self, summary: FileSummary, line: int) -> bool:
        """Whether ``line`` of ``summary`` lies in a method of a module class."""
        for cls in summary.classes:
            if cls.line <= line <= cls.end_line and any(
                    method.start_line <= line <= method.end_line for method in cls.methods.values()):
                info = self.lookup_class(f"{self._prefix(summary)}{summary.module}.{cls.name}")
                return info is not None and info.is_module
        return False

    def _handed_subclasses(self, holder: ClassInfo, record: Assigned, annotation: str) -> tuple[str, ...]:
        """For ``decoder: Optional[PerceiverAbstractDecoder]`` stored as ``self.decoder``: the module classes
        (the annotation's subclasses) that a module's method constructs and hands to ``holder`` as that parameter
        (``PerceiverModel(config, decoder=PerceiverClassificationDecoder(...))`` in a head model's ``__init__``).
        Such an instance lives in that module's tree, a child of ``holder`` (see :attr:`Owned.built_in_module`)."""
        if len(record.elements) != 2:
            return ()
        parameter, position = record.elements
        base = self.lookup_class(annotation)
        found: list[str] = []
        for qualified, _, inside in self._handed_classes(holder, parameter, int(position)):
            info = self.lookup_class(qualified)
            if not inside or info is None or not info.is_module or qualified == annotation:
                continue
            if base is None and annotation != "torch.nn.Module":
                continue
            if base is not None and not any(step.qualified == base.qualified for step in info.mro):
                continue
            found.append(info.qualified)
        return tuple(found)

    def _unread_module_factory(self, holder: ClassInfo, record: Assigned, qualified: str) -> str:
        """``self.model = dac.utils.load_model(...)``: a function of a package that is neither linted nor installed,
        whose result ``__init__`` then treats as a module (``self.model.eval()``: :data:`_MODULE_ONLY_METHODS`).
        Some model of unknown class (as ``AutoModel.from_config(...)``): the text saying why, or "" when it is not
        one. A function the index can read is never taken so: what it returns is typed (or not) by its code."""
        module_name, _, function = qualified.rpartition(".")
        if not module_name or not function or function[:1].isupper() or module_name in self.modules \
                or self.lookup_class(qualified) is not None or record.wrapper:
            return ""
        init = holder.summary.methods.get("__init__")
        sign = next((site for site in (init.call_sites if init is not None else ())
                     if site.receiver == ("self", record.name) and site.method in _MODULE_ONLY_METHODS
                     and site.line > record.line), None)
        # ``import dac.utils`` inside ``__init__``: the name as spelled is the package (the file's imports lack it).
        spelled = record.callee or ""
        package = (qualified if spelled.split(".", 1)[0] in holder.file.imports else spelled).split(".", 1)[0]
        if sign is None or not package or _installed(package):
            return ""
        return (f"built by {spelled}(), whose package is not installed here; self.{record.name}.{sign.method}() "
                f"at line {sign.line} treats it as a module")

    def _unread_annotation(self, holder: ClassInfo, record: Assigned, qualified: str) -> str:
        """``self.prompt_encoder = prompt_encoder`` with ``prompt_encoder: PromptEncoder`` imported from a package
        that is neither linted nor installed (efficientvit's SAM from ``segment_anything``): some module when the
        class calls it like one (``self.prompt_encoder(...)``, its arguments the tensors a module takes) or reads
        a weight through it (``self.prompt_encoder.<...>.weight``): the text saying why, or "" when nothing in the
        class's own methods says it is a module, or the class is one the index could read."""
        package = qualified.split(".", 1)[0]
        if "." not in qualified or package in self._project_packages or self.lookup_class(qualified) is not None \
                or _installed(package):
            return ""
        for name, (_, method) in holder.methods.items():
            if (record.name,) in method.called_chains:
                evidence = f"self.{record.name}(...) in {name}() calls it as a module"
            elif any(chain[:1] == (record.name,) and chain[-1:] == ("weight",) for chain in method.self_chains):
                evidence = f"{name}() reads a weight through self.{record.name}"
            else:
                continue
            return (f"annotated {record.callee}, whose package ({package}) is not installed here; {evidence}")
        return ""

    def _subclass_has_weights(self, qualified: str) -> bool:
        """Whether a linted subclass of the module class ``qualified`` has weights."""
        info = self.lookup_class(qualified)
        return info is not None and any(
            self.kind_of_class(sub.qualified) not in (None, torch_nn.WEIGHTLESS) for sub in self.subclasses(info))

    def _built_model(self, qualified: str) -> tuple[str, str | None]:
        """``AutoModel.from_config(...)``, ``CLIPVisionModel.from_pretrained(...)``: a model built
        by a class's factory (an ``Auto*`` class stands for any model); ``timm.create_model(...)``: one
        built by a known module factory function (``MODULE_FACTORY_FUNCTIONS``)."""
        if qualified in MODULE_FACTORY_FUNCTIONS:
            return qualified, torch_nn.MODULE
        owner, _, factory = qualified.rpartition(".")
        if factory not in _MODEL_FACTORIES or not owner:
            return qualified, None
        kind = self.kind_of_class(owner)
        if kind is None and owner.rsplit(".", 1)[-1].startswith("Auto") \
                and not _NOT_MODEL_AUTO.search(owner.rsplit(".", 1)[-1]):
            kind = torch_nn.MODULE  # ``AutoModel*``; ``AutoTokenizer``, ``AutoProcessor`` build no module
        return owner, kind

    def site(self, holder: ClassInfo, span: tuple[int, int, int, int] | None) -> Site | None:
        if span is None:
            return None
        line, column, end_line, end_column = span
        return Site(holder.file.path, line, column + 1, end_line, end_column + 1, holder.qualified)

    def _helper_call(self, holder: ClassInfo, file: FileSummary, line: int, column: int, spelled: str) -> Site | None:
        """Where a module-level helper of ``file`` calls a layer wrapper (spelled ``spelled``, at 0-based ``column``):
        the one line to change for every class it serves, when that file is linted; None otherwise."""
        if self.modules.get(self._prefix(file) + file.module) is not file:
            return None
        return Site(file.path, line, column + 1, line, column + 1 + len(spelled), holder.qualified)

    def _through_factory(self, holder: ClassInfo, found: tuple[FileSummary, LayerFactory],
                         span: tuple[int, ...] | None) -> dict:
        """Owned fields for a layer made by a wrapping helper: located at the helper's call."""
        factory_file, factory = found
        helper_site = self._helper_call(holder, factory_file, factory.line, factory.column, factory.wrapper)
        return {
            "wrapper": self.qualify(factory_file, factory.wrapper),
            "wrapper_site": self.site(holder, span),  # type: ignore[arg-type]
            "wrapper_helper": f"{factory.name}() ({factory_file.path}:{factory.line})",
            "wrapper_helper_site": helper_site,
            "wrapper_helper_container": factory.container,
        }

    def pipeline_function(self, file: FileSummary, callee: str) -> tuple[str, MethodSummary] | None:
        """The linted module-level function ``callee`` names in ``file`` that takes a pipeline first."""
        if callee in file.pipeline_functions:
            return file.path, file.pipeline_functions[callee]
        qualified = self.qualify(file, callee)
        module_name, _, name = qualified.rpartition(".")
        summary = self.modules.get(module_name) if module_name else None
        if summary is None or name not in summary.pipeline_functions:
            return None
        return summary.path, summary.pipeline_functions[name]

    def host_copy_names(self, file: FileSummary) -> tuple[tuple[str, str], ...]:
        """The file's names for module-level functions of the linted tree that copy their first argument to host
        memory (:attr:`FileSummary.host_copies`), each with :data:`HOST_COPY_PREFIX` and the function's qualified
        name: its own and those it imports by name (``from deepmd.pt.utils.utils import to_numpy_array``)."""
        found = [(name, f"{HOST_COPY_PREFIX}{file.module}.{name}") for name in file.host_copies]
        # numpy's functions read a tensor's values on the host (``np.meshgrid(self.lats, ...)``: ``Tensor.__array__``).
        found += [(local, f"{HOST_COPY_PREFIX}{target}") for local, target in file.imports.items()
                  if target == "numpy" or target.startswith("numpy.")]
        for local, target in file.imports.items():
            module_name, _, name = self.qualify(file, local).rpartition(".")
            summary = self.modules.get(module_name) if module_name else None
            if summary is not None and summary is not file and name in summary.host_copies:
                found.append((local, f"{HOST_COPY_PREFIX}{target}"))
        return tuple(sorted(found))

    def reads_first_parameter(self, file: FileSummary, callee: str) -> bool:
        """Whether the module-level function ``callee`` (as spelled in ``file``) reads its first argument's
        first parameter (``next(module.parameters())``), where it is defined."""
        if "." not in callee and callee in file.first_parameter_readers:
            return True
        qualified = self.qualify(file, callee)
        for _ in range(4):  # through package re-exports (``from timm.layers import get_device_dtype``)
            module_name, _, name = qualified.rpartition(".")
            summary = (self.modules.get(module_name) or self._external_module(module_name)) if module_name else None
            if summary is None:
                return False
            if name in summary.first_parameter_readers:
                return True
            following = summary.imports.get(name)
            if not following or following == qualified:
                return False
            qualified = following
        return False

    def layer_factory(self, file: FileSummary, callee: str) -> tuple[FileSummary, LayerFactory] | None:
        """The module-level function ``callee`` names, when it returns a wrapped layer."""
        return self._function_record(file, callee, lambda summary: summary.factories)

    def _function_record(self, file: FileSummary, callee: str, table: Callable[[FileSummary], dict[str, _R]],
                         ) -> tuple[FileSummary, _R] | None:
        """What ``table`` records of the module-level function ``callee`` names in ``file`` (its own, or one it
        imports from a linted or installed module; never torch's), with the file that defines it."""
        if "." not in callee and callee in table(file):
            return file, table(file)[callee]
        qualified = self.qualify(file, callee)
        module_name, _, name = qualified.rpartition(".")
        if not module_name or module_name.startswith("torch"):
            return None
        summary = self.modules.get(module_name) or self._external_module(module_name)
        if summary is None or name not in table(summary):
            return None
        return summary, table(summary)[name]

    def _absent(self, holder: ClassInfo, absent: tuple[str, ...]) -> tuple[str, ...]:
        """The turned-off parameters that are certain: ``bias=config.conv_bias`` counts when the config
        class ``__init__`` takes (``config: Lfm2Config``) defaults ``conv_bias`` to False."""
        # ``bias=bias`` with ``bias=False`` the default: off unless some call in the tree passes ``bias=``.
        certain = tuple(name.split("=", 1)[0] for name in absent
                        if ":" not in name and ("=" not in name or name.split("=", 1)[1] not in self.keywords_for(holder)))
        pending = [name.split(":", 1) for name in absent if ":" in name]
        if not pending:
            return certain
        defaults_false: set[str] = set()
        for info in holder.mro:
            annotation = info.summary.init_annotations.get("config")
            config = self.lookup_class(self.qualify(info.file, annotation)) if annotation else None
            if config is not None:
                for base in config.mro:
                    defaults_false |= base.summary.false_fields
                break
        return certain + tuple(name for name, field_name in pending if field_name in defaults_false)

    def _is_scalar(self, holder: ClassInfo, scalar: tuple[str, ...] | None) -> bool:
        """Whether a 0-dim construction is certain: config fields must be declared as scalars by
        the config class ``__init__`` takes (``config: CLIPConfig``), or by the class's own
        ``__init__`` parameters (diffusers' ``register_to_config``)."""
        if scalar is None:
            return False
        if not scalar:
            return True
        sources: list[ClassInfo] = list(holder.mro)
        for info in holder.mro:
            annotation = info.summary.init_annotations.get("config")
            if annotation:
                config = self.lookup_class(self.qualify(info.file, annotation))
                sources = list(config.mro) if config is not None else []
                break
        fields: set[str] = set()
        for info in sources:
            fields |= info.summary.scalar_fields
        return all(name in fields for name in scalar)

    def module_wrapper(self, file: FileSummary, callee: str) -> tuple[FileSummary, ModuleWrapper] | None:
        """The module-level function ``callee`` names in ``file``, when it wraps the modules it is handed."""
        return self._function_record(file, callee, lambda summary: summary.module_wrappers)

    def wrapped_modules(self, holder: ClassInfo) -> list["EveryLayerWrapped"]:
        """The legacy layer wrappers ``holder``'s own ``__init__`` applies to every layer of the module at once
        (:class:`ModulesWrapped`), resolved: the wrapper, and where it is applied (the helper's wrapper call when
        the helper is linted)."""
        init = holder.summary.methods.get("__init__")
        found: list[EveryLayerWrapped] = []
        for record in init.modules_wrapped if init is not None else ():
            option = self.options_of(holder, record)  # type: ignore[arg-type]
            if option and not self.option_set(holder, option):
                continue  # under an option the defaults leave off and no call in the tree sets
            called_at = self.site(holder, record.site)
            assert called_at is not None
            if record.how == "loop":
                found.append(EveryLayerWrapped(self.qualify(holder.file, record.callee), called_at, called_at, ""))
                continue
            helper: tuple[FileSummary, ModuleWrapper | LayerFactory] | None = self.module_wrapper(holder.file,
                                                                                                   record.callee)
            if helper is None or not (helper[1].walks or record.how == "apply"):  # type: ignore[union-attr]
                # ``self.apply(fn)`` with a helper returning the module it wraps (``return spectral_norm(m)``).
                helper = self.layer_factory(holder.file, record.callee) if record.how == "apply" else None
                if helper is None or helper[1].layer:  # type: ignore[union-attr]
                    continue
            helper_file, wrapper = helper
            at = self._helper_call(holder, helper_file, wrapper.line, wrapper.column, wrapper.wrapper) or called_at
            found.append(EveryLayerWrapped(self.qualify(helper_file, wrapper.wrapper), at, called_at,
                                           f"{wrapper.name}() ({helper_file.path}:{wrapper.line})"))
        return found

    def _wrapping(self, holder: ClassInfo, file: FileSummary, record: Assigned) -> dict:
        """Owned's wrapper fields for ``record``: the wrapper it names, or, for a helper that wraps the layer it is
        handed (``apply_parametrization_norm(nn.Conv1d(...), norm)``), the wrapper the helper applies, located at the
        helper's wrapper call."""
        if not record.wrapper:
            return {"wrapper": None, "wrapper_site": self.site(holder, record.wrapper_site)}
        found = self.layer_factory(file, record.wrapper)
        if found is not None and not found[1].layer:
            return self._through_factory(holder, found, record.wrapper_site)
        return {"wrapper": self.qualify(file, record.wrapper), "wrapper_site": self.site(holder, record.wrapper_site)}

    def kind_of_class(self, qualified: str) -> str | None:
        """leaf / container / module_dict / module / weightless, or None if not known to be a module."""
        kind = torch_nn.torch_kind(qualified)
        if kind is not None:
            return kind
        if qualified in torch_nn.ACTIVATION_LOOKUPS:
            return torch_nn.WEIGHTLESS
        info = self.lookup_class(qualified)
        if info is None:
            return torch_nn.MODULE if qualified in KNOWN_MODULE_BASES else None
        if not info.is_module:
            return None
        base_kind = info.torch_base_kind
        if base_kind in (torch_nn.LEAF, torch_nn.CONTAINER, torch_nn.MODULE_DICT, torch_nn.TENSOR_CONTAINER):
            return base_kind
        if _is_tensor_dict(info):
            return torch_nn.TENSOR_CONTAINER
        if qualified in self._kinds_in_progress:  # a class that (indirectly) owns itself
            return torch_nn.MODULE
        self._kinds_in_progress.add(qualified)
        try:
            return torch_nn.MODULE if info.has_weights else torch_nn.WEIGHTLESS
        finally:
            self._kinds_in_progress.discard(qualified)

    def class_has_weights(self, info: ClassInfo, visiting: set[str]) -> bool:
        if info.qualified in visiting:
            return False
        visiting.add(info.qualified)
        if not self._bases_read(info):
            return True  # an unreadable base may own weights: assume it does
        for owned in info.owned.values():
            if owned.is_tensor or owned.kind in (torch_nn.LEAF, torch_nn.MODULE, torch_nn.CONTAINER, torch_nn.MODULE_DICT,
                                                 torch_nn.TENSOR_CONTAINER):
                return True
        return self._builds_weights_through_functions(info)

    def _bases_read(self, info: ClassInfo) -> bool:
        """Whether every base of ``info`` is a class the index knows (linted, installed and read, ``torch.nn``)."""
        return all(self.lookup_class(b) or torch_nn.torch_kind(b) or b in KNOWN_MODULE_BASES or b == "object"
                   for b in info.bases)

    def class_has_parameters(self, info: ClassInfo, visiting: set[str] | None = None) -> bool:
        """Whether instances of ``info`` may own an ``nn.Parameter`` (themselves or through any child), as opposed to
        buffers only (a box decomposition's Pareto front, a Fourier-continuation matrix): a layer or a parameter
        container child, a child of a class that may, or anything the index cannot read counts."""
        visiting = set() if visiting is None else visiting
        if info.qualified in visiting:
            return False
        visiting.add(info.qualified)
        if info.external or not self._bases_read(info):
            return True
        # A torch layer or container base (a Sequential subclass filled by its caller), or attributes set by name.
        if info.summary.dynamic_attributes or any(b != _BARE_MODULE and torch_nn.torch_kind(b) not in
                                                 (None, torch_nn.WEIGHTLESS) for b in info.bases):
            return True
        if self._builds_weights_through_functions(info) or self._calls_untyped_attribute(info):
            return True
        for owned in info.owned.values():
            if owned.is_tensor:
                if not owned.is_buffer:
                    return True
                continue
            if owned.kind == torch_nn.WEIGHTLESS:
                continue
            # A layer, a parameter container, a module handed in, or a child the index could not type (a loaded
            # ``auto_class.from_config(...)``).
            if owned.kind in (torch_nn.LEAF, torch_nn.TENSOR_CONTAINER) or owned.given or owned.unread_factory \
                    or not owned.classes:
                return True
            for qualified in owned.classes:
                child = self.lookup_project_class(qualified)
                if child is None or self.class_has_parameters(child, visiting):
                    return True
        return False

    @staticmethod
    def _calls_untyped_attribute(info: ClassInfo) -> bool:
        """Whether the class binds an attribute the index could not type (a model handed in untyped, a loaded
        ``auto_class.from_config(...)``) and calls it or a method of it: some model, which may hold parameters."""
        owned = info.owned
        bound = {record.name for base in info.mro if not base.external for method in base.summary.methods.values()
                 for record in method.assigns if record.name not in owned and record.kind != "parameter"}
        if not bound:
            return False
        return any(chain and chain[0] in bound for base in info.mro if not base.external
                   for method in base.summary.methods.values() for chain in method.called_chains)

    def _builds_weights_through_functions(self, info: ClassInfo) -> bool:
        """Whether a child the owned facts leave untyped (``self.conv = create_conv2d(...)``: a plain call of a
        function, not typed as a child, see :meth:`_returned_child`) is built by a function of the linted or installed
        files that returns a class with weights in some branch. Asked only for whether the class owns weights: without
        it timm's ``ConvNormAct`` (every child made by a factory) was weightless, or not, depending on whether another
        linted file happened to pass the option that selects its one ``nn.Sequential()`` branch."""
        owned = info.owned
        for base in info.mro:
            for method in base.summary.methods.values():
                for record in method.assigns:
                    if record.kind != "call" or record.item is not None or record.name in owned or record.wrapper:
                        continue
                    for qualified in self.returned_classes(base.file, record.callee or "", None, 0, 0, installed=True):
                        if self.kind_of_class(qualified) not in (None, torch_nn.WEIGHTLESS):
                            return True
        return False


def _is_tensor_dict(info: ClassInfo) -> bool:
    """peft's ``BufferDict``: a plain module with no ``forward()`` and no children whose items
    (``__getitem__``) are the tensors it registers: a forward-less owner, like ``ParameterDict``."""
    if info.torch_base_kind != torch_nn.MODULE or "forward" in info.methods or "__getitem__" not in info.methods:
        return False
    return not any(owned.kind for owned in info.owned.values())


_STAR_IMPORT = re.compile(rb"from\s+(\.*[\w.]*)\s+import\s+\*")


def stat_identity(path: str) -> tuple[str, object] | None:
    """A file by its path and (size, mtime)."""
    try:
        status = os.stat(path)
    except OSError:
        return None
    return path, (status.st_size, status.st_mtime_ns)


def _folders_end_with(folder: Path, names: list[str]) -> bool:
    """Whether ``folder``'s last components are ``names`` (``.../ldm/modules`` and ``["ldm", "modules"]``)."""
    tail = folder.parts[-len(names):] if names else ()
    return list(tail) == names


def _absolute(target: str, package: str) -> str:
    """Resolve ``.sub`` / ``..x`` against ``package``."""
    if not target.startswith("."):
        return target
    dots = len(target) - len(target.lstrip("."))
    base = package.split(".")
    base = base[: len(base) - (dots - 1)] if dots > 1 else base
    rest = target[dots:]
    return ".".join(base + ([rest] if rest else []))


# Top-level packages whose classes are never torch modules: not worth reading.
_NEVER_MODULES = frozenset(getattr(sys, "stdlib_module_names", ())) | {
    "numpy", "PIL", "scipy", "requests", "huggingface_hub", "safetensors", "tokenizers", "packaging", "tqdm",
}


# transformers' infrastructure modules (hundreds of kB each): the one model base they define,
# PreTrainedModel, is in KNOWN_MODULE_BASES; the rest are mixins, configs and utilities
# (transformers.generation is read: pipelines call generate() on their text encoders).
_KNOWN_WITHOUT_READING = (
    "transformers.modeling_utils", "transformers.processing_utils",
    "transformers.configuration_utils", "transformers.tokenization_", "transformers.utils",
    "transformers.integrations", "transformers.image_processing", "transformers.feature_extraction",
    "transformers.modeling_rope_utils", "transformers.models.auto",
)


def _defines_or_imports(data: bytes, name: str) -> bool:
    """Whether a module's bytes define or import ``name`` (not merely mention it in prose).

    Looks at the lines where the name occurs: ``class Name``, an import naming it (also one
    name per line inside a parenthesized import), or ``Name = ...``.
    """
    word = name.encode()
    start = data.find(word)
    while start != -1:
        end = start + len(word)
        whole_word = (start == 0 or not _is_identifier_byte(data[start - 1])) and (
            end == len(data) or not _is_identifier_byte(data[end]))
        if whole_word:
            line_start = data.rfind(b"\n", 0, start) + 1
            line_end = data.find(b"\n", end)
            before = data[line_start:start]
            line = data[line_start : line_end if line_end != -1 else len(data)].strip()
            if line.startswith((b">>>", b"...")):
                pass  # a docstring's example (``>>> from transformers import AutoTokenizer``) imports nothing
            elif (line.startswith(b"class " + word) or b" import " in before or line.rstrip(b",") == word
                    or line.startswith(word + b" =") or line.startswith(word + b"=")):
                return True
        start = data.find(word, end)
    return False


def _is_identifier_byte(byte: int) -> bool:
    return byte == 95 or 48 <= byte <= 57 or 65 <= byte <= 90 or 97 <= byte <= 122


def _installed_path() -> list[str]:
    """sys.path without the entry ``python -m``/``-c`` adds for the working directory: the
    answer must not depend on how the linter was started (console scripts have no such entry)."""
    entries = list(sys.path)
    if entries and (not entries[0] or os.path.abspath(entries[0]) == os.getcwd()):
        entries = entries[1:]
    return entries


# The two lookups below are bounded: a project index asks each module name once (``ProjectIndex._external`` keeps
# the answers, misses included) and right after asks ``_find_in`` again for a root that is on sys.path; kept
# unbounded, their caches held 160,000 answers never asked again (20 MiB on transformers ``models/``).
@lru_cache(maxsize=1024)
def _find_source(module_name: str) -> tuple[str | None, bool]:
    """Locate ``a.b.c`` on sys.path as a file, without importing anything."""
    for entry in _installed_path():
        if not entry or not _is_directory(entry):
            continue
        path, is_package = _find_in(entry, module_name)
        if path is not None:
            return path, is_package
    return None, False


@lru_cache(maxsize=4096)
def _find_in(directory: str, module_name: str) -> tuple[str | None, bool]:
    """Locate ``a.b.c`` under one directory, as a package ``__init__.py`` or a module file."""
    package, _, _ = module_name.rpartition(".")
    if package and not _has_folder(directory, package):
        return None, False  # no ``a/b`` folder: neither file can exist (most names asked are no module)
    base = os.path.join(directory, *module_name.split("."))
    package_init = os.path.join(base, "__init__.py")
    if os.path.isfile(package_init):
        return package_init, True
    if os.path.isfile(base + ".py"):
        return base + ".py", False
    return None, False


@lru_cache(maxsize=None)
def _is_directory(path: str) -> bool:
    return os.path.isdir(path)


@lru_cache(maxsize=None)
def _has_folder(directory: str, package: str) -> bool:
    """Whether ``directory`` has the folder of dotted ``package`` (``a.b``: ``a/b``)."""
    parent, _, _ = package.rpartition(".")
    if parent and not _has_folder(directory, parent):
        return False
    return _is_directory(os.path.join(directory, *package.split(".")))
