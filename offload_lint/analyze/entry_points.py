"""Which method runs under which hook.

``forward``, and methods reachable only from ``forward`` through the class's own call
graph, run inside the module's forward hook ("hooked"). Every other method is an entry
point: nothing onloads the module's weights for it. A hooked method that code outside the
class also calls is an entry point too, and its findings name that call site; so is a
top-level model's public API method (``decode``, ``get_text_features``, ``generate``: see
:data:`PUBLIC_API_METHODS`), which users and pipelines call directly even when forward()
calls it too. Whatever an entry point reaches through ``self.`` calls runs outside the hook.
"""

from __future__ import annotations

import ast
import os
import re
from dataclasses import dataclass, field, replace
from enum import Enum
from functools import lru_cache
from typing import Callable

from ..finding import CallSite
from ..index.extract import ANY_INSTALLED_FORWARD, parameter_method_calls
from ..index.project import ClassInfo, ProjectIndex
from ..index.summary import INDEX, Chain, MethodSummary
from ..strategies import BLOCK_GROUP_KEYS, BY_KEY
from ..index import torch_nn
from ..index.torch_nn import MODULE_ATTRIBUTES
from .base_code import runs_base_code_using, super_callees
from .branches import parse_file, parsed_file
from .receivers import USES_READ
from .semantics import MODULE, USER_VERBS, OffloadSemantics, inference_methods, reached_on_self
from .setup_callers import AFTER_OFFLOADING, BEFORE_OFFLOADING, SetupCallers
from .setup_methods import DEFAULT_SETUP_METHODS

ACCESSORS = frozenset({
    "get_input_embeddings", "get_output_embeddings", "get_encoder", "get_decoder", "get_position_embeddings",
    "get_text_encoder", "get_vision_encoder", "get_image_encoder", "get_audio_encoder", "get_language_model",
})
_SETUP_PREFIXES = ("_init_", "init_weights", "_reset_", "set_", "resize_", "tie_", "_tie_", "init_", "initialize_")
# The setup methods users call on a model they have loaded, to change it (transformers'
# ``resize_token_embeddings``, ``resize_position_embeddings``; ``set_*`` setters). ``init_*`` and ``tie_*`` run while
# the loader builds the model.
AFTER_LOAD_PREFIXES = ("resize_", "set_")

# Methods besides forward() that the libraries document as a model's API: pipelines and users
# call them on the model directly, so they run outside its hook even where forward() calls them.
PUBLIC_API_METHODS = frozenset({
    "encode", "decode", "tiled_encode", "tiled_decode", "get_text_features", "get_image_features",
    "get_audio_features", "get_video_features", "get_image_embeddings", "get_prompt_embeddings",
    "generate", "encode_image", "encode_text", "encode_prompt", "embed_tokens_for_generation",
})

# The words of a suppression by delegating calls only: the incremental analysis re-analyses the files holding one on
# every change (the calls are read from the files' text, which no name fact of the index tracks by place).
ONLY_DELEGATED = "called only inside methods of the same name"
# Methods by which vocoders undo their legacy weight norms once trained (HiFi-GAN, BigVGAN, WaveGlow, Parallel WaveGAN).
_NORM_REMOVALS = ("remove_weight_norm", "remove_spectral_norm", "remove_weight_norms")
# Decorators that register nothing (any other may hand the method to a framework or a registry).
_PLAIN_DECORATORS = frozenset({"no_grad", "inference_mode", "enable_grad", "autocast", "staticmethod", "classmethod"})

# A model library's feature API, declared by the methods a model defines: a class defining all of
# them follows that library's contract and they are public on it, whoever its base is. timm: every
# model defines ``forward_features()`` and ``forward_head()`` (``forward()`` = head of features);
# users, ``timm.task.distillation`` and feature extractors call each directly.
FEATURE_API_CONTRACTS: tuple[frozenset[str], ...] = (
    frozenset({"forward_features", "forward_head"}),
)


class Context(Enum):
    HOOKED = "hooked"  # runs only inside the class's forward
    ENTRY = "entry"  # nothing onloads the class's weights for it
    SETUP = "setup"  # construction / weight init / serialization: before offloading applies
    # An inherited private helper that nothing in the class (nor any caller outside it) reaches: the
    # sibling classes' forward() call it, this one never runs it, so it is not judged for this class.
    UNREACHED = "unreached"

    @property
    def judged(self) -> bool:
        return self not in (Context.SETUP, Context.UNREACHED)


@dataclass(frozen=True)
class ExternalCall:
    """``self.<receiver>.<method>(...)`` in another class's method."""

    site: CallSite
    caller: ClassInfo = field(compare=False, hash=False)
    caller_method: str = ""
    receiver: tuple[str, ...] = ()


@dataclass(frozen=True)
class OuterCall:
    """A way into a method of a class that block level does not judge alone (one only ever built as a
    child in other modules' unmatched groups): the method of a module in block scope whose call leads
    there, and the chain from that module to the instance (``vae`` for ``self.vae.decode(z)``; through
    the children's own methods on the way, ``quantizer.layers[i]``)."""

    top: ClassInfo = field(compare=False, hash=False)
    top_method: str
    receiver: Chain
    site: CallSite  # the call in ``top.top_method``
    hooked: bool  # ``top.top_method`` runs inside ``top``'s forward
    hooked_under: frozenset[str] = frozenset()  # strategies whose hook a declaration runs around it


@dataclass
class MethodContext:
    context: Context
    # Why it is an entry point: the entry methods that reach it (empty when it is one itself).
    via: tuple[str, ...] = ()
    callers: tuple[ExternalCall, ...] = field(default_factory=tuple)
    # True when forward() reaches it and only callers outside the class make it an entry point.
    only_external: bool = False
    # True when it is an entry point itself (public API or called by nothing in the class), not
    # only through the entry points in ``via``.
    entry_root: bool = False
    # True when forward() reaches it too (an entry point's helper that forward also calls).
    in_forward: bool = False
    # True when only a method users call on a loaded model to change it (:data:`AFTER_LOAD_PREFIXES`) reaches it: it
    # runs after offloading only where the library applied the strategy while loading (``Strategy.applied_at_load``).
    after_load: bool = False

    @property
    def hooked(self) -> bool:
        return self.context is Context.HOOKED

    @property
    def external_calls(self) -> tuple[CallSite, ...]:
        return tuple(call.site for call in self.callers)


def _referenced(summary: MethodSummary) -> frozenset[str]:
    """The ``self`` names a method calls or references, less the attributes it only rebinds to another method
    (pyro's ``if stable: self._call = self._call_stable`` in ``__init__``): that binding runs neither method, and the
    method it shadows is still what a later call runs when the branch is not taken."""
    rebound = {attribute for attribute, _ in summary.method_aliases}
    if not rebound:
        return summary.self_calls
    called = {chain[0] for chain in summary.called_chains if len(chain) == 1}
    return summary.self_calls - (rebound - called)


