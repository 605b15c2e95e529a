"""The project around the linted files: what runs their code, and the words its other files use.

A **library** is a package its users import: a public method nothing in the tree calls, of a class it builds for
its users, or a module nothing in the tree imports, is still API someone calls (a class the library holds itself,
as a child of its models, is reached through its holder: :meth:`EntryPoints.never_run`). An **application** (a research repository of scripts, notebooks and
configs) declares no package, or declares one only for its own scripts (its README installs it from the checkout,
never by name): its own code is all that runs it, so code that nothing in the tree, its notebooks, its configs or its
docs reaches is code nothing runs. ``auto`` (the default) takes a tree for an application only where
the linted files' common folder is the project's root (a git checkout or a ``pyproject.toml``) and that root declares
no package that its README installs by name; anything else, a folder without either included, keeps the library
premise.

The words of the tree's non-Python files name its code too: a JSON/YAML config builds classes by name, a notebook,
a README or a shell script calls methods and runs modules (``python -m``).

Kept light: the cache keys of a run (``result.py``) read :attr:`ProjectTree.key` without the analysis.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path

LIBRARY = "library"
APPLICATION = "application"
TREE_KINDS = ("auto", LIBRARY, APPLICATION)
CONFIG_SUFFIXES = (".json", ".yaml", ".yml")
TEXT_SUFFIXES = (".ipynb", ".md", ".rst", ".sh")
_ROOT_MARKERS = (".git", "pyproject.toml", "setup.py", "setup.cfg")
_PACKAGE_TABLE = re.compile(r"^\[(project|tool\.poetry|build-system)\]", re.MULTILINE)
_MAX_SIDE_FILES = 5000
_MAX_SIDE_BYTES = 2_000_000  # a notebook's outputs can be megabytes of images: the first two are enough
_WORD = re.compile(r"\w+")
# A tokenizer's files (``vocab.json``, ``tokenizer.json``, ``added_tokens.json``, ``special_tokens_map.json``, a
# ``tokenizer_config.json``): their keys are tokens (GPT-2's vocabulary holds ``"Model": 17633``), not names a
# config gives the code.
_TOKENIZER_FILE = re.compile(r"(?:^|[-_.])(?:vocab|tokenizer|merges|added_tokens|special_tokens_map)(?:[-_.]|$)",
                             re.IGNORECASE)
# ``receiver.method(`` where the receiver is a plain name (not an attribute, a call's result or a subscript).
_METHOD_CALL = re.compile(r"(?<![\w.)\]])([A-Za-z_]\w*)\s*\.\s*([A-Za-z_]\w*)\s*\(")
_IMPORT = re.compile(r"^[ \t]*(?:from[ \t]+(\w+)|import[ \t]+(\w+))", re.MULTILINE)
# Receivers that are no object of the documented library: the doc's own classes, and modules docs call into.
_NOT_OBJECTS = frozenset({"self", "cls", "torch", "nn", "F", "np", "numpy", "os", "sys", "math", "plt", "json", "re",
                          "random", "time", "pd", "cv2", "Image", "transforms", "T", "tf", "jax", "jnp", "pathlib",
                          "Path", "subprocess", "shutil", "argparse", "logging", "pip", "python"})


@dataclass
class ProjectTree:
    folder: str  # the linted files' common folder
    kind: str  # LIBRARY or APPLICATION
    why: str  # what decided the kind, for the reasons of suppressed findings
    side_files: tuple[tuple[str, int, int], ...] = ()  # (path, size, mtime_ns) of configs, notebooks, docs
    _words: dict[bool, frozenset[str]] = field(default_factory=dict, repr=False)
    _documented_calls: dict[str, frozenset[str]] | None = field(default=None, repr=False)
    _entry_names: dict[bool, frozenset[str]] = field(default_factory=dict, repr=False)
    _run_modules: frozenset[str] | None = field(default=None, repr=False)
    _passed: frozenset[str] | None = field(default=None, repr=False)

    @property
    def application(self) -> bool:
        return self.kind == APPLICATION

    @property
    def key(self) -> tuple:
        """What the findings read of the tree beyond its Python files (a cache key part)."""
        return self.kind, self.side_files

    def config_words(self) -> frozenset[str]:
        """The words of the JSON/YAML configs (``target: lvdm.models.autoencoder.AutoencoderKL``: every part)."""
        return self._words_of(configs=True)

    def text_words(self) -> frozenset[str]:
        """The words of the code in the notebooks (code cells, code in Markdown cells), the Markdown/reST docs
        (code blocks and inline code) and the shell scripts: prose says "the model" and "a sample" of anything."""
        return self._words_of(configs=False)

    def documented_calls(self, package: str) -> frozenset[str]:
        """The methods that the code of the notebooks, docs and scripts importing ``package`` (a top-level module
        name) calls on an object of its own (``model.features(input)`` after ``import pretrainedmodels``): methods
        users of that package call directly. A call on ``self`` (a class the doc defines) or on a module
        (``torch.cat(...)``) is none, and a doc that imports nothing documents no package's API."""
        if self._documented_calls is None:
            self._words_of(configs=False)
        return (self._documented_calls or {}).get(package, frozenset())

    def config_names(self) -> frozenset[str]:
        """The names the JSON/YAML configs give as values (``target: lvdm.models.autoencoder.AutoencoderKL``: every
        part; ``"class": "UNet"``), read narrowly: a word of a sentence in a string (an issue template's "New Model
        addition") or a key names nothing."""
        self._words_of(configs=True)
        return self._entry_names[True]

    def entry_names(self) -> frozenset[str]:
        """The names the configs, notebooks, docs and shell scripts use as code, read narrowly (what an
        application's entry points reach by name): a config's values that are a name or a dotted name
        (``target: lvdm.models.autoencoder.AutoencoderKL``, ``"class": "UNet"``; prose in a string or a key is
        none) or name an entry point (``"predict.py:Predictor"``), and the code of the others without its comments (``# Train Model``) and citations (a ``bibtex``
        block's title)."""
        self._words_of(configs=True)
        self._words_of(configs=False)
        return self._entry_names[True] | self._entry_names[False]

    def passed_options(self) -> frozenset[str]:
        """The command-line options the code of the notebooks, docs and shell scripts passes (``--masks``, as the
        dest ``masks``), and every word of the configs (a YAML config may set any option by its name)."""
        self._words_of(configs=False)
        return (self._passed or frozenset()) | self.config_words()

    def run_modules(self) -> frozenset[str]:
        """The modules the code of the notebooks, docs and shell scripts runs with ``python -m <module>``."""
        self._words_of(configs=False)
        return self._run_modules or frozenset()

    def _words_of(self, configs: bool) -> frozenset[str]:
        if configs not in self._words:
            words: set[str] = set()
            named: set[str] = set()
            calls: dict[str, set[str]] = {}
            run: set[str] = set()
            passed: set[str] = set()
            for path, _, _ in self.side_files:
                if path.endswith(CONFIG_SUFFIXES) != configs:
                    continue
                if configs and _TOKENIZER_FILE.search(Path(path).stem):
                    continue
                text = _read(Path(path))
                if configs:
                    words.update(_WORD.findall(text))
                    named.update(part for value in _CONFIG_VALUE.findall(text) for part in value.split("."))
                    named.update(_CONFIG_ENTRY.findall(text))
                    continue
                code = _code_in(path, text)
                words.update(_WORD.findall(code))
                run.update(_RUN_MODULE.findall(code))
                passed.update(option.replace("-", "_") for option in _OPTION.findall(code))
                if _CITATION.search(text):
                    code = _code_in(path, _CITATION.sub("", text))
                named.update(_WORD.findall(_COMMENT.sub("", code)))
                imported = {name for pair in _IMPORT.findall(code) for name in pair if name}
                if imported:
                    called = {method for receiver, method in _METHOD_CALL.findall(code) if receiver not in _NOT_OBJECTS}
                    for package in imported:
                        calls.setdefault(package, set()).update(called)
            self._words[configs] = frozenset(words)
            self._entry_names[configs] = frozenset(named)
            if not configs:
                self._documented_calls = {package: frozenset(names) for package, names in calls.items()}
                self._run_modules = frozenset(run)
                self._passed = frozenset(passed)
        return self._words[configs]


