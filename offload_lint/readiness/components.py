"""A pipeline's components, read from the index: ``__init__``'s parameters and annotations,
``register_modules(...)``, ``_optional_components``, each resolved to a class."""

from __future__ import annotations

import ast

from ..analyze.semantics import OffloadSemantics
from ..index.project import KNOWN_MODULE_BASES, ClassInfo, ProjectIndex
from .model import Component
from .paths import class_statement

PIPELINE_BASE = "DiffusionPipeline"
_MODEL_MIXIN = "ModelMixin"


def is_pipeline(cls: ClassInfo) -> bool:
    """A ``DiffusionPipeline`` subclass (also when diffusers itself is not readable: by the base's name)."""
    if cls.name == PIPELINE_BASE or cls.name.endswith("Mixin"):
        return False
    return any(name == PIPELINE_BASE or name.endswith("." + PIPELINE_BASE) for name in cls.base_names)


def pipelines(project: ProjectIndex) -> list[ClassInfo]:
    found = [cls for cls in project.project_classes() if is_pipeline(cls)]
    return sorted(found, key=lambda c: (c.name, c.qualified))


def class_attribute(cls: ClassInfo, name: str) -> object | None:
    """A literal class attribute (``_optional_components = ["safety_checker"]``), as the MRO sets it."""
    for info in cls.mro:
        statement = class_statement(info, name)
        if statement is None:
            continue
        try:
            return ast.literal_eval(statement.value)  # type: ignore[union-attr]
        except (ValueError, SyntaxError, TypeError):
            return None
    return None


def component_names(cls: ClassInfo) -> list[str]:
    """``__init__``'s parameters (of the class that defines it) and every ``register_modules`` name."""
    names: list[str] = []
    init = cls.methods.get("__init__")
    if init is not None:
        names.extend(p for p in init[1].params if p != "self")
    for info in cls.mro:
        names.extend(info.summary.registered_modules)
    return list(dict.fromkeys(names))


def components(cls: ClassInfo, semantics: OffloadSemantics, built: dict[str, str] | None = None) -> list[Component]:
    """The ``nn.Module`` components of a pipeline class, in declaration order. ``built``: the classes a
    test builds them as (qualified, by component), which take the place of what ``__init__`` annotates
    (``text_encoder: PreTrainedModel`` names no model)."""
    project = semantics.project
    optional = class_attribute(cls, "_optional_components")
    optional_names = set(optional) if isinstance(optional, (list, tuple)) else set()
    found: list[Component] = []
    for name in component_names(cls):
        classes = semantics.component(cls, name)
        test_built = project.lookup_class(built[name]) if built and name in built else None
        if test_built is not None and test_built.is_module:
            classes = (test_built.qualified,) + tuple(c for c in classes or () if c != test_built.qualified)
        if classes is None:
            continue
        infos = [info for q in classes if (info := project.lookup_class(q)) is not None and info.is_module
                 and info.qualified not in KNOWN_MODULE_BASES]
        primary = infos[0] if infos else None
        found.append(Component(
            name=name,
            class_name=primary.qualified if primary else (classes[0] if classes else None),
            alternatives=tuple(i.qualified for i in infos[1:]),
            optional=name in optional_names,
            supports_group_offloading=primary.supports_group_offloading if primary else True,
            is_diffusers_model=primary is not None and any(
                n.rsplit(".", 1)[-1] == _MODEL_MIXIN for n in primary.base_names),
        ))
    return found


def members(root: ClassInfo, project: ProjectIndex, limit: int = 4000,
            skip: frozenset[str] = frozenset()) -> list[ClassInfo]:
    """Every class a module may hold below ``root`` (children, their children, container elements),
    ``root``'s own MRO excluded; ``skip``: names of ``root``'s own children left out with what they hold."""
    own = {info.qualified for info in root.mro}
    seen: dict[str, ClassInfo] = {}
    queue = [root]
    while queue and len(seen) < limit:
        current = queue.pop()
        for name, owned in current.owned.items():
            if owned.is_tensor or not owned.kind or (current is root and name in skip):
                continue
            for qualified in owned.classes:
                if qualified in seen or qualified in own:
                    continue
                info = project.lookup_class(qualified)
                if info is None or not info.is_module:
                    continue
                seen[qualified] = info
                queue.append(info)
    return list(seen.values())


def forward_closure(cls: ClassInfo) -> set[str]:
    """``forward`` and the methods it reaches through ``self.`` calls."""
    reached: set[str] = set()
    stack = ["forward"]
    while stack:
        name = stack.pop()
        if name in reached or name not in cls.methods:
            continue
        reached.add(name)
        stack.extend(cls.methods[name][1].self_calls)
    return reached


__all__ = ["class_attribute", "component_names", "components", "forward_closure", "is_pipeline", "members",
           "pipelines"]