def _helpers_of_outside_entries(table: dict[str, MethodContext], through_hook: dict[str, set[str]],
                                is_setup: Callable[[str], bool]) -> None:
    """A method forward() reaches that only outside callers make an entry point (skrl's agents calling
    ``self.policy.act(...)``, the model's forward calling ``act`` too) runs its helpers (``compute``) where those
    callers run it: each helper that was taken as hooked is an entry point through it, judged at the same callers."""
    outside = {name: context for name, context in table.items() if context.only_external}
    for root, root_context in outside.items():
        for name in _reach([root], through_hook, is_setup):
            current = table.get(name)
            if name == root or current is None or (current.context is not Context.HOOKED and not current.only_external):
                continue
            if current.only_external and root in current.via:
                continue
            callers = tuple(dict.fromkeys((*current.callers, *root_context.callers)))
            table[name] = MethodContext(Context.ENTRY, (*current.via, root), callers, only_external=True,
                                        in_forward=True)


def _through_handed_self(project: ProjectIndex, defining: ClassInfo, summary: MethodSummary,
                         reads: set[str]) -> frozenset[str]:
    """The methods a module-level function calls on the ``self`` a method hands it (``return _generic_forward(self,
    x)``, which runs ``module.inference(x)``): the method runs them. The function is the file's own, or one it
    imports from another linted file (bert4torch's ``eager_attention_forward(self, ...)``, which runs
    ``module.apply_relative_pos_emb(...)``), read from that file on demand. Called through a parameter of the
    method, it is the function the parameter defaults to (``forward(self, x, sample_fn=default_sample_fn)`` running
    ``sample_fn(self, x, t)``: the index records the default's name)."""
    found: set[str] = set()
    for callee, key in summary.handed_self:
        if not isinstance(key, int):
            continue
        per_parameter = defining.file.handed_self_calls.get(callee)
        if per_parameter is None and callee in defining.file.imports:
            reads.add(USES_READ + callee)  # an edit of the function's file may change what it calls
            per_parameter = _imported_parameter_calls(project, defining, callee)
        if per_parameter is not None and key < len(per_parameter):
            found.update(per_parameter[key])
    return frozenset(found)


def _dispatched(cls: ClassInfo, summary: MethodSummary) -> frozenset[str]:
    """The methods a ``getattr(self, mode)(...)`` dispatch in the method may run (DI-engine's ``forward(inputs,
    mode)`` over ``mode = ["compute_actor", "compute_critic"]``): the names the class (or a base of the tree) writes
    as strings in its body. Read from the files on demand, only for methods handing ``self`` to ``getattr``."""
    if not any(callee == "getattr" and key == 0 for callee, key in summary.handed_self):
        return frozenset()
    found: set[str] = set()
    for info in cls.mro:
        # Only a class with a method handing ``self`` to ``getattr`` itself can hold the dispatch: the others' files
        # are not read (every diffusers model inherits ModelMixin's).
        if not info.external and any(("getattr", 0) in method.handed_self for method in info.summary.methods.values()):
            found |= _class_strings(info.file.path, info.summary.line, info.name)
    # ``getattr(self, "_preprocess_" + kind)`` (ReAgent's Preprocessor): every method named with that prefix.
    prefixes = tuple(name[:-1] for name in found if name.endswith(_PREFIX_MARK) and any(c.isalnum() for c in name))
    if prefixes:
        found.update(name for name in cls.methods if name.startswith(prefixes))
    return frozenset(found)


_PREFIX_MARK = "*"  # ``<prefix>*``: a name ``getattr`` builds from a constant prefix


def _class_strings(path: str, line: int, name: str) -> frozenset[str]:
    """The identifier strings written in the body of the class ``name`` defined at ``line`` of ``path``, when one of
    its methods calls ``getattr(self, <a computed name>)`` (or ``getattr(cls, ...)``); empty otherwise. Read once per
    unchanged file, for all its classes; the parsed tree is not kept."""
    try:
        stat = os.stat(path)
    except OSError:
        return frozenset()
    return _file_class_strings(path, stat.st_mtime_ns, stat.st_size).get((line, name), frozenset())


@lru_cache(maxsize=256)
def _file_class_strings(path: str, mtime_ns: int, size: int) -> dict[tuple[int, str], frozenset[str]]:
    tree = parse_file(path)
    found: dict[tuple[int, str], frozenset[str]] = {}
    for node in ast.walk(tree) if tree is not None else ():
        if not isinstance(node, ast.ClassDef):
            continue
        names = [call.args[1] for call in ast.walk(node) if isinstance(call, ast.Call) and isinstance(call.func, ast.Name)
                 and call.func.id == "getattr" and len(call.args) >= 2 and isinstance(call.args[0], ast.Name)
                 and call.args[0].id in ("self", "cls") and not isinstance(call.args[1], ast.Constant)]
        if names:
            found[(node.lineno, node.name)] = frozenset(
                constant.value for constant in ast.walk(node) if isinstance(constant, ast.Constant)
                and isinstance(constant.value, str) and constant.value.isidentifier()) | frozenset(
                prefix + _PREFIX_MARK for name in names if (prefix := _constant_prefix(name)))
    return found


def _read_by_inherited_forward(cls: ClassInfo) -> set[str]:
    """The attributes the forward of the torch layer ``cls`` derives from reads, when no class of the tree in its
    bases defines ``forward`` (:func:`torch_nn.forward_reads`)."""
    layer = cls.torch_layer_base
    if layer is None or "forward" in cls.methods:
        return set()
    return set(torch_nn.forward_reads(layer))


def _constant_prefix(name: ast.expr) -> str:
    """The constant start of a computed name: ``"_preprocess_" + kind``, ``f"_preprocess_{kind}"``; "" otherwise."""
    if isinstance(name, ast.BinOp) and isinstance(name.op, ast.Add) and isinstance(name.left, ast.Constant) \
            and isinstance(name.left.value, str):
        return name.left.value
    if isinstance(name, ast.JoinedStr) and name.values and isinstance(name.values[0], ast.Constant) \
            and isinstance(name.values[0].value, str):
        return name.values[0].value
    return ""


def _imported_parameter_calls(project: ProjectIndex, defining: ClassInfo,
                              callee: str) -> tuple[tuple[str, ...], ...] | None:
    """The methods the linted module-level function ``callee`` (imported by ``defining``'s file) calls on each of its
    parameters, or None when it is no function of a linted file."""
    module_name, _, name = project.qualify(defining.file, callee).rpartition(".")
    module = project.modules.get(module_name)
    if module is None or name not in module.module_functions:
        return None
    tree = parsed_file(module.path)
    function = next((statement for statement in tree.body if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef))
                     and statement.name == name), None) if tree is not None else None
    return parameter_method_calls(function) if function is not None else None


def _concrete_forward(cls: ClassInfo) -> bool:
    """Whether ``cls`` has a ``forward`` of its own or inherited that is not ``@abstractmethod`` and does more than
    ``raise NotImplementedError``."""
    found = cls.methods.get("forward")
    return found is not None and not found[1].not_implemented \
        and not any(d.rsplit(".", 1)[-1] == "abstractmethod" for d in found[1].decorators)


def _aliased_calls(summary: MethodSummary, aliases: dict[str, set[str]]) -> set[str]:
    """The methods a method runs by calling an attribute that holds one of them (``self.op(x, g)`` with
    ``self.op = self._concatenation``): only calls count, not the binding itself."""
    if not aliases:
        return set()
    return {method for chain in summary.called_chains if len(chain) == 1 for method in aliases.get(chain[0], ())}


def _base_code_may_call(cls: ClassInfo, defining: ClassInfo, name: str) -> bool:
    """Whether ``defining.<name>`` overrides a base method that the bases' code may still call on ``cls``. (torch's
    own callers, ``extra_repr`` and the like, are :data:`MODULE_ATTRIBUTES`.)"""
    bases = defining.mro[1:]
    return any(name in info.summary.methods for info in bases) and runs_base_code_using(cls, bases, name)