# A config value that is a name or a dotted name: JSON's ``"a.b.C"`` (a whole string), YAML's ``key: a.b.C`` or
# ``- a.b.C`` (a whole unquoted or quoted scalar).
_CONFIG_VALUE = re.compile(r"""(?:"|'|(?:^|:|-)[ \t]+)([A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)*)(?:"|'|[ \t]*$)""", re.MULTILINE)
# An entry point written ``file.py:Name`` or ``module.sub:name`` (cog.yaml's ``predict: "predict.py:Predictor"``).
_CONFIG_ENTRY = re.compile(r"(?<![\w:/])[\w./-]*\w:([A-Za-z_]\w*)\b(?![.:/])")
# ``python -m package.module`` (``python3.10 -u -m ...``, ``torchrun ... -m ...`` too): a module run as a script.
_RUN_MODULE = re.compile(r"(?:python[\d.]*|torchrun|accelerate launch|deepspeed)\b[^\n]*?\s-m\s+([A-Za-z_][\w.]*)")
# A command-line option a script or doc passes (``python main.py --masks``).
_OPTION = re.compile(r"(?<![\w-])--([A-Za-z][\w-]*)")
# A comment of a shell script or of Python code (to the end of the line; a ``#`` inside a string is rare in code).
_COMMENT = re.compile(r"(?:^|(?<=\s))#[^\n]*")
# A fenced citation (```bibtex ... ```, or any fence opening with a ``@article{`` entry): no code, though every
# README's "Model" is in one.
_CITATION = re.compile(r"^\s*(```|~~~)[ \t]*(?:(?:bib|bibtex|latex|tex)[ \t]*\n|[^\n]*\n\s*@\w+\s*\{).*?^\s*\1",
                       re.MULTILINE | re.DOTALL | re.IGNORECASE)
