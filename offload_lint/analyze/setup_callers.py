"""Methods that, by their callers, run only before anyone can offload the model (one-time folds run at load).

A one-time conversion (ml-mobileclip's ``reparameterize()``, DALLE2's ``VQGanVAE.copy_for_eval()``) computes
with a model's weights outside ``forward()``; whether that is a hazard depends on *when* it runs, which its
name does not say: diffusers' ``fuse_projections()`` is called on an offloaded model (from the public
``fuse_qkv_projections()``) and breaks under every strategy. So the callers decide. A method runs before
offloading when every call of it in the linted files is, directly or through the functions and methods that
call it (each judged the same way):

- in the ``__init__`` of a module class (the model is being built: no hook exists yet), or
- in a *loader*: a module-level function, or an instance method of any class, that builds a model (a call of a module
  class of the tree, or ``from_pretrained``/``from_config``), returns it, and applies no offloading itself
  (``create_model_and_transforms()`` building ``CLIP``, folding it through ``reparameterize_model()`` and
  returning it; DiffSinger's ``BaseSVSInfer.build_vocoder()`` removing its vocoder's weight norm), or
- on a model the same function or method has just built (``self.net = YoloBody(...)``, its weights loaded, then
  ``self.net.fuse()``), with no offloading applied between the build and the call (one applied after it, as
  ``nn.DataParallel(self.net)``, comes too late to matter), or
- in a method of the same name (the fold recursing into children: ``self.mixer.reparameterize()``).

A method nothing calls, one called anywhere else (``forward()``, a public method users call on a loaded model,
a script's top level, a function that returns no model), one referenced without a call (``fn = m.fuse``), or
one whose callers spread over more files than :data:`_MAX_FILES` stays judged as before.

The calls are found by name (``.name(``; a module-level function also by ``name(``), in the files whose index
counts such an attribute call, so dynamic dispatch (``for m in model.modules(): m.reparameterize()``) counts;
the files are parsed again here, only for the methods that have findings.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

from ..index.project import ProjectIndex
from ..source import parse_python
from ..index.extract import SELF_RETURNING_METHODS, dotted_name, module_of_chain

# The words every suppression by this fact carries: the incremental analysis finds the files it suppressed in
# by them (its callers are read by name across files, which are no class-graph edges).
BEFORE_OFFLOADING = "runs only before the model can be offloaded"
AFTER_OFFLOADING = "created after offloading was applied"
# Beyond this many calling files a name is too common to be one fold's: judged as before.
_MAX_FILES = 10
# How many parsed calling files are kept at once (least recently used go first).
_TREES_KEPT = 8
# How many calls up a chain of intermediate functions and methods is followed.
_MAX_DEPTH = 4
# A loader that applies offloading itself (or hands the model to something that may) is no loader.
_OFFLOADING = re.compile(r"offload|fully_shard|deepspeed|dispatch_model|FSDP|prepare|parallel", re.IGNORECASE)
# The class methods that load a model for users, who then hold it (and may offload it).
LOADING_CALLS = frozenset({"from_pretrained", "from_config", "from_single_file"})


def _dunder(name: str) -> bool:
    return name.startswith("__") and name.endswith("__")


@dataclass(frozen=True)
class _Scope:
    """The outermost ``def`` a call sits in: a module-level function, a method (with its class), or none."""

    kind: str  # "function", "method" or "module"
    name: str = ""
    cls: str = ""
    node: ast.AST | None = None


class SetupCallers:
    def __init__(self, project: ProjectIndex) -> None:
        self.project = project
        self._by_name: dict[str, str | None] = {}
        self._callers: dict[str, set[str]] | None = None
        self._trees: dict[str, ast.Module | None] = {}
        self._reference_indexes: dict[str, dict[str, list[tuple[_Scope, bool, bool]]]] = {}
        self._module_classes: frozenset[str] | None = None

    def before_offloading(self, method: str | None) -> str | None:
        """Why a method named ``method`` runs only before offloading (the chain of callers that shows it), or
        None."""
        if not method or _dunder(method) or method == "forward":
            return None
        if method not in self._by_name:
            self._by_name[method] = None  # a cycle proves nothing
            self._by_name[method] = self._judge(method, "method", 0, frozenset())
        return self._by_name[method]

    def after_offloading(self, method: str) -> str | None:
        """Why every call of a method named ``method`` runs on a loaded model (LlamaGen's ``setup_caches()``, called
        by the ``generate()`` function it is handed the model in), or None: each call is in a ``forward()`` or in a
        module-level function that builds no model (it is handed one), and at least one call exists."""
        if not method or _dunder(method) or method == "forward":
            return None
        paths = self._calling_files(method, "method")
        if not paths or len(paths) > _MAX_FILES:
            return None
        reasons: list[str] = []
        for path in paths:
            tree = self._tree(path)
            if tree is None:
                return None
            for scope, is_call in self._references(path, tree, method, "method"):
                if not is_call:
                    return None
                where = Path(path).name
                if scope.kind == "method" and scope.name in ("forward", "__call__"):
                    reasons.append(f"called in {scope.cls}.{scope.name}() ({where})")
                elif scope.kind == "function" and not self._builds_model(scope.node):
                    reasons.append(f"called in {scope.name}() ({where}), which is handed the model")
                else:
                    return None
        if not reasons or self._referenced_elsewhere(method, paths):
            return None
        return "; ".join(dict.fromkeys(reasons))

    def _builds_model(self, node: ast.AST | None) -> bool:
        """Whether a function builds a module (a module class of the tree or a ``from_pretrained``-like call)."""
        return node is None or any(
            isinstance(child, ast.Call) and (_called_name(child.func) in self._module_class_names()
                                             or _called_name(child.func) in LOADING_CALLS)
            for child in ast.walk(node))

    # --- the judgement --------------------------------------------------------------------
    def _judge(self, name: str, kind: str, depth: int, visiting: frozenset[str]) -> str | None:
        if depth > _MAX_DEPTH or name in visiting:
            return None
        paths = self._calling_files(name, kind)
        if not paths or len(paths) > _MAX_FILES:
            return None
        inside = visiting | {name}
        reasons: list[str] = []
        for path in paths:
            tree = self._tree(path)
            if tree is None:
                return None
            for scope, is_call in self._references(path, tree, name, kind):
                if not is_call:
                    return None  # referenced without a call (kept, handed on): its callers are unknown
                why = self._scope_before_offloading(path, scope, name, kind, depth, inside)
                if why is None:
                    return None
                if why:
                    reasons.append(why)
        if not reasons:
            return None  # only calls of itself: no way in at all
        if kind == "method" and self._referenced_elsewhere(name, paths):
            return None
        return "; ".join(dict.fromkeys(reasons))

    def _scope_before_offloading(self, path: str, scope: _Scope, name: str, kind: str, depth: int,
                                 visiting: frozenset[str]) -> str | None:
        """Why the call's scope runs before offloading ("" for the fold calling itself), or None."""
        where = Path(path).name
        if scope.kind == "method":
            if kind == "method" and scope.name == name:
                return ""
            if scope.name == "__init__" and scope.cls in self._module_class_names():
                return f"called in {scope.cls}.__init__ ({where})"
            if scope.name in ("forward", "__call__") or _dunder(scope.name):
                return None  # (a name-mangled private helper, ``__load_latent_avg``, is judged by its callers)
            if not _alternative_constructor(scope.node) and self._is_loader(scope.node):
                # ``build_vocoder(self)``: builds the model, folds it, returns it. A class method building from models
                # it is handed (``from_unet(cls, unet)``) is no loader: the handed models may be offloaded already.
                return f"called in {scope.cls}.{scope.name}() ({where}), which builds the model and returns it"
            built = self._built_before_each_call(scope.node, name) if not _alternative_constructor(scope.node) else None
            if built is not None:
                return (f"called in {scope.cls}.{scope.name}() ({where}) on the model it builds just before "
                        f"({built[0]} = {built[1]}(...), line {built[2]})")
            # A model loading its own weights: ``self.load_state_dict`` (only modules have it), or any of the loads in a
            # class the index knows for a module. A training workspace restoring its checkpoint and then training
            # (diffusion_policy's ``run()``: ``self.load_checkpoint()``, later ``self.policy.compute_loss(batch)``)
            # loads no model the call is part of setting up.
            loads = WEIGHT_LOADS if scope.cls in self._module_class_names() else _MODULE_WEIGHT_LOADS
            loaded = _weights_loaded_before(scope.node, name, loads)
            if loaded is not None:
                # Coqui's ``GlowTTS.load_checkpoint(eval=True)``: ``self.load_state_dict(...)``, then
                # ``self.store_inverse()``: the fold is part of loading the model, before anyone offloads it.
                return (f"called in {scope.cls}.{scope.name}() ({where}) right after it loads the model's weights "
                        f"(.{loaded[0]}(...), line {loaded[1]})")
            further = self._judge(scope.name, "method", depth + 1, visiting)
            return f"called in {scope.cls}.{scope.name}(), which is {further}" if further else None
        if scope.kind == "function":
            if self._is_loader(scope.node):
                return f"called in {scope.name}() ({where}), which builds the model and returns it"
            built = self._built_before_each_call(scope.node, name)
            if built is not None:
                return (f"called in {scope.name}() ({where}) on the model it builds just before "
                        f"({built[0]} = {built[1]}(...), line {built[2]})")
            further = self._judge(scope.name, "function", depth + 1, visiting)
            return f"called in {scope.name}(), which is {further}" if further else None
        return None  # a module's top level: a script runs it whenever

    def _is_loader(self, node: ast.AST | None) -> bool:
        """A module-level function that builds a module (a module class of the tree or a ``from_pretrained``-like
        call) into a local it returns, and applies no offloading itself."""
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            return False
        built: set[str] = set()
        for child in ast.walk(node):
            if isinstance(child, ast.Call) and self._offloading(child):
                return False
            if isinstance(child, ast.Assign) and isinstance(child.value, ast.Call) and self._builder(child.value):
                built.update(t.id for t in child.targets if isinstance(t, ast.Name))
        return bool(built & _returned_names(node))

    def _offloading(self, call: ast.Call) -> bool:
        """A call that may apply offloading (by its name); a class of the tree is none, whatever its name
        (``ParallelWaveGANGenerator(...)``)."""
        called = _called_name(call.func)
        return bool(called) and bool(_OFFLOADING.search(called)) and called not in self._module_class_names()

    def _built_before_each_call(self, node: ast.AST | None, name: str) -> tuple[str, str, int] | None:
        """When every ``.<name>(`` call in the function ``node`` is on a model the function built earlier and hands
        on (``self.net = Net(...)`` kept on the object, or a local ``m = Net.from_pretrained(...)`` it returns), with no
        offloading call between that build and the call: (the built name, the class or loading call, the build's
        line) of the first such call; None otherwise."""
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            return None
        # (line, spelling, what built it): "" for a value that is no build of a model; None for the same model
        # again (``self.net = self.net.fuse().eval()``).
        bindings: list[tuple[int, str, str | None]] = []
        offloads: list[int] = []
        calls: list[tuple[int, ast.expr]] = []
        for child in ast.walk(node):
            if isinstance(child, ast.Assign):
                for target in child.targets:
                    spelled = _spelling(target)
                    if spelled:
                        bindings.append((child.lineno, spelled, self._binding(child.value, spelled)))
            if not isinstance(child, ast.Call):
                continue
            if self._offloading(child):
                offloads.append(child.lineno)
            if isinstance(child.func, ast.Attribute) and child.func.attr == name:
                calls.append((child.lineno, child.func.value))
                if _hands_on_parameters(child, node):
                    return None  # ``model.load_motion_modules(motion_adapter)``: a model handed in may be offloaded
        # A model the function hands on (kept on the object, or a returned local) is being set up; one it builds, uses
        # and drops (a test, a script's ``main()`` running inference) is the use itself, not setup.
        returned = _returned_names(node)
        first: tuple[str, str, int] | None = None
        for line, receiver in sorted(calls, key=lambda item: item[0]):
            receiver = _unchained(receiver)
            spelled = _spelling(receiver)
            build = _last_build([binding for binding in bindings if binding[1] == spelled and binding[0] < line])
            if not spelled or build is None or not (spelled.startswith("self.") or spelled in returned):
                return None
            built_line, builder = build
            if any(built_line <= offload <= line for offload in offloads):
                return None
            first = first or (spelled, builder, built_line)
        return first

    def _binding(self, value: ast.expr, spelled: str) -> str | None:
        """What assigning ``value`` to ``spelled`` binds: a build (its builder), the same model again (None), or
        something else ("")."""
        if isinstance(value, ast.Call):
            builder = self._builder(value)
            if builder:
                return builder
            root: ast.expr = value
            while isinstance(root, ast.Call) and isinstance(root.func, ast.Attribute):
                root = root.func.value
            if _spelling(root) == spelled:
                return None
        return ""

    def _builder(self, call: ast.Call) -> str:
        """The module class of the tree, or the loading call, whose model ``call`` returns; "" for any other call."""
        called = _called_name(module_of_chain(call).func)  # type: ignore[attr-defined]
        return called if called in self._module_class_names() or called in LOADING_CALLS else ""

    # --- where the calls are --------------------------------------------------------------
    def _calling_files(self, name: str, kind: str) -> list[str]:
        if kind == "method":
            return sorted(self._attribute_callers().get(name, ()))
        call = re.compile(rf"(?<![\w]){re.escape(name)}\s*\(")
        definition = re.compile(rf"\bdef\s+{re.escape(name)}\s*\(")
        found = []
        for path in self._paths():
            text = _read(path)
            if name in text and len(call.findall(text)) > len(definition.findall(text)):
                found.append(path)
        return found

    def _referenced_elsewhere(self, name: str, paths: list[str]) -> bool:
        """An attribute reference ``.name`` that is no call, in a file with no call of it (``fn = m.name``); the
        text finds the candidates, their code decides (``print(f"RepConv.fuse_repvgg_block")`` is a string)."""
        reference = re.compile(rf"\.{re.escape(name)}\b(?!\s*\()")
        for path in self._paths():
            if path in paths or name not in _read(path) or not reference.search(_read(path)):
                continue
            tree = self._tree(path)
            if tree is None or _referenced_without_call(tree, name):
                return True
        return False

    def _attribute_callers(self) -> dict[str, set[str]]:
        if self._callers is None:
            found: dict[str, set[str]] = {}
            for summary in self._summaries():
                for called in summary.attribute_calls:
                    found.setdefault(called, set()).add(summary.path)
            self._callers = found
        return self._callers

    def _summaries(self) -> list:
        return [summary for summary in {id(s): s for s in self.project.modules.values()}.values()
                if self.project.can_run(summary)]

    def _paths(self) -> list[str]:
        return sorted({summary.path for summary in self._summaries()})

    def _module_class_names(self) -> frozenset[str]:
        if self._module_classes is None:
            self._module_classes = frozenset(info.name for info in self.project.project_classes() if info.is_module)
        return self._module_classes

    def _tree(self, path: str) -> ast.Module | None:
        # A few trees at most: a parsed file costs megabytes, and a run over transformers ``models/`` asks for tens.
        if path in self._trees:
            self._trees[path] = self._trees.pop(path)  # most recently used last
            return self._trees[path]
        try:
            tree: ast.Module | None = parse_python(_read(path))
        except (SyntaxError, ValueError):
            tree = None
        self._trees[path] = tree
        while len(self._trees) > _TREES_KEPT:
            self._reference_indexes.pop(next(iter(self._trees)), None)
            del self._trees[next(iter(self._trees))]
        return tree

    def _references(self, path: str, tree: ast.Module, name: str, kind: str) -> list[tuple[_Scope, bool]]:
        """Each reference to ``name`` in the file (``.name`` for a method; also ``name`` for a function) with its
        outermost scope and whether it is called there, in walk order; a function's own ``def`` is no reference.
        Read from the file's index of every name, built once while its tree is kept: a file is asked about many
        names."""
        index = self._reference_indexes.get(path)
        if index is None:
            index = self._reference_indexes[path] = _reference_index(tree)
        return [(scope, is_call) for scope, is_call, is_attribute in index.get(name, ())
                if is_attribute or kind == "function"]