class EntryPoints:
    def __init__(self, project: ProjectIndex, semantics: OffloadSemantics, setup_methods: frozenset[str]) -> None:
        self.project = project
        self.semantics = semantics
        self.setup_methods = setup_methods
        self._by_class: dict[str, dict[str, MethodContext]] = {}
        self._external: dict[tuple[str, str], list[ExternalCall]] | None = None
        self._subclasses: dict[str, list[ClassInfo]] | None = None
        self._externally_called: set[str] = set()
        self._outer: dict[tuple[str, str], tuple[OuterCall, ...]] = {}
        self._private_callers_of: dict[tuple[str, str], tuple[ClassInfo, ...]] = {}
        self._handed_in: frozenset[str] | None = None
        self._setup_callers = SetupCallers(project)
        self._installers: dict[str, list[tuple[ClassInfo, str]]] | None = None

    def before_offloading(self, cls: ClassInfo, method: str | None) -> str | None:
        """Why ``cls.<method>``'s findings are no hazard when every caller in the linted files runs before anyone
        can offload the model (a module's ``__init__``, a loader that builds and returns it; see
        :mod:`.setup_callers`), or None. Decided by the callers, never by the name: a fold called on a loaded
        model (diffusers' ``fuse_qkv_projections()``) stays a hazard."""
        if not method or method in self.public_api(cls) or self.context(cls, method).hooked:
            return None
        if not method.startswith("__") and method != "forward":  # the names SetupCallers judges
            self.semantics.name_reads.add(method)  # its callers are found by name in any file
        why = self._setup_callers.before_offloading(method)
        if why is None:
            return None
        return f"{method}() {BEFORE_OFFLOADING}: {why}"

    def installed_before_offloading(self, cls: ClassInfo, method: str | None) -> str | None:
        """Why ``cls.<method>`` runs as its module's forward under the offloading hooks, or None: nothing calls it, and
        every method installing it as a module's forward (yolov7's ``fuse()``: ``m.forward = m.fuseforward``) runs
        before anyone can offload the model (a module's ``__init__``, or by its callers: :mod:`.setup_callers`). The
        hooks wrap the instance's ``forward`` attribute when offloading is applied, so they wrap the installed
        method as they would ``forward()``. Installers are found by the method's name in the linted classes."""
        if not method or method == "forward" or method.startswith("__"):
            return None
        context = self.context(cls, method)
        if context.context is not Context.ENTRY or context.via or context.external_calls:
            return None
        installers = self._forward_installers().get(method)
        if not installers:
            return None
        reasons = []
        for owner, installer in installers:
            if installer == "__init__" and owner.is_module:
                reasons.append(f"{owner.name}.__init__()")
                continue
            self.semantics.name_reads.add(installer)  # its callers are found by name in any file
            why = self._setup_callers.before_offloading(installer)
            if why is None:
                return None
            reasons.append(f"{owner.name}.{installer}(), {why}")
        return (f"{method}() is installed as a module's forward (`.forward = .{method}`) by code that "
                f"{BEFORE_OFFLOADING}: {'; '.join(dict.fromkeys(reasons))}; the offloading hooks wrap it as they "
                f"wrap forward()")

    def _forward_installers(self) -> dict[str, list[tuple[ClassInfo, str]]]:
        if self._installers is None:
            found: dict[str, list[tuple[ClassInfo, str]]] = {}
            for info in self.project.project_classes():
                for summary in info.summary.methods.values():
                    for installed in _installed_names(info, summary):
                        found.setdefault(installed, []).append((info, summary.name))
            self._installers = found
        return self._installers

    def run_only_by_unbuilt(self, cls: ClassInfo, method: str | None) -> str | None:
        """In an application, why ``cls.<method>`` never runs: every class whose instances would run this definition
        (the defining class and the subclasses inheriting it) is built by nothing in the tree, and the classes it
        builds override it (a vendored ldm's ``DDPM.p_mean_variance``, overridden by the ``LatentDiffusion`` the
        configs name; taming's ``VQModel.encode``, overridden by the ``VQModelInterface`` a config loads). Built:
        called by name, named by a config, notebook or doc, loaded (``from_pretrained``), written as a value (a
        registry), decorated (a registering decorator) or reached only through a computed name. None otherwise."""
        if not self.semantics.tree.application or not method or method.startswith("__") or method == "forward":
            return None
        found = cls.methods.get(method)
        if found is None or found[0].external:
            return None
        defining = found[0]
        runners = self.semantics.runners(defining, method)
        overriding = sorted({info.name for info in self.project.subclasses(defining)
                             if all(info is not runner for runner in runners)})
        if not overriding or any(self.semantics.maybe_built(info) for info in runners):
            return None
        ordered = sorted({info.name for info in runners})
        names = ", ".join(ordered[:3]) + (f" and {len(ordered) - 3} more" if len(ordered) > 3 else "")
        return (f"{method}() of {defining.name} runs only on {names}, which nothing in the tree builds (no call, "
                f"config, load, registry or decorator names {'it' if len(runners) == 1 else 'them'}), and the "
                f"classes the tree builds override it ({', '.join(overriding[:3])}): code nothing runs, as "
                f"{self.semantics.tree.why}")

    def norm_removed_before_offloading(self, cls: ClassInfo) -> str | None:
        """Why a legacy ``weight_norm``/``spectral_norm`` of ``cls``'s layers is gone before anyone can offload the
        model, or None: the class (or a base) defines a removal method (``remove_weight_norm()``, the vocoders'
        convention) that the tree calls, and every call runs before offloading (DiffSinger's ``load_model()``
        builds the HiFi-GAN generator, loads its checkpoint and calls ``model.remove_weight_norm()`` before
        returning it; see :mod:`.setup_callers`). A removal method nothing calls, or one a script's top level or a
        loaded model's method calls, leaves the hook in place (Lumina's BigVGAN), and so does a model built where no
        removal follows: a file that names ``cls`` or a class holding it and calls no removal (RVC's WebUI builds its
        synthesizer from a table of classes and never removes the norm; only ``rtrvc.py``'s loader does)."""
        for name in _NORM_REMOVALS:
            if not any(name in info.summary.methods for info in cls.mro if not info.external):
                continue
            self.semantics.name_reads.add(name)  # its callers are found by name in any file
            why = self._setup_callers.before_offloading(name)
            if why is not None and self._named_without_removal(cls, name) is None:
                return f"{name}() removes it and {BEFORE_OFFLOADING}: {why}"
        return None

    def _named_without_removal(self, cls: ClassInfo, removal: str) -> str | None:
        """A file that names ``cls``, or a class naming it (at any depth: the classes that build it), outside a
        class body and calls no ``removal``: where the model may be built and kept with its norm. A method that
        names it and calls the removal itself (a loader method) covers its own builds. None when there is none."""
        infos = {id(info.summary): info for info in self.project.project_classes()}
        holders = {cls.qualified}
        stack = [cls]
        while stack:
            holder = stack.pop()
            self.semantics.name_reads.add(holder.name)
            for summary in self.semantics.summaries():
                for line in summary.mentions.get(holder.name, ()):
                    if summary.path == holder.file.path and holder.summary.line <= line <= holder.summary.end_line:
                        continue  # its own body (``super(Generator, self)``)
                    enclosing = [info for inner in summary.classes if inner.line <= line <= inner.end_line
                                 if (info := infos.get(id(inner))) is not None]
                    if not enclosing:
                        if not summary.attribute_calls.get(removal):
                            return summary.path
                        continue
                    builder = min(enclosing, key=lambda info: info.summary.end_line - info.summary.line)
                    method = next((m for m in builder.summary.methods.values() if m.start_line <= line <= m.end_line),
                                  None)
                    if method is not None and any(site.method == removal for site in method.call_sites):
                        continue  # a loader method that builds it and removes the norm (``build_vocoder()``)
                    if builder.qualified not in holders:
                        holders.add(builder.qualified)
                        stack.append(builder)
        return None

    def built_after_offloading(self, cls: ClassInfo) -> str | None:
        """Why a forward-less module class's own tensors are never offloaded: every construction of it is in a
        module's method that runs only on a loaded model (LlamaGen's ``KVCache``, built by ``setup_caches()``, which
        only the ``generate()`` function calls), so it is created after offloading was applied and no hook or
        offloaded copy ever holds its tensors. None otherwise: a class with a ``forward()``, one a module holds as
        a child, one built in an ``__init__`` (or a helper only ``__init__`` calls) or anywhere else."""
        if cls.external or not cls.is_module or any("forward" in info.summary.methods for info in cls.mro):
            return None
        if self.semantics.roles().get(cls.qualified) or self.semantics.owners().get(cls.qualified):
            return None
        sites = self.semantics.constructing_methods(cls)
        if not sites:
            return None
        reasons: list[str] = []
        for holder, method in sites:
            if method == "__init__" or method in self._setup_time_methods(holder):
                return None
            self.semantics.name_reads.add(method)  # its callers are found by name in any file
            why = self._setup_callers.after_offloading(method)
            if why is None:
                return None
            reasons.append(f"{holder.name}.{method}() ({why})")
        return (f"{cls.name} is built only in {'; '.join(dict.fromkeys(reasons))}, on a loaded model: "
                f"{AFTER_OFFLOADING}, its tensors are never offloaded")

    def built_on_first_use(self, cls: ClassInfo, attribute: str | None) -> str | None:
        """Why a finding on ``self.<attribute>`` is no hazard when that child is made on first use (Zonos'
        ``make_speaker_embedding``: ``if self.spk_clone_model is None: self.spk_clone_model = SpeakerEmbeddingLDA()``):
        every binding of its first name is such a guarded one in a method that runs after construction, so it is
        created on a model offloading was already applied to, in no group and with no hook (the premise: offloading
        is applied before the first inference call). None otherwise, or when ``__init__`` or a setup-time method
        binds it too."""
        name = re.split(r"[.\[]", attribute, maxsplit=1)[0] if attribute else ""
        if not name:
            return None
        bindings = [(method_name, record) for info in cls.mro for method_name, summary in info.summary.methods.items()
                    for record in summary.assigns if record.name == name and record.kind != "wrap"]
        if not bindings or not all(record.on_first_use for _, record in bindings):
            return None
        setup_time = self._setup_time_methods(cls) | _called_from_init(cls)
        if any(method_name == "__init__" or method_name in setup_time for method_name, _ in bindings):
            return None
        where = ", ".join(f"{cls.name}.{method_name}()" for method_name in dict.fromkeys(m for m, _ in bindings))
        return (f"self.{name} is built on first use in {where} (under a guard that it is not set yet): made after "
                f"offloading was applied, it is in no group and has no hook, and stays where it is built")

    def _setup_time_methods(self, holder: ClassInfo) -> frozenset[str]:
        """The methods of ``holder`` that run while it is built or set up: setup methods and private helpers only
        ``__init__`` calls."""
        from .components import init_only_methods
        return frozenset(name for name in holder.summary.methods if self.is_setup(name)) | init_only_methods(holder)

    def only_in_subclass_forwards(self, cls: ClassInfo, method: str | None) -> str | None:
        """Why ``cls.<method>``'s findings are no hazard when the class defines it for its subclasses' forwards (cause AN: ``AbstractLowScaleModel.q_sample``, called by no method of its own and from the ``forward()`` of
        ``ImageConcatWithNoiseAugmentation`` and ``CLIPEmbeddingNoiseAugmentation``): a way in only because nothing in
        the class calls it, no class calls it from outside, and every subclass either runs it inside its forward (its
        hook onloads the weights) or does not call it either. None otherwise: a model's public API method, one
        called from outside or from a subclass's other entry point, or one no subclass's forward calls. (A base
        without ``forward()`` is judged the same way in :meth:`_judge_through_subclasses`.)"""
        if not method or method in ("forward", "__call__") or method not in cls.methods:
            return None
        if cls.methods[method][0] is not cls or method in self.public_api(cls):
            return None
        context = self.context(cls, method)
        if context.context is not Context.ENTRY or context.via or context.callers or not context.entry_root:
            return None
        self._index_subclasses()
        hooked: list[str] = []
        for sub in self._subclasses.get(cls.qualified, []):
            if sub.methods.get(method, (None, None))[0] is not cls:
                continue  # overridden: the subclass runs its own
            running = self.context(sub, method)
            if running.hooked:
                hooked.append(sub.name)
            elif running.context is not Context.UNREACHED and (
                    running.via or running.callers or method in self.public_api(sub)):
                return None  # a subclass reaches it from a way in other than its forward
        if not hooked:
            return None
        names = ", ".join(sorted(set(hooked))[:3])
        return (f"{method}() is called by no method of {cls.name} and from no other class; it runs in the forward() "
                f"of the subclass{'es' if len(set(hooked)) > 1 else ''} {names}, inside the hook")

    def is_setup(self, name: str) -> bool:
        """Construction, weight init, accessors and setters: they run before offloading or hand out
        modules rather than compute (whoever calls what an accessor returns drives the module)."""
        return name in self.setup_methods or name in ACCESSORS or name.startswith(_SETUP_PREFIXES)

    def _setup_test(self, cls: ClassInfo) -> Callable[[str], bool]:
        """:meth:`is_setup` as ``cls``'s methods read it: a plain object's ``set_*`` method is no module setter but
        work it does with what it holds (segment-anything's ``SamPredictor.set_image()`` runs the image encoder)."""
        if cls.is_module:
            return self.is_setup
        return lambda name: self.is_setup(name) and not (
            name.startswith("set_") and name not in self.setup_methods and name not in ACCESSORS)

    def context(self, cls: ClassInfo, method: str) -> MethodContext:
        table = self._by_class.get(cls.qualified)
        if table is None:
            table = self._by_class[cls.qualified] = self._compute(cls)
            self._judge_through_subclasses(cls, table)
        return table.get(method, MethodContext(Context.ENTRY))

    def subclasses_with_forward(self, cls: ClassInfo) -> list[ClassInfo]:
        """Project subclasses that define ``forward`` (for a base class that leaves it to them)."""
        self._index_subclasses()
        return [sub for sub in self._subclasses.get(cls.qualified, []) if _concrete_forward(sub)]

    def _judge_through_subclasses(self, cls: ClassInfo, table: dict[str, MethodContext]) -> None:
        """A base without ``forward`` whose subclasses call its method from theirs: the method runs
        inside each subclass's hook, so it is hooked when it is hooked in every one of them. An abstract ``forward``
        (``@abstractmethod``, gliner's ``BaseModel``) leaves it to them as much as none does."""
        if _concrete_forward(cls):
            return
        subclasses = self.subclasses_with_forward(cls)
        if not subclasses:
            return
        for name, context in table.items():
            running = [sub for sub in subclasses if self.context(sub, name).context is not Context.UNREACHED]
            if context.context is Context.ENTRY and running and all(self.context(sub, name).hooked for sub in running):
                table[name] = MethodContext(Context.HOOKED)

    def _compute(self, cls: ClassInfo) -> dict[str, MethodContext]:
        methods = cls.methods
        # ``self.op = self._concatenation`` in any method: a call of ``self.op(...)`` runs ``_concatenation``.
        aliases: dict[str, set[str]] = {}
        for _, summary in methods.values():
            for attribute, method in summary.method_aliases:
                aliases.setdefault(attribute, set()).add(method)
        callees = {
            name: {callee for callee in _referenced(summary) | super_callees(cls, defining, summary)
                   | _aliased_calls(summary, aliases)
                   | _through_handed_self(self.project, defining, summary, self.semantics.name_reads)
                   | _dispatched(cls, summary)
                   if callee in methods and callee != name}
            for name, (defining, summary) in methods.items()
            if not summary.is_static
        }
        called = set().union(*callees.values()) if callees else set()
        public = self.public_api(cls)
        # A generator forward() runs its body when the caller iterates the returned generator, after the hook's
        # post_forward: nothing in it is hooked; it is a way in like any public method.
        generator = "forward" in callees and methods["forward"][1].is_generator
        is_setup = self._setup_test(cls)
        # Methods the construction installs as the instance's forward (``self.forward = self.forward_quant``, hqq's
        # ``cls.forward = getattr(cls, backend)`` in a method ``__init__`` calls): the hooks wrap them as forward().
        installed = _installed_at_construction(cls) & callees.keys()
        # Properties a torch layer's inherited forward reads (``weight`` of an ``nn.Linear`` subclass): run inside it.
        installed |= _read_by_inherited_forward(cls) & callees.keys()
        entry_roots = [
            name for name in callees
            if (name != "forward" or generator) and not is_setup(name) and name not in installed
            and (name not in called or name in public)
        ]
        forward_roots = (["forward"] if "forward" in callees and not generator else []) + sorted(installed)
        from_forward = _reach(forward_roots, callees, is_setup) if forward_roots else set()
        from_entry: dict[str, list[str]] = {}
        # Calling ``self.forward(...)`` or ``self(...)`` goes through the hook (diffusers replaces the
        # instance's forward), so a walk from an entry point stops at forward.
        through_hook = {name: targets - {"forward"} for name, targets in callees.items()}
        for root in entry_roots:
            for name in _reach([root], through_hook, is_setup):
                from_entry.setdefault(name, []).append(root)
        from_after_load: dict[str, list[str]] = {}
        for root in self._after_load_roots(cls, callees):
            for name in _reach([root], through_hook, is_setup):
                from_after_load.setdefault(name, []).append(root)
        table: dict[str, MethodContext] = {}
        for name in callees:
            external = tuple(self.external_calls(cls, name))
            if name in from_entry and not external and self._inherited_private(cls, name, called):
                table[name] = MethodContext(Context.UNREACHED)
            elif name in from_entry:
                via = tuple(r for r in from_entry[name] if r != name)
                # A method called from outside the class (``self.vae._encode(x)`` in a pipeline) is a way in of its
                # own: a hook declared on the methods that also reach it (``@apply_forward_hook`` on ``encode``)
                # does not run around that call.
                table[name] = MethodContext(Context.ENTRY, via, external,
                                            entry_root=name in from_entry[name] or bool(external),
                                            in_forward=name in from_forward)
            elif name in from_after_load:
                roots = from_after_load[name]
                table[name] = MethodContext(Context.ENTRY, tuple(r for r in roots if r != name), external,
                                            entry_root=name in roots, in_forward=name in from_forward,
                                            after_load=True)
            elif name in from_forward:
                context = Context.ENTRY if external else Context.HOOKED
                table[name] = MethodContext(context, (), external, only_external=bool(external))
            else:
                table[name] = MethodContext(Context.SETUP)
        _helpers_of_outside_entries(table, through_hook, is_setup)
        return table

    def _after_load_roots(self, cls: ClassInfo, callees: dict[str, set[str]]) -> list[str]:
        """The setup methods of a model class users load from a checkpoint (``ClassInfo.loaded_from_config``) that
        they call on the loaded model to change it (:data:`AFTER_LOAD_PREFIXES`), unless the configuration names them
        as setup methods itself. Only where some strategy of the run is applied while loading."""
        if not cls.loaded_from_config or not any(BY_KEY[key].applied_at_load for key in self.semantics.levels):
            return []
        return [name for name in callees if name.startswith(AFTER_LOAD_PREFIXES) and name not in self.setup_methods]

    def _inherited_private(self, cls: ClassInfo, name: str, called: set[str]) -> bool:
        """A private helper defined in a base that no method of ``cls`` calls but a sibling's does: the
        base's other subclasses run it (``LoraLayer._mixed_batch_forward`` from ``lora.Linear.forward``),
        ``cls`` never does. (A private helper nothing calls stays a way in: code the index does not see
        may call it.)"""
        private = name.startswith("_") and not (name.startswith("__") and name.endswith("__"))
        defining = cls.methods[name][0]
        if not private or name in called or defining is cls:
            return False
        return any(other is not cls for other in self._private_callers(defining, name))

    def _private_callers(self, defining: ClassInfo, name: str) -> tuple[ClassInfo, ...]:
        """Up to two classes inheriting ``defining.<name>`` (or ``defining`` itself) with another method that
        calls it: enough to tell whether one other than a given class does. Kept per (base, name): every
        subclass of a popular base asks the same question."""
        key = (defining.qualified, name)
        known = self._private_callers_of.get(key)
        if known is not None:
            return known
        self._index_subclasses()
        found: list[ClassInfo] = []
        for other in [defining] + self._subclasses.get(defining.qualified, []):
            if other.methods.get(name, (None, None))[0] is not defining:
                continue
            if any(name in summary.self_calls for caller, (_, summary) in other.methods.items() if caller != name):
                found.append(other)
                if len(found) == 2:
                    break
        known = self._private_callers_of[key] = tuple(found)
        return known
    def never_run(self, cls: ClassInfo, method: str | None, inside_forward_too: bool = False) -> str | None:
        """Why ``cls.<method>`` is code nothing runs, or None. ``inside_forward_too``: the finding holds inside
        ``forward()`` as well (a leaf-level hazard), so a method ``forward()`` also calls runs it.

        The premise: a module class users do not load on their own (no ``ModelMixin``/``PreTrainedModel`` base; in
        an application any class, as its users are its own code) runs what the tree's code calls, and what users
        call: the methods of a class a library's functions build and hand to them (not one the tree holds; a
        ``torch.hub`` entry point: VAR's ``autoregressive_infer_cfg()``, confirmed broken under group offloading, has
        no caller in its repository). A class the tree holds itself (a child or block of a module, a component of a
        plain class) is reached through its holder, whose code is what calls it, and an application's classes
        through its own code. A method is unreached when every entry point it is reached from (itself, or the entry
        methods in its ``via``) has no caller outside the class and its name is used nowhere in the linted files
        that could run this definition (:meth:`OffloadSemantics.name_reaches`: no call, no reference on any receiver
        but ``self``, no ``getattr`` string or prefix of one, no ``self.<name>`` in a class that can run it), nor in
        the project's notebooks, docs and scripts. Kept as a way in too: a user-API name
        (:data:`PUBLIC_API_METHODS`, the class's feature API, and :data:`USER_VERBS`: ``encode``, ``decode``,
        ``generate``, ``sample``, ``__call__``), a dunder, a setup method, a decorated method (a decorator may
        register it), a name ``torch.nn.Module`` defines or a base's code the class runs calls, and every method of
        a class with a base the index cannot read."""
        found = cls.methods.get(method) if method else None
        if found is None or cls.external or not cls.is_module:
            return None
        if (unread := self.semantics.unread_device_property(cls, method)) is not None:
            return unread
        if not self.semantics.bases_read(cls):
            return None
        if cls.loaded_from_config and not self.semantics.tree.application:
            return None  # users load it and call its public methods (an application's users are its own code)
        if not self.semantics.tree.application and not self.semantics.held_by_tree(cls):
            return None  # a library's class its functions build for users, who call its methods
        context = self.context(cls, method)
        if context.context is not Context.ENTRY or context.callers or (inside_forward_too and context.in_forward):
            return None
        roots = set(context.via) | ({method} if context.entry_root or not context.via else set())
        public = self.public_api(cls)
        application = self.semantics.tree.application
        for root in roots:
            defining, summary = cls.methods.get(root, (None, None))
            private = root.startswith("_")
            if not private and root in self.semantics.tree.text_words():
                return None  # a notebook, doc or script calls it
            if defining is None or summary is None or root in public or (private and root.startswith(USER_VERBS)) \
                    or root.startswith("__") or self.is_setup(root) or root in MODULE_ATTRIBUTES \
                    or any(d.rsplit(".", 1)[-1] not in _PLAIN_DECORATORS for d in summary.decorators):
                return None
            if _base_code_may_call(cls, defining, root) or self.external_calls(cls, root):
                return None  # an override its base's code calls, or called from another class
            if self.semantics.name_reaches(defining, root) is None:
                return None
        names = ", ".join(f"{root}()" for root in sorted(roots))
        if any(self.semantics.only_delegated(root) for root in roots):
            return (f"{names} of {cls.name} is {ONLY_DELEGATED} that hand the call on to "
                    f"their children (``for f in self.flows: f.{sorted(roots)[0]}()``), and nothing calls those: code "
                    f"nothing runs" + (f", as {self.semantics.tree.why}" if application else ""))
        if all(root.startswith("_") for root in roots):
            return (f"{names} of {cls.name} is called nowhere in the linted files (no call, reference or getattr "
                    f"string reaches it): a private method nothing runs")
        if application:
            return (f"{names} of {cls.name} is called nowhere in the tree (no call, reference or getattr string in "
                    f"its code, no notebook, doc or script naming it): code nothing runs, as "
                    f"{self.semantics.tree.why}")
        return (f"{names} of {cls.name} is called nowhere in the linted files (no call, reference or getattr string "
                f"reaches it) and the tree holds {cls.name} itself (a child or a component): users reach it through "
                f"its holder, whose code calls none of them, so it is code nothing runs")

    def public_api(self, cls: ClassInfo) -> frozenset[str]:
        """The methods of ``cls`` users call directly even where ``forward()`` calls them: a top-level
        model's :data:`PUBLIC_API_METHODS` and the methods the docs using its package call on an object
        (:meth:`ProjectTree.documented_calls`), and a feature API whose contract the class follows
        (:data:`FEATURE_API_CONTRACTS`); in an application, those of them its own code calls."""
        methods = cls.methods
        public = frozenset()
        if self.semantics.is_top_level(cls) or self.unbuilt_root(cls):
            # The user-API verbs, and the public methods the project's docs that import the class's package call
            # on an object (``model.features(input)``): users of a model call them directly.
            documented = self.semantics.tree.documented_calls(cls.qualified.split(".", 1)[0])
            public = PUBLIC_API_METHODS | frozenset(name for name in documented if name in methods
                                                    and not name.startswith("_"))
        for contract in FEATURE_API_CONTRACTS:
            if all(name in methods for name in contract):
                public = public | contract
        if self.semantics.tree.application:
            # An application's users are its own code: a method forward() also calls is called directly only where
            # the tree's code uses its name on another receiver, or its notebooks, docs or scripts name it.
            words = self.semantics.tree.text_words()
            public = frozenset(name for name in public if name in methods
                               and (name in words or self.semantics.name_used_on_other_receivers(name)))
        return public

    def unbuilt_root(self, cls: ClassInfo) -> bool:
        """A plain module class of the linted code that no linted module builds or is handed (nor a subclass
        of it): the model users build, offload and call as a whole (x-transformers'
        ``ContinuousTransformerAutoencoder``), so its ``encode()``/``decode()``/``generate()`` are called
        directly even where its ``forward()`` calls them too. A class some module holds stays judged as a child."""
        if cls.external or not cls.is_module or "forward" not in cls.methods:
            return False
        self._index_subclasses()
        roles = self.semantics.roles()
        if any(info.qualified in roles for info in [cls] + self._subclasses.get(cls.qualified, [])):
            return False
        # Handed to a module's ``__init__`` (``quantizer: BaseQuantizer``: any subclass may be that child): a class
        # some module holds, whose public methods its holder's code calls.
        return not any(info.qualified in self._handed_in_classes() for info in cls.mro if not info.external)

    def _handed_in_classes(self) -> frozenset[str]:
        """The classes module ``__init__`` annotations name for the children handed in."""
        if self._handed_in is None:
            found = (self.project.lookup_class(qualified) for holder in self.project.project_classes()
                     if holder.is_module for owned in holder.owned.values() if owned.given
                     for qualified in owned.classes)
            self._handed_in = frozenset(info.qualified for info in found if info is not None)
        return self._handed_in

    def runs_inside_a_forward(self, cls: ClassInfo, method: str,
                              visiting: frozenset[tuple[str, str]] = frozenset()) -> bool:
        """Whether every way into ``cls.<method>`` runs inside some module's ``forward()``: it is
        hooked, or an entry point only through callers outside the class (``self.experts.reduce(...)``
        in a parent's forward) and class methods that do. A top-level model's public API method does
        not: users and pipelines call it directly."""
        context = self.context(cls, method)
        if context.context is not Context.ENTRY:
            return context.hooked
        key = (cls.qualified, method)
        if key in visiting or method in self.public_api(cls):
            return False
        inside = visiting | {key}
        if not all(self.runs_inside_a_forward(cls, root, inside) for root in context.via):
            return False
        if not (context.entry_root or context.only_external):
            return bool(context.via)
        return bool(context.callers) and all(
            call.caller.is_module and self.runs_inside_a_forward(call.caller, call.caller_method, inside)
            for call in context.callers
        )

    def outer_calls(self, cls: ClassInfo, method: str) -> tuple[OuterCall, ...]:
        """The ways from a module in block scope into ``cls.<method>``, for a class outside block scope
        (empty for one in it): each outside caller in scope, and through callers that are outside it
        too, the modules in scope that reach those; also through the class's own entry points that
        reach the method."""
        if self.semantics.block_scope(cls):
            return ()
        key = (cls.qualified, method)
        if key not in self._outer:
            self._outer[key] = tuple(dict.fromkeys(self._outer_calls(cls, method, frozenset())))
        return self._outer[key]

    def _outer_calls(self, cls: ClassInfo, method: str, visiting: frozenset[tuple[str, str]]) -> list[OuterCall]:
        key = (cls.qualified, method)
        if key in visiting or len(visiting) >= _OUTER_DEPTH:
            return []
        inside = visiting | {key}
        context = self.context(cls, method)
        if context.context is not Context.ENTRY:
            return []
        found: list[OuterCall] = []
        for root in context.via:
            found.extend(self._outer_calls(cls, root, inside))
        for call in context.callers:
            caller = call.caller
            if not caller.is_module:
                continue  # a pipeline's call: the component rules judge it
            if not self.semantics.block_scope(caller):
                found.extend(replace(outer, receiver=outer.receiver + call.receiver)
                             for outer in self._outer_calls(caller, call.caller_method, inside))
                continue
            caller_context = self.context(caller, call.caller_method)
            summary = caller.methods.get(call.caller_method)
            declared = self.semantics.hooked_under(caller, summary[1], caller_context.via, caller_context.entry_root) \
                if summary is not None else frozenset()
            # A helper of the caller's forward that only outside callers make an entry point runs where they
            # run: inside a head model's forward(), the caller's unmatched group is onloaded.
            hooked = caller_context.hooked or (
                caller_context.only_external
                and not set(BLOCK_GROUP_KEYS) & set(self.levels_at_callers(caller_context)))
            found.append(OuterCall(caller, call.caller_method, call.receiver, call.site, hooked, declared))
        return found

    def only_through_training_tasks(self, cls: ClassInfo, method: str | None, levels: tuple[str, ...]) -> str | None:
        """Why a block-level finding of a class judged only through the modules on top (:meth:`outer_calls`) is on no
        model a user offloads: every way in is a Lightning training task's method off its inference path (anomalib's
        ``Dfm.fit``, run from the epoch-end hook, calling its torch model's ``fit``), and a task is no root of the
        strategies that offload a model to run it (:meth:`OffloadSemantics.training_task`). None for a level whose
        hooks sit on the module itself (leaf level: the way in does not matter there), under a strategy sharding a
        model for training, for a way in from the task's ``forward``/``predict_step`` path, and otherwise."""
        if not method or any(level not in BLOCK_GROUP_KEYS or BY_KEY[level].shards_for_training for level in levels):
            return None
        ways_in = self.outer_calls(cls, method)
        if not ways_in or any(self.semantics.training_task(way.top) is None
                              or way.top_method in inference_methods(way.top) for way in ways_in):
            return None
        tasks = ", ".join(sorted({f"{way.top.name}.{way.top_method}()" for way in ways_in}))
        return (f"reached only from Lightning training tasks ({tasks}), which are no model a user offloads to run: "
                f"the network they hold is, judged in its own class")

    def moved_by_hand_first(self, cls: ClassInfo, method: str | None, line: int, levels: tuple[str, ...]) -> str | None:
        """Why a block-level finding is no hazard where the module on top moved itself to the compute device by hand
        before the call (pyhealth's ``HALO.generate``: ``self.to(device)``, then ``self.halo_model.sample(...)``):
        the method runs in that module's own method after ``self.to(...)`` (:attr:`MethodSummary.moves_self_at`), or
        every way in from a module on top (:meth:`outer_calls`) is a call made after such a move in a method that
        never runs the module's forward (whose hooks would offload it again). Only under strategies where a move to
        the compute device holds (``Strategy.move_is_fix``) and, for a diffusers model, is not refused
        (``Strategy.mixin_move_refused``); None otherwise."""
        if not method or any(level not in BLOCK_GROUP_KEYS or not BY_KEY[level].move_is_fix for level in levels):
            return None
        refused = any(BY_KEY[level].mixin_move_refused for level in levels)

        def moved(top: ClassInfo, name: str, before: int) -> int:
            found = top.methods.get(name)
            at = found[1].moves_self_at if found is not None else 0
            return at if 0 < at < before and not (refused and top.is_group_offload_aware) else 0

        at = moved(cls, method, line)
        if at:
            return (f"{method}() moves {cls.name} to the compute device by hand first (self.to(...) at line {at}), "
                    f"so its weights are there when this line runs")
        context = self.context(cls, method)
        if context.context is Context.ENTRY and context.via and not context.entry_root and not context.callers \
                and all(moved(cls, root, _AFTER_ANY_LINE) for root in context.via):
            roots = ", ".join(f"{root}()" for root in sorted(context.via))
            return (f"{method}() is reached only from {roots}, which move{'s' if len(context.via) == 1 else ''} "
                    f"{cls.name} to the compute device by hand before anything else (self.to(...)): its weights are "
                    f"there when this runs")
        ways_in = self.outer_calls(cls, method)
        if not ways_in or not all(moved(way.top, way.top_method, way.site.line) for way in ways_in):
            return None
        tops = ", ".join(sorted({f"{way.top.name}.{way.top_method}()" for way in ways_in}))
        return (f"reached only from {tops}, which move{'s' if len(ways_in) == 1 else ''} the whole model to the "
                f"compute device by hand (self.to(...)) before the call: its weights are there when this runs")

    # --- callers outside the class ---------------------------------------------------------
    def external_calls(self, cls: ClassInfo, method: str) -> list[ExternalCall]:
        if method in ("forward", "__call__"):
            return []
        if self._external is None:
            self._external = self._index_external_calls()
            self._externally_called = {name for _, name in self._external}
        if method not in self._externally_called:
            return []
        calls: dict[CallSite, ExternalCall] = {}
        # A call on a receiver typed as ``cls`` or as a subclass that inherits this method.
        for receiver in self._inheritors(cls, method):
            for call in self._external.get((receiver, method), []):
                calls.setdefault(call.site, call)
        # A call on a receiver typed as a base that does not define the method at all (pyhealth's explainers call
        # ``forward_from_embedding`` on a ``BaseModel``): the object there is one of the subclasses that do, this one
        # among them. Not a base's abstract method: a call typed by a framework's abstract base (scvi's
        # ``BaseModuleClass.inference``, botorch's ``Model.posterior``) would reach every model of the library.
        for base in cls.mro[1:]:
            if base.external or method in base.methods:
                continue
            for call in self._external.get((base.qualified, method), []):
                calls.setdefault(call.site, call)
        return [calls[site] for site in sorted(calls, key=lambda s: (s.path, s.line, s.column))]

    def external_call_table(self) -> dict[tuple[str, str], list[ExternalCall]]:
        """Every ``self.<child or component>...m(...)`` call whose receiver's class is known, by (class, method)."""
        if self._external is None:
            self._external = self._index_external_calls()
            self._externally_called = {name for _, name in self._external}
        return self._external

    def annotated_project_classes(self, caller: ClassInfo, name: str) -> tuple[str, ...]:
        return self._annotated_project_classes(caller, name)

    def _index_subclasses(self) -> None:
        if self._subclasses is None:
            self._subclasses = {}
            for info in self.project.project_classes():
                for base in info.mro[1:]:
                    self._subclasses.setdefault(base.qualified, []).append(info)

    def _inheritors(self, cls: ClassInfo, method: str) -> list[str]:
        self._index_subclasses()
        defining = cls.methods.get(method, (cls, None))[0]
        inheritors = [cls.qualified]
        for sub in self._subclasses.get(cls.qualified, []):
            if sub.methods.get(method, (None, None))[0] is defining:
                inheritors.append(sub.qualified)
        return inheritors

    def _index_external_calls(self) -> dict[tuple[str, str], list[ExternalCall]]:
        """Calls ``self.<child or component>...m(...)`` whose receiver's class is known."""
        table: dict[tuple[str, str], list[ExternalCall]] = {}
        for caller in self.project.project_classes():
            if not self.project.can_run(caller.file):
                continue  # a template's calls never run
            is_setup = self._setup_test(caller)
            for name, summary in caller.summary.methods.items():
                if is_setup(name):
                    continue  # construction runs before offloading is applied
                for site in summary.call_sites:
                    if site.receiver[:1] != ("self",) or len(site.receiver) < 2:
                        continue
                    for qualified in self.receiver_classes(caller, site.receiver[1:]):
                        call = ExternalCall(CallSite(caller.file.path, site.line, site.column + 1), caller, name,
                                            site.receiver[1:])
                        table.setdefault((qualified, site.method), []).append(call)
        return table

    def _annotated_project_classes(self, caller: ClassInfo, name: str) -> tuple[str, ...]:
        """Project classes named by ``__init__`` annotations or assignments of ``self.<name>``."""
        owned = caller.owned.get(name)
        names = list(owned.classes) if owned is not None else []
        for info in caller.mro:
            annotation = info.summary.init_annotations.get(name)
            if annotation:
                names.append(self.project.qualify(info.file, annotation))
        found = (self.project.lookup_project_class(n) for n in names)
        return tuple(dict.fromkeys(info.qualified for info in found if info is not None))

    def callers_known(self, cls: ClassInfo, method: str, context: MethodContext) -> bool:
        """Whether the method's callers the index sees are all it has, so that what it returns can be
        judged where they send it: a method only the class's own forward (or an entry point) reaches,
        one only outside callers make an entry point, and an entry point that callers in the index
        reach when nobody else is expected to call it (a private method, or one of a class the index
        sees built as a child and that is no model users load)."""
        if context.hooked or context.only_external or context.via:
            return True
        return context.context is Context.ENTRY and bool(context.callers) and (
            method.startswith("_") or self.is_child_class(cls))

    def known_callers(self, cls: ClassInfo, method: MethodSummary,
                      context: MethodContext | None = None) -> tuple[tuple[ClassInfo, MethodSummary, tuple[str, ...]], ...]:
        """Who receives what ``cls.<method>`` returns, when all its callers are known (:meth:`callers_known`):
        the class's own methods that call it and its outside callers, each with the chain it calls."""
        context = context if context is not None else self.context(cls, method.name)
        if method.is_property or not self.callers_known(cls, method.name, context):
            return ()
        name = method.name
        own = [(cls, summary, (name,)) for other, (_, summary) in cls.methods.items()
               if other != name and name in summary.self_calls and not summary.is_static]
        outside = []
        for call in context.callers:
            found = call.caller.methods.get(call.caller_method)
            if found is not None:
                outside.append((call.caller, found[1], tuple(call.receiver) + (name,)))
        return tuple(own + outside)

    def is_child_class(self, cls: ClassInfo) -> bool:
        """Built as a child of another module in the index, and no top-level model."""
        return not self.semantics.is_top_level(cls) and bool(self.semantics.roles().get(cls.qualified))

    def levels_at_callers(self, context: MethodContext) -> set[str]:
        """Levels at which the callee's own weights are offloaded at some external call site.

        A module calling ``self.child.helper()`` from its forward onloads the child's weights
        at block level when the child sits in its unmatched group; only leaf level still misses.
        """
        levels: set[str] = set()
        for call in context.callers:
            if not call.caller.is_module:
                return set(self.semantics.levels)  # a pipeline: the component itself is offloaded
            hooked = self.context(call.caller, call.caller_method).hooked
            levels |= set(self.semantics.module_weights_offloaded(call.caller, call.receiver, hooked))
        return levels

    def receiver_classes(self, caller: ClassInfo, chain: tuple[str, ...]) -> tuple[str, ...]:
        """Classes that ``self.<chain>`` may hold: children (through the semantics) or pipeline components."""
        names: tuple[str, ...] = ()
        if caller.is_module:
            resolution = self.semantics.resolve(caller, chain)
            if resolution is not None and resolution.target == MODULE and not resolution.rest:
                names = resolution.owner.classes
        elif len(chain) == 1 and chain[0] != INDEX:
            # A pipeline's component: the classes its annotations name, installed ones included (the semantics
            # has read them already to judge the pipeline): a pipeline linted alone calls them as the whole
            # tree's run sees it.
            names = self._annotated_project_classes(caller, chain[0]) or tuple(
                self.semantics.component(caller, chain[0]) or ())
        # Re-exports (``from ...models import X``) name the class by another path: use its own.
        canonical = []
        for name in names:
            info = self.project.lookup_class(name)
            canonical.append(info.qualified if info is not None else name)
        return tuple(canonical)


