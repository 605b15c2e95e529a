"""What an application runs: the top-level classes and functions its entry points reach by name.

An application (``tree.py``) is run through its scripts, tests and ``__main__`` modules and through the modules its
configs, notebooks, docs and shell scripts name. Their module-level code runs, as does that of every module they
import at any depth. A module's ``if __name__ == "__main__":`` block runs only when the file is run as a script: a
file other files import is a module, and its block a self-test (a shape check at the bottom of a model file), unless
a doc or shell script runs it. From that code on, a top-level class or function runs when code that runs writes a name
(:attr:`FileSummary.definition_words`) that resolves to it: a definition of the writing file, a name it imports
(at any depth of its code, under any alias), or a name of a module it imports (``models.Encoder``), following a
package ``__init__``'s re-exports and star imports. A vendored package whose host imports one module runs the
definitions the host's code names, not the package's other models: Amphion's copy of AudioLDM runs the VAE
picoaudio imports, not the diffusion UNet beside it.

Names that code computes keep what they may name reached: a decorated definition in a module that runs (a registry
entry; not ``@dataclass`` or ``@torch.no_grad()``), every definition of a file whose reached code calls
``globals()``/``eval`` or of a module reached code hands to ``getattr`` with a computed name, what code using a
folder that imports modules by computed names (``importlib.import_module``, ``__import__``) names in that folder
(and in the package such a name starts with: ``import_module(f"model.{name}")`` may load any module of ``model``),
the module or definition a dotted string in reached code names (``"config.locomotion"`` for
``import_module(args.config)``, ``"models.GaussianDiffusion"`` for a loader's ``getattr``), and every definition a
config value or the code of a notebook, doc or shell script names (:meth:`ProjectTree.entry_names`). Tests run
whole (pytest collects their functions). A package's ``__main__.py`` is an entry point unless the package is nested
in the application (a vendored library's command line) and no doc or shell script names it. Everything else is code
nothing runs.
"""

from __future__ import annotations

import enum
import os
from dataclasses import dataclass, field

from ..index.extract import EXPORTS, MAIN_BLOCK, MODULE_CODE
from ..index.project import folder_prefix, import_nearness, is_test_module
from ..index.summary import FileSummary
from ..tree import ProjectTree

# Calls that import a module by a name computed at run time: any file beside or below the caller's folder may run.
DYNAMIC_IMPORTS = frozenset({"import_module", "__import__", "spec_from_file_location", "run_path", "load_source"})


class _Entry(enum.Enum):
    WHOLE = "every definition runs"  # a test (pytest collects them), ``hubconf.py`` (torch.hub calls them by name)
    MAIN = "a __main__ module"
    SCRIPT = "a script"

Definition = tuple[str, str]  # (file path, top-level name)
# Keys of ``FileSummary.definition_words`` that are no definition a name can denote.
_NOT_DEFINITIONS = (MODULE_CODE, MAIN_BLOCK, EXPORTS)


def _defines(summary: FileSummary, name: str) -> bool:
    """Whether ``name`` is a top-level class or function of the file (not its module code, ``__main__`` block or
    ``__all__``)."""
    return name in summary.definition_words and name not in _NOT_DEFINITIONS