def _reference_index(tree: ast.Module) -> dict[str, list[tuple[_Scope, bool, bool]]]:
    """Every attribute (``.name``) and bare name of the file, each use with its outermost scope, whether it is
    called there, and whether it is an attribute; in the order the scopes come and ``ast.walk`` meets them."""
    index: dict[str, list[tuple[_Scope, bool, bool]]] = {}
    for statement in tree.body:
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
            _index_uses(statement, _Scope("function", statement.name, node=statement), index)
        elif isinstance(statement, ast.ClassDef):
            for item in statement.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    _index_uses(item, _Scope("method", item.name, statement.name, item), index)
                else:
                    _index_uses(item, _Scope("module"), index)
        else:
            _index_uses(statement, _Scope("module"), index)
    return index


def _index_uses(node: ast.AST, scope: _Scope, index: dict[str, list[tuple[_Scope, bool, bool]]]) -> None:
    nodes = list(ast.walk(node))
    called = {id(child.func) for child in nodes if isinstance(child, ast.Call)}
    # A call inside a lambda runs when the lambda is called, not when the scope runs (mvsnerf's
    # ``network_query_fn = lambda ...: run_network_mvs(...)``, built in a constructor and called in training): its
    # callers are unknown, as a reference's are. (A nested function is judged with its scope: the helper handed to
    # ``self.apply(fn)`` runs there.)
    deferred = {id(inner) for child in nodes if isinstance(child, ast.Lambda) for inner in ast.walk(child)}
    for child in nodes:
        if isinstance(child, ast.Attribute):
            index.setdefault(child.attr, []).append((scope, id(child) in called and id(child) not in deferred, True))
        elif isinstance(child, ast.Name):
            index.setdefault(child.id, []).append((scope, id(child) in called and id(child) not in deferred, False))


