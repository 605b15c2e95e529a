"""Pipelines a combined pipeline builds and runs (diffusers' ``StableCascadeCombinedPipeline``, the Kandinsky
``*CombinedPipeline``s): the combined ``__init__`` hands its own components to them
(``self.decoder_pipe = StableCascadeDecoderPipeline(decoder=decoder, ...)``) and ``__call__`` runs them
(``self.decoder_pipe(...)``), never the components themselves. A component offloaded on the combined pipeline is
the same module the sub-pipeline runs, so its rows are the sub-pipeline's rows for the name it is handed in as.

Read from the source of the combined pipeline's ``__init__`` (the index keeps no keywords of calls): each
``self.<attribute> = <Pipeline class>(<keyword>=<__init__ parameter>, ...)``.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from ..index.project import ClassInfo, ProjectIndex
from .components import is_pipeline


@dataclass(frozen=True)
class SubPipeline:
    attribute: str  # ``decoder_pipe``
    cls: ClassInfo  # StableCascadeDecoderPipeline
    handed: tuple[tuple[str, str], ...]  # (the combined pipeline's component, the sub-pipeline's name for it)
    line: int

    def name_for(self, component: str) -> str | None:
        return next((inner for outer, inner in self.handed if outer == component), None)


def sub_pipelines(cls: ClassInfo, project: ProjectIndex) -> list[SubPipeline]:
    """The pipelines ``cls.__init__`` builds from its own ``__init__`` parameters, in source order."""
    init = _init_node(cls)
    if init is None:
        return []
    parameters = {arg.arg for arg in init.args.args + init.args.kwonlyargs}
    found = []
    for node in ast.walk(init):
        if not (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.value, ast.Call)):
            continue
        target = node.targets[0]
        if not (isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == "self"):
            continue
        spelled = _dotted(node.value.func)
        built = project.lookup_class(project.qualify(cls.file, spelled)) if spelled else None
        if built is None or not is_pipeline(built):
            continue
        handed = tuple((keyword.value.id, keyword.arg) for keyword in node.value.keywords
                       if keyword.arg and isinstance(keyword.value, ast.Name) and keyword.value.id in parameters)
        if handed:
            found.append(SubPipeline(target.attr, built, handed, node.lineno))
    return found


def _init_node(cls: ClassInfo) -> ast.FunctionDef | None:
    summary = cls.summary.methods.get("__init__")
    if summary is None:
        return None
    try:
        with open(cls.file.path, encoding="utf-8") as handle:
            tree = ast.parse(handle.read())
    except (OSError, SyntaxError, ValueError, UnicodeDecodeError):
        return None
    return next((node for node in ast.walk(tree) if isinstance(node, ast.FunctionDef) and node.name == "__init__"
                 and node.lineno == summary.line), None)


def _dotted(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        head = _dotted(node.value)
        return f"{head}.{node.attr}" if head else None
    return None