_FENCED = re.compile(r"^\s*(```|~~~)[^\n]*\n(.*?)^\s*\1", re.MULTILINE | re.DOTALL)
_INLINE = re.compile(r"``?([^`\n]+)``?")
_RST_LITERAL = re.compile(r"::\s*\n((?:[ \t]*\n|[ \t]+[^\n]*\n)+)")


def _code_in(path: str, text: str) -> str:
    """The code a doc, notebook or script holds (a shell script is all code)."""
    if path.endswith(".sh"):
        return text
    if path.endswith(".ipynb"):
        return _notebook_code(text)
    found = [match.group(2) for match in _FENCED.finditer(text)] + _INLINE.findall(_FENCED.sub("", text))
    if path.endswith(".rst"):
        found += _RST_LITERAL.findall(text)
    return "\n".join(found)


def _notebook_code(text: str) -> str:
    import json

    try:
        cells = json.loads(text).get("cells", [])
    except (ValueError, AttributeError):
        return text  # cut at the size read (outputs of images), or no notebook: every word may be code
    parts = []
    for cell in cells if isinstance(cells, list) else ():
        if not isinstance(cell, dict):
            continue
        source = cell.get("source", "")
        source = "".join(source) if isinstance(source, list) else str(source)
        parts.append(source if cell.get("cell_type") == "code" else _code_in("cell.md", source))
    return "\n".join(parts)


def project_tree(paths: list[str], setting: str = "auto", excludes: list[str] | None = None,
                 respect_gitignore: bool = True) -> ProjectTree:
    """The tree the linted files ``paths`` form: its kind (``setting``, or decided when ``auto``) and its side
    files, found under the project's root (or the files' common folder) with the run's excludes."""
    from .discover import Discovery

    folder = _common_folder(paths)
    root = _project_root(folder)
    if setting in (LIBRARY, APPLICATION):
        kind, why = setting, f"tree-kind = \"{setting}\""
    else:
        kind, why = _decided_kind(folder, root)
    # Configs under the linted folder name the classes built there; the project's notebooks, docs and scripts call
    # its code (a library's users call it from their own too).
    searches = [(Path(folder), CONFIG_SUFFIXES)] if folder else []
    if root is not None:
        searches.append((root, TEXT_SUFFIXES))
    discovery = Discovery(excludes=list(excludes or []), respect_gitignore=respect_gitignore)
    side: list[tuple[str, int, int]] = []
    for searched, suffixes in searches:
        for path in discovery.side_files(searched, suffixes, _MAX_SIDE_FILES):
            try:
                status = os.stat(path)
            except OSError:
                continue
            side.append((str(path), status.st_size, status.st_mtime_ns))
    return ProjectTree(folder or "", kind, why, tuple(side))


def _common_folder(paths: list[str]) -> str | None:
    folders = [os.path.dirname(os.path.abspath(path)) for path in paths]
    if not folders:
        return None
    try:
        return os.path.commonpath(folders)
    except ValueError:  # different drives
        return None


def _project_root(folder: str | None) -> Path | None:
    """The nearest folder at or above ``folder`` that is a git checkout or holds packaging files."""
    if folder is None:
        return None
    return next((candidate for candidate in [Path(folder), *Path(folder).parents]
                 if any((candidate / marker).exists() for marker in _ROOT_MARKERS)), None)


def _decided_kind(folder: str | None, root: Path | None) -> tuple[str, str]:
    if folder is None:
        return LIBRARY, "the linted files share no folder"
    parts = Path(folder).parts
    if "site-packages" in parts or "dist-packages" in parts:
        return LIBRARY, "installed under site-packages"
    if root is None:
        return LIBRARY, "no .git or pyproject.toml at or above the linted folder"
    declared = _package_declaration(root)
    if declared is not None:
        local = _installed_only_from_checkout(root)
        if local is not None:
            return APPLICATION, (f"{declared}, but {local}: an application run from its checkout "
                                 f"(tree-kind = \"library\" if users import it)")
        return LIBRARY, declared
    if root != Path(folder) and (other := _python_file_outside(root, Path(folder))) is not None:
        return LIBRARY, f"not every Python file of the project at {root} is linted ({other}): its other code may use these"
    return APPLICATION, (f"{root.name or root} is an application: no setup.py, setup.cfg or pyproject.toml "
                         f"[project] declares a package (tree-kind = \"library\" if users import it)")