# Calls that load a module's weights in place (``self.load_state_dict(state["model"])``): the setup a loader does.
WEIGHT_LOADS = frozenset({"load_state_dict", "load_weights", "load_checkpoint"})
# The one of them only a module has (``nn.Module.load_state_dict``): a class calling it on itself is a model, even one
# whose bases the index cannot read (coqui's models derive from the uninstalled trainer's ``TrainerModel``).
_MODULE_WEIGHT_LOADS = frozenset({"load_state_dict"})


def _weights_loaded_before(node: ast.AST | None, name: str, loads: frozenset[str]) -> tuple[str, int] | None:
    """The first in-place weight load on ``self`` (one of ``loads``: ``self.load_state_dict(...)``) in the method
    ``node`` when it comes before every call of ``.<name>(`` there: (the load's name, its line)."""
    if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return None
    found: list[tuple[int, str]] = []
    calls: list[int] = []
    for child in ast.walk(node):
        if not isinstance(child, ast.Call) or not isinstance(child.func, ast.Attribute):
            continue
        receiver = child.func.value
        on_self = isinstance(receiver, ast.Name) and receiver.id == "self"
        if child.func.attr in loads and on_self:
            found.append((child.lineno, child.func.attr))
        elif child.func.attr == name:
            calls.append(child.lineno)
    if not found or not calls or min(found)[0] >= min(calls):
        return None
    line, load = min(found)
    return load, line