@dataclass
class ApplicationReach:
    """The top-level definitions an application's entry points reach (``reached``, each with whether only a name
    computed at run time reaches it); built once per run (:meth:`OffloadSemantics.application_reach`)."""
    files: list[FileSummary]
    tree: ProjectTree
    reached: dict[Definition, bool] = field(default_factory=dict)
    _by_path: dict[str, FileSummary] = field(default_factory=dict)
    _named: dict[str, list[str]] = field(default_factory=dict)  # module name -> files of that name
    _edges: dict[str, frozenset[str]] = field(default_factory=dict)
    # Files beside or below a computed import, with the folder of that import.
    _dynamic: dict[str, str] = field(default_factory=dict)
    _bindings: dict[str, tuple[frozenset[str], dict[str, set[Definition]], tuple[str, ...]]] = field(
        default_factory=dict)
    _writers: dict[str, list[tuple[FileSummary, str]]] = field(default_factory=dict)  # word -> where it is written
    # The folder of a package modules are imported from by computed names -> the files importing them so.
    _importers: dict[str, set[str]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self._by_path = {summary.path: summary for summary in self.files}
        for summary in self.files:
            for name in module_names(summary):
                self._named.setdefault(name, []).append(summary.path)
        self._walk()

    # --- the modules each file imports ------------------------------------------------------
    def _imports(self, path: str) -> frozenset[str]:
        """The files ``path`` imports (at any depth of its code), each import's packages' ``__init__`` included; a
        dotted name several folders share (``modules.x`` in two vendored copies) names each of them."""
        known = self._edges.get(path)
        if known is None:
            found: set[str] = set()
            for target in self._by_path[path].imported_modules:
                parts = target.split(".")
                for end in range(1, len(parts) + 1):
                    found.update(self._files(".".join(parts[:end]), near=path))
            found.discard(path)
            known = self._edges[path] = frozenset(found)
        return known

    # --- what a name in a file's code refers to ---------------------------------------------
    def _files(self, module: str, near: str | None = None) -> list[str]:
        """The files an import of ``module`` may load. Where several folders hold a file of that name (GraphCL's
        ``finetuning/res_gcn.py`` and ``pre-training/res_gcn.py``, each program run from its own folder), the ones
        nearest the importing file ``near`` (:func:`~offload_lint.index.project.import_nearness`, as the index
        resolves such imports): Python finds the script's own folder first."""
        found = self._named.get(module, [])
        if near is None or len(found) < 2:
            return found
        nearness = {path: import_nearness(path, module.split("."), near) for path in found}
        nearest = max(nearness.values())
        return [path for path in found if nearness[path] == nearest]

    def _names_in(self, path: str, name: str, depth: int = 0) -> set[Definition]:
        """The definitions ``<module of path>.<name>`` is: its own definition, or what it imports under that name
        (a package ``__init__``'s re-export), or a star import's."""
        summary = self._by_path[path]
        if _defines(summary, name):
            return {(path, name)}
        if depth > 4:
            return set()
        found: set[Definition] = set()
        target = summary.imports.get(name)
        if target is not None:
            found |= self._target(target, depth + 1, near=path)
        for source in summary.star_imports:
            for other in self._files(source, near=path):
                if other != path:
                    found |= self._names_in(other, name, depth + 1)
        return found

    def _target(self, target: str, depth: int = 0, near: str | None = None) -> set[Definition]:
        """The definitions an import target ``module.name`` is, imported in the file ``near``."""
        module, _, name = target.rpartition(".")
        found: set[Definition] = set()
        for path in self._files(module, near=near) if module else ():
            found |= self._names_in(path, name, depth)
        return found

    def _modules_of(self, path: str) -> tuple[frozenset[str], dict[str, set[Definition]], tuple[str, ...]]:
        """What ``path``'s imports bind, at any depth of its code: the files of the modules it imports (whose names
        its code may read as attributes), the definitions it imports by name (under their local names), and the
        files it star-imports."""
        known = self._bindings.get(path)
        if known is None:
            summary = self._by_path[path]
            modules: set[str] = set()
            names: dict[str, set[Definition]] = {}
            # A module is read as a namespace where a name binds it: ``import a.b`` binds ``a`` (and so ``a.b``),
            # ``from a import b`` a submodule ``b``, ``import a.b as c`` binds ``c``. ``from a.b import c`` binds
            # ``c`` only: a word its code writes on something else (``torch.jit.load``) is no ``a.b.load``.
            plain = {local for local, target in summary.imports.items() if local == target}
            for target in (*summary.imports.values(), *summary.import_renames.values()):
                modules.update(self._files(target, near=path))
            for target in summary.imported_modules:
                if target.partition(".")[0] in plain:
                    modules.update(self._files(target, near=path))
            for target in (*summary.imported_modules, *summary.imports.values()):
                definitions = self._target(target, near=path)
                if definitions:
                    names.setdefault(target.rpartition(".")[2], set()).update(definitions)
            for local, target in (*summary.imports.items(), *summary.import_renames.items()):
                definitions = self._target(target, near=path)
                if definitions:
                    names.setdefault(local, set()).update(definitions)
            stars = tuple(other for source in summary.star_imports for other in self._files(source, near=path))
            known = self._bindings[path] = (frozenset(modules), names, stars)
        return known

    def resolve(self, path: str, word: str) -> set[Definition]:
        """The top-level definitions ``word``, written in ``path``'s code, may name: one of the file's own, one it
        imports by that name (at any depth of its code), one of a module it imports (``models.Encoder``, a
        package's re-export included) or one of a star import."""
        summary = self._by_path[path]
        modules, names, stars = self._modules_of(path)
        if _defines(summary, word):
            # An import of the name inside a function binds it there: ``def evaluate(...): from eval.a2m.gru_eval
            # import evaluate; evaluate(...)`` runs the imported one (the index keeps no scopes: both).
            return {(path, word), *names.get(word, ())}
        found = set(names.get(word, ()))
        for other in (*modules, *stars):
            if other != path:
                found |= self._names_in(other, word)
        return found

    # --- roots ------------------------------------------------------------------------------
    def _root_files(self) -> dict[str, bool]:
        """The files run from outside the code (scripts, tests, ``__main__`` modules, ``hubconf.py``, modules a
        config, notebook, doc or shell script names, modules beside or below a computed import), each with whether
        all its definitions run (a test's, collected by pytest; a hub file's, called by name)."""
        configs, texts = self.tree.config_words(), self.tree.text_words()
        dynamic = tuple(folder_prefix(summary.path.split(os.sep)[:-1], os.sep) for summary in self.files
                        if not DYNAMIC_IMPORTS.isdisjoint(summary.words))
        prefixed = self._prefixed_imports()
        roots: dict[str, bool] = {}
        imported = {other for path in self._by_path for other in self._imports(path)}
        for summary in self.files:
            kind = _entry_kind(summary, self.tree.folder)
            stem = summary.module.rpartition(".")[2]
            if kind is _Entry.SCRIPT and summary.path in imported and MAIN_BLOCK in summary.definition_words \
                    and stem not in texts:
                # A module other files import, with a ``__main__`` block: a self-test (a shape check at the bottom
                # of a model file) unless a doc or shell script runs it; its module code runs when imported.
                kind = None
            elif kind is _Entry.MAIN and self._vendored_main(summary.path):
                kind = None
            folder = next((folder for folder in dynamic if summary.path.startswith(folder)), None)
            if folder is None:  # ("" is the working directory's folder, not none)
                folder = prefixed.get(summary.path)
            if folder is not None:
                self._dynamic[summary.path] = folder
            if kind is not None:
                roots[summary.path] = kind is _Entry.WHOLE
            elif stem in configs or stem in texts or folder is not None:
                roots[summary.path] = False
        return roots

    def _vendored_main(self, path: str) -> bool:
        """Whether ``path`` is the ``__main__.py`` of a package nested in the application (VL-BERT's
        ``external/pytorch_pretrained_bert``, a vendored copy whose command line converted checkpoints for its own
        users): run only by ``python -m`` with that package's name, which no doc or shell script of the application
        writes. A top-level package's (``src/`` apart) stays an entry point: ``python -m app`` is how it is run."""
        relative = os.path.relpath(path, self.tree.folder) if self.tree.folder else path
        folders = [part for part in relative.replace("\\", "/").split("/")[:-1] if part not in ("", ".")]
        if folders[:1] == ["src"]:
            folders = folders[1:]
        if len(folders) < 2:
            return False
        dotted = ".".join(folders)
        return not any(dotted == run or dotted.endswith("." + run) or run.startswith(dotted + ".")
                       or run == folders[-1] for run in self.tree.run_modules())

    def _walk(self) -> None:
        roots = self._root_files()
        running = set(roots)  # files whose module code runs: the roots and what they import, at any depth
        stack = list(roots)
        while stack:
            for other in self._imports(stack.pop()):
                if other not in running:
                    running.add(other)
                    stack.append(other)
        pending: list[Definition] = []

        def reach(definition: Definition, computed: bool = False) -> None:
            # ``computed``: reached only through a name computed at run time, or through code reached only so. A
            # definition first reached so and then by code that runs without one is walked again to pass that on:
            # the flags go one way only, so the walk's order does not decide them.
            known = self.reached.get(definition)
            if known is None and definition[1] in self._by_path[definition[0]].definition_words:
                self.reached[definition] = computed
                pending.append(definition)
            elif known and not computed:
                self.reached[definition] = False
                pending.append(definition)

        named_outside = self.tree.entry_names()
        by_name: dict[str, list[str]] = {}
        for summary in self.files:
            for name in summary.definition_words:
                if name not in _NOT_DEFINITIONS:
                    by_name.setdefault(name, []).append(summary.path)
        for name in named_outside & by_name.keys():
            for path in by_name[name]:
                reach((path, name))
        for path in sorted(running):
            summary = self._by_path[path]
            if roots.get(path):
                for name in summary.definition_words:
                    reach((path, name))
                continue
            reach((path, MODULE_CODE))
            if path in roots:
                reach((path, MAIN_BLOCK))
            for name in summary.decorated:
                reach((path, name))  # a registry may build it
        defined = by_name.keys()
        while pending:
            path, name = pending.pop()
            inherited = self.reached[(path, name)]
            summary = self._by_path[path]
            words = summary.definition_words.get(name, ())
            for read in summary.computed_reads.get(name, ()):
                # ``globals()``/``eval`` read the namespace, ``getattr(module, name)`` the module's.
                targets = self._namespace_files(path) if read == "*" \
                    else self._files(summary.imports.get(read, ""), near=path) or self._computed_modules(path)
                for other_path in targets:
                    for other in self._by_path[other_path].definition_words:
                        reach((other_path, other), computed=True)
            for text in summary.dotted_strings.get(name, ()):
                for definition in self._dotted(path, text):
                    reach(definition, inherited)
            for word in words:
                # ``load(f"models.{name}").Net(...)``: a module imported by a computed name is seen by no import,
                # so what code in or importing that import's folder names in it is reached; a name the file binds
                # itself (``from ldm.modules.model import Decoder``, or its own definition) names that one only.
                bound = word in summary.imports or word in summary.import_renames or _defines(summary, word)
                for other_path in () if bound else by_name.get(word, ()):
                    folder = self._dynamic.get(other_path)
                    if folder is not None and self._uses_folder(path, folder):
                        reach((other_path, word), computed=True)  # (its module imported by a computed name)
                if word not in defined and word not in summary.imports and word not in summary.import_renames:
                    # (an import may rename a definition)
                    continue
                for definition in self.resolve(path, word):
                    reach(definition, inherited)

    def _computed_modules(self, path: str) -> list[str]:
        """The modules ``path`` imports by a computed name from a constant package (``module =
        import_module(f".modeltype.{kind}", package="mld.models")``): what a computed attribute read on a name that
        is not an import (``module.__getattribute__(kind.upper())``) may read."""
        folders = tuple(folder for folder, importers in self._importers.items() if path in importers)
        return [other for other in self._by_path if other.startswith(folders)] if folders else []

    def _dotted(self, path: str, text: str) -> set[Definition]:
        """What a dotted string written in ``path`` names: a module's code (``"config.locomotion"``, which a parser
        imports with ``importlib.import_module(args.config)``), else a definition of a module
        (``"models.GaussianDiffusion"``, a class a config names for a loader), a package's re-export included."""
        modules = self._files(text, near=path)
        if modules:
            return {(other, MODULE_CODE) for other in modules}
        module, _, name = text.rpartition(".")
        found: set[Definition] = set()
        for other in self._files(module, near=path):
            found |= self._names_in(other, name)
        return found

    def _namespace_files(self, path: str) -> set[str]:
        """The files whose definitions ``eval``/``globals()`` in ``path`` may name: its own, those of the modules it
        imports, and every module under a package it star-imports (ReChorus' ``from models.context import *``,
        whose ``__all__`` lists the folder's files, then ``eval(f"{name}.{name}CTR")``)."""
        found = {path, *self._imports(path)}
        summary = self._by_path[path]
        for source in summary.star_imports:
            for package in self._files(source, near=path):
                if package.replace("\\", "/").endswith("/__init__.py"):
                    folder = folder_prefix(package.split(os.sep)[:-1], os.sep)
                    found.update(other for other in self._by_path if other.startswith(folder))
        return found

    def computed(self, path: str, name: str) -> bool:
        """Whether the top-level definition ``name`` of ``path`` is reached only through a name computed at run time
        (named by no code that runs without one: the static signs, "named nowhere", "nothing imports its file",
        cannot see it)."""
        return self.reached.get((path, name), False)

    def beside_computed_import(self, path: str) -> bool:
        """Whether a file in ``path``'s folder or one above it imports modules by computed names."""
        return path in self._dynamic

    def _uses_folder(self, path: str, folder: str) -> bool:
        return path.startswith(folder) or path in self._importers.get(folder, ()) \
            or any(other.startswith(folder) for other in self._imports(path))

    def _prefixed_imports(self) -> dict[str, str]:
        """The files a computed import with a constant package may load (AGAIN-VC's
        ``import_module(f"model.{config.model_name}")``: every module of the package ``model``), each with that
        package's folder; the importing files are kept as users of the folder (``_importers``)."""
        found: dict[str, str] = {}
        for summary in self.files:
            for prefix in summary.import_prefixes:
                start = prefix + "."
                for name, paths in self._named.items():
                    if not name.startswith(start):
                        continue
                    depth = name.count(".") - prefix.count(".")
                    for path in paths:
                        parts = path.replace("\\", "/").split("/")
                        up = depth + 1 if parts[-1] == "__init__.py" else depth
                        folder = folder_prefix(path.split(os.sep)[:-up], os.sep)
                        found.setdefault(path, folder)
                        self._importers.setdefault(folder, set()).add(summary.path)
        return found

    # --- questions --------------------------------------------------------------------------
    def runs(self, path: str, name: str) -> bool:
        """Whether the top-level definition ``name`` of ``path`` runs (True for what the walk does not know)."""
        summary = self._by_path.get(path)
        if summary is None or name not in summary.definition_words:
            return True
        return (path, name) in self.reached

    def named_in(self, path: str, name: str) -> list[str]:
        """The definitions that can see ``path`` and name ``name`` (none of which runs): for the trace."""
        if not self._writers:
            for summary in self.files:
                for definition, words in summary.definition_words.items():
                    for word in words:
                        self._writers.setdefault(word, []).append((summary, definition))
        found: list[str] = []
        for summary, definition in self._writers.get(name, ()):
            if definition == EXPORTS:
                continue  # names it for star imports, which the walk follows by themselves
            if (summary.path, definition) != (path, name) and (path, name) in self.resolve(summary.path, name):
                found.append(_where(summary, definition))
        return sorted(found)


def _where(summary: FileSummary, definition: str) -> str:
    """A definition as the trace names it."""
    if definition == MODULE_CODE:
        return f"{summary.module}'s module code"
    if definition == MAIN_BLOCK:
        return f"{summary.module}'s __main__ block (a self-test: other files import the module)"
    return f"{summary.module}.{definition}"


def module_names(summary: FileSummary) -> set[str]:
    """The dotted names an import may reach ``summary``'s file by: its module name, and each dotted name its path
    ends in (a folder run as the import root: ``modules.quantization.core_vq``)."""
    path = summary.path.replace("\\", "/")
    stem = path[:-len("/__init__.py")] if path.endswith("/__init__.py") else path[:-3]
    parts = stem.split("/")
    # Every tail of the path, the whole of a relative one included (``models/clip/model.py`` linted as ``.`` is
    # imported as ``models.clip.model``); an absolute path's leading "" and a ``./`` or ``..`` step name nothing.
    return {summary.module} | {".".join(parts[start:]) for start in range(len(parts))
                               if all(part and part not in (".", "..") for part in parts[start:])}


def _entry_kind(summary: FileSummary, tree_folder: str) -> _Entry | None:
    """How a file runs on its own, or None: a test or a torch.hub ``hubconf.py`` (every definition runs), a
    ``__main__`` module, a script. Only the folders below the linted tree's own count (a checkout kept under a
    ``test/`` folder is no test suite)."""
    path = (os.path.relpath(summary.path, tree_folder) if tree_folder else summary.path).replace("\\", "/")
    name = path.rsplit("/", 1)[-1]
    if is_test_module(path.removesuffix(".py").replace("/", ".")) or name == "hubconf.py":
        return _Entry.WHOLE
    if name == "__main__.py":
        return _Entry.MAIN
    if summary.script:
        return _Entry.SCRIPT
    return None