def _package_declaration(root: Path) -> str | None:
    """What at ``root`` declares a package (``setup.py declares a package``), or None."""
    for name in ("setup.py", "setup.cfg"):
        if (root / name).is_file():
            return f"{name} declares a package"
    text = _read(root / "pyproject.toml")
    if (table := _PACKAGE_TABLE.search(text)) is not None:
        return f"pyproject.toml declares a package ({table.group(0)})"
    return None


def _installed_only_from_checkout(root: Path) -> str | None:
    """How the project's README installs it, when that is only from the checkout: an editable or local install
    (``pip install -e .``, ``python setup.py develop``) or the environment alone (``pip install -r
    requirements.txt``, ``conda env create``, ``uv sync``), and never the package by name from an index or its
    repository (``pip install <name>``, ``pip install git+https://.../<name>.git``). A research repository declares
    a package so that its own scripts import it; a library tells its users how to install it. None when the README
    installs the package by name, or says nothing of installing (the library premise stays)."""
    readmes = sorted(path for path in root.glob("README*") if path.is_file())
    text = "\n".join(_read(path) for path in readmes)
    found = _LOCAL_INSTALL.search(text) or _ENVIRONMENT_INSTALL.search(text)
    if found is None:
        return None
    names = _distribution_names(root)
    for command in _PIP_INSTALL.finditer(text):
        for token in command.group(1).split():
            token = token.strip("\"'`\u201c\u201d\u2018\u2019")
            if token.startswith("git+"):
                token = token.rstrip("/").rsplit("/", 1)[-1].split("@")[0].removesuffix(".git")
            elif token.startswith("-"):
                continue
            if _normalized(re.split(r"[\[=<>~!;]", token)[0]) in names:
                return None  # installed by name: users import it
    return f"{readmes[0].name} installs it only from the checkout (`{' '.join(found.group(0).split())}`)"


def _distribution_names(root: Path) -> set[str]:
    """The names the project may be installed by: those its packaging files declare, and its folder's."""
    names = {_normalized(root.name)}
    for file in ("pyproject.toml", "setup.cfg", "setup.py"):
        names.update(_normalized(match.group(1)) for match in _NAME_FIELD.finditer(_read(root / file)))
    return names


def _normalized(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name.lower())


def _read(path: Path) -> str:
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            return handle.read(_MAX_SIDE_BYTES)
    except OSError:
        return ""


# ``pip install -e .``, ``pip install ".[dev]"``, ``python setup.py develop``: the checkout installed in place.
_LOCAL_INSTALL = re.compile(r"""pip3?[ \t]+install[ \t]+(?:-[-\w]+(?:[= ][^\s.'"-]\S*)?[ \t]+)*?(?:(?:-e|--editable)[ \t]+)?"""
                            r"""["']?\.(?:\[[^\]\s]*\])?["']?(?=[\s`]|$)|python3?[ \t]+setup\.py[ \t]+(?:develop|install)""")
# The environment alone, the project's own package not installed by name.
_ENVIRONMENT_INSTALL = re.compile(r"conda[ \t]+env[ \t]+create|pip3?[ \t]+install[ \t]+(?:-[-\w]+[ \t]+)*-r[ \t]+\S*"
                                  r"requirements|uv[ \t]+sync\b|poetry[ \t]+install\b")
_PIP_INSTALL = re.compile(r"(?:pip3?|conda|mamba|uv[ \t]+pip)[ \t]+install[ \t]+([^\n`&|;#]*)")
# ``name = "pkg"`` in pyproject/setup.cfg, ``name="pkg"`` in setup.py.
_NAME_FIELD = re.compile(r"""\bname\s*[=:]\s*["']?([A-Za-z0-9][\w.-]*)""")


def _python_file_outside(root: Path, folder: Path) -> str | None:
    """A Python file of the project under ``root`` but not under ``folder`` (the first met), or None."""
    from .discover import DEFAULT_EXCLUDES, PYTHON_SUFFIXES

    skipped = frozenset(DEFAULT_EXCLUDES)
    for directory, dirnames, filenames in os.walk(root):
        here = Path(directory)
        dirnames[:] = sorted(name for name in dirnames if name not in skipped and here / name != folder)
        for name in sorted(filenames):
            if name.endswith(PYTHON_SUFFIXES):
                return str((here / name).relative_to(root))
    return None