def _spelling(node: ast.expr) -> str:
    """``model`` or ``self.net``: a local or an attribute chain on a name; "" for anything else."""
    return dotted_name(node) or ""


def _returned_names(function: ast.AST) -> set[str]:
    """The locals a function returns (alone or in a tuple)."""
    return {value.id for child in ast.walk(function) if isinstance(child, ast.Return) and child.value is not None
            for value in (child.value.elts if isinstance(child.value, ast.Tuple) else [child.value])
            if isinstance(value, ast.Name)}


def _hands_on_parameters(call: ast.Call, function: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Whether ``call`` is handed a parameter of ``function`` (or something read from one)."""
    arguments = function.args
    names = {a.arg for a in arguments.posonlyargs + arguments.args + arguments.kwonlyargs} - {"self", "cls"}
    handed = [*call.args, *(keyword.value for keyword in call.keywords)]
    return any(isinstance(inner, ast.Name) and inner.id in names for value in handed for inner in ast.walk(value))


def _last_build(bindings: list[tuple[int, str, str | None]]) -> tuple[int, str] | None:
    """The build the latest of ``bindings`` holds (through re-bindings of the same model): (its line, its builder)."""
    for line, _, builder in sorted(bindings, key=lambda binding: binding[0], reverse=True):
        if builder is None:
            continue
        return (line, builder) if builder else None
    return None


def _unchained(node: ast.expr) -> ast.expr:
    """``self.net.eval()`` -> ``self.net``: the module a chain of self-returning calls starts from."""
    while isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
            and node.func.attr in SELF_RETURNING_METHODS:
        node = node.func.value
    return node


def _called_name(func: ast.expr) -> str:
    if isinstance(func, ast.Attribute):
        return func.attr
    if isinstance(func, ast.Name):
        return func.id
    return ""


def _alternative_constructor(node: ast.AST | None) -> bool:
    """A ``@classmethod`` or ``@staticmethod``."""
    return isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and any(
        (_called_name(decorator) or "") in ("classmethod", "staticmethod") for decorator in node.decorator_list)


def _referenced_without_call(tree: ast.Module, name: str) -> bool:
    """An ``x.<name>`` in code that is not the function of a call."""
    called = {id(node.func) for node in ast.walk(tree) if isinstance(node, ast.Call)}
    return any(isinstance(node, ast.Attribute) and node.attr == name and id(node) not in called
               for node in ast.walk(tree))


def only_delegated(paths: list[str], name: str) -> bool:
    """Whether every use of ``name`` in the files ``paths`` (an attribute on anything, a bare name, an identifier
    string) sits inside a function of that same name: ``def store_inverse(self): for f in self.flows:
    f.store_inverse()``, a method handing the call on to its children. Such uses run only when some outer method of
    the name is called from elsewhere; False when a file does not parse or has no use at all."""
    found = False
    for path in paths:
        try:
            tree = parse_python(_read(path))
        except (SyntaxError, ValueError):
            return False
        inside: set[int] = set()
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == name:
                inside.update(id(child) for statement in node.body for child in ast.walk(statement))
        for node in ast.walk(tree):
            used = (isinstance(node, ast.Attribute) and node.attr == name
                    and not (isinstance(node.value, ast.Name) and node.value.id == "self")) \
                or (isinstance(node, ast.Name) and node.id == name) \
                or (isinstance(node, ast.Constant) and node.value == name)
            if used:
                if id(node) not in inside:
                    return False
                found = True
    return found


def _read(path: str) -> str:
    try:
        return Path(path).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""