# A method that moves the module first (``MethodSummary.moves_self_at``: before any statement that touches it) has
# moved it before every call it makes.
_AFTER_ANY_LINE = 1 << 30
# How many calls up ``outer_calls`` follows a child's method (a codebook in a quantizer layer in a
# quantizer in a model is three).
_OUTER_DEPTH = 4


def _reach(starts: list[str], callees: dict[str, set[str]], is_setup) -> set[str]:
    seen: set[str] = set()
    stack = list(starts)
    while stack:
        name = stack.pop()
        if name in seen or (is_setup(name) and name not in starts):
            continue
        seen.add(name)
        stack.extend(callees.get(name, ()))
    return seen


def _installed_names(defining: ClassInfo, summary: MethodSummary) -> set[str]:
    """The methods ``summary`` (of ``defining``) installs as a module's forward: named, or by a computed name (hqq's
    ``cls.forward = getattr(cls, backend)``) any method the class names as a string in its body."""
    found: set[str] = set()
    for installed in summary.installed_forwards:
        if installed == ANY_INSTALLED_FORWARD:
            found |= _class_strings(defining.file.path, defining.summary.line, defining.name) & defining.methods.keys()
        else:
            found.add(installed)
    return found


def _installed_at_construction(cls: ClassInfo) -> frozenset[str]:
    """The methods ``__init__`` (or a method it calls) installs as the instance's forward."""
    found: set[str] = set()
    for name in reached_on_self(cls, ["__init__"]):
        located = cls.methods.get(name)
        if located is not None and not located[0].external:
            found |= _installed_names(*located)
    return frozenset(found - {"forward"})


def _called_from_init(cls: ClassInfo) -> frozenset[str]:
    """The methods ``__init__`` calls on ``self``, and those they call in turn (``self.prepare()`` in ``__init__``)."""
    return frozenset(reached_on_self(cls, ["__init__"]) - {"__init__"})


__all__ = ["Context", "DEFAULT_SETUP_METHODS", "FEATURE_API_CONTRACTS", "PUBLIC_API_METHODS", "EntryPoints", "ExternalCall", "MethodContext",
           "OuterCall"]

