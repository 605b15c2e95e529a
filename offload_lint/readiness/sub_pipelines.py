"""Pipelines a combined pipeline builds and runs (diffusers' ``StableCascadeCombinedPipeline``, the Kandinsky
``*CombinedPipeline``s): the combined ``__init__`` hands its own components to them
(``self.decoder_pipe = StableCascadeDecoderPipeline(decoder=decoder, ...)``) and ``__call__`` runs them
(``self.decoder_pipe(...)``), never the components themselves. A component offloaded on the combined pipeline is
the same module the sub-pipeline runs, so its rows are the sub-pipeline's rows for the name it is handed in as.

Read from the combined pipeline's ``__init__`` as the walker parses it (``paths.method_and_offset``; the index keeps no
keywords of calls): each ``self.<attribute> = <Pipeline class>(<keyword>=<__init__ parameter>, ...)``.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from ..index.extract import dotted_name
from ..index.project import ClassInfo, ProjectIndex
from .components import is_pipeline
from .paths import method_and_offset


@dataclass(frozen=True)
class SubPipeline:
    attribute: str  # ``decoder_pipe``
    cls: ClassInfo  # StableCascadeDecoderPipeline
    handed: tuple[tuple[str, str], ...]  # (the combined pipeline's component, the sub-pipeline's name for it)

    def name_for(self, component: str) -> str | None:
        return next((inner for outer, inner in self.handed if outer == component), None)


def sub_pipelines(cls: ClassInfo, project: ProjectIndex) -> list[SubPipeline]:
    """The pipelines ``cls.__init__`` builds from its own ``__init__`` parameters, in source order."""
    init, _ = method_and_offset(cls, "__init__")
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
        spelled = dotted_name(node.value.func)
        built = project.lookup_class(project.qualify(cls.file, spelled)) if spelled else None
        if built is None or not is_pipeline(built):
            continue
        handed = tuple((keyword.value.id, keyword.arg) for keyword in node.value.keywords
                       if keyword.arg and isinstance(keyword.value, ast.Name) and keyword.value.id in parameters)
        if handed:
            found.append(SubPipeline(target.attr, built, handed))
    return found
