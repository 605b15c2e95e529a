"""transformers' loss functions: what ``self.loss_function(...)`` does with its arguments.

``PreTrainedModel.loss_function`` returns ``LOSS_MAPPING[self.loss_type]``; ``PreTrainedModel.__init__``
sets ``loss_type`` to the class name when it is a key, else to the first key found in the class
name (``re.findall`` over the keys joined by ``|``), else leaves it unset. Models hand these functions
``self.device``; the object-detection losses only move their criterion there (``criterion.to(device)``),
which matters only when the criterion owns tensors of its own (a class-weight buffer).

The lint uses the tables below, taken from transformers 5.24.0, so that its results do not depend on
whether (or which) transformers is installed. The readers after them derive the same facts from
transformers' source with ``ast``; ``tests/test_losses.py`` checks the tables against the installed
version with them.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field

# The transformers release the tables below were read from.
TABLES_FROM = "5.24.0"
# ``LOSS_MAPPING``'s keys, in its order (the order the class-name search tries them in).
LOSS_TYPES = (
    "ForSemanticSegmentation", "ForCausalLM", "ForMaskedLM", "ForQuestionAnswering", "ForSequenceClassification",
    "ForImageClassification", "ForVideoClassification", "ForAudioClassification", "ForTokenClassification",
    "ForSegmentation", "ForObjectDetection", "ForCTC", "ForConditionalGeneration",
    "DeformableDetrForObjectDetection", "ConditionalDetrForObjectDetection", "DabDetrForObjectDetection",
    "GroundingDinoForObjectDetection", "MMGroundingDinoForObjectDetection", "ConditionalDetrForSegmentation",
    "RTDetrForObjectDetection", "RTDetrV2ForObjectDetection", "DFineForObjectDetection", "Deimv2ForObjectDetection",
    "CsmForConditionalGeneration", "LwDetrForObjectDetection", "PocketTTSForConditionalGeneration",
    "GradiumPhononTTSForConditionalGeneration", "ParakeetForRNNT", "ParakeetForTDT", "RfDetrForObjectDetection",
    "RfDetrForInstanceSegmentation",
)
# Loss types whose function uses a parameter only to move criteria that own no tensors there (their
# ``__init__`` runs only ``nn.Module.__init__``): loss type -> (parameter, position).
MOVES_ONLY_TENSORLESS_CRITERIA: dict[str, tuple[str, int]] = {
    loss: ("device", 2) for loss in (
        "DeformableDetrForObjectDetection", "ConditionalDetrForObjectDetection", "DabDetrForObjectDetection",
        "GroundingDinoForObjectDetection", "MMGroundingDinoForObjectDetection", "ConditionalDetrForSegmentation",
        "LwDetrForObjectDetection", "RfDetrForObjectDetection", "RfDetrForInstanceSegmentation",
    )
}


def loss_type(class_name: str, loss_types: tuple[str, ...] = LOSS_TYPES) -> str | None:
    """The key ``PreTrainedModel.__init__`` picks for a model class of this name."""
    if class_name in loss_types:
        return class_name
    found = re.findall("(" + "|".join(loss_types) + ")", class_name) if loss_types else []
    return found[0] if found else None


def loss_ignores_argument(class_name: str, argument: int | str | None) -> bool:
    """Whether the loss a model class of this name gets leaves the argument at ``argument`` (a position
    or keyword of the call) without effect on devices."""
    selected = loss_type(class_name)
    parameter = MOVES_ONLY_TENSORLESS_CRITERIA.get(selected) if selected is not None else None
    return parameter is not None and argument in parameter


LOSS_MODULE = "transformers.loss.loss_utils"
_MAPPING_NAME = "LOSS_MAPPING"


@dataclass(frozen=True)
class ParameterUse:
    """What a loss function does with one of its parameters.

    ``moved_modules``: qualified classes of the locals moved to it (``criterion = ImageLoss(...)``,
    then ``criterion.to(device)``); ``other_uses``: it is used in any other way (a tensor placed
    with it, handed to another call, computed with).
    """

    moved_modules: tuple[str, ...] = ()
    other_uses: bool = False


@dataclass(frozen=True)
class LossFunction:
    qualified: str
    parameters: tuple[str, ...]
    uses: dict[str, ParameterUse] = field(default_factory=dict, hash=False)
    has_variadic: bool = False  # ``*args``: positions past the named ones are not known

    def parameter(self, argument: int | str | None) -> str | None:
        """The parameter a call's argument (position or keyword) binds."""
        if isinstance(argument, str):
            return argument if argument in self.parameters else None
        if isinstance(argument, int) and 0 <= argument < len(self.parameters):
            return self.parameters[argument]
        return None


@dataclass(frozen=True)
class LossMapping:
    """``LOSS_MAPPING``: loss type -> qualified function, in the dict's order (the regex alternation's)."""

    functions: dict[str, str]

    def loss_type(self, class_name: str) -> str | None:
        return loss_type(class_name, tuple(self.functions))


def read_mapping(source: bytes, module: str) -> LossMapping | None:
    """The mapping in ``loss_utils``' source, each value qualified through the module's imports."""
    tree = _parse(source)
    if tree is None:
        return None
    names = _module_names(tree, module)
    for statement in tree.body:
        if not (isinstance(statement, ast.Assign) and len(statement.targets) == 1
                and isinstance(statement.targets[0], ast.Name) and statement.targets[0].id == _MAPPING_NAME
                and isinstance(statement.value, ast.Dict)):
            continue
        functions: dict[str, str] = {}
        for key, value in zip(statement.value.keys, statement.value.values):
            if isinstance(key, ast.Constant) and isinstance(key.value, str) and isinstance(value, ast.Name):
                functions[key.value] = names.get(value.id, f"{module}.{value.id}")
        return LossMapping(functions)
    return None


def read_function(source: bytes, module: str, name: str) -> LossFunction | None:
    """How the module-level function ``name`` uses each of its parameters."""
    tree = _parse(source)
    if tree is None:
        return None
    function = next((s for s in tree.body if isinstance(s, ast.FunctionDef) and s.name == name), None)
    if function is None:
        return None
    names = _module_names(tree, module)
    arguments = function.args
    parameters = tuple(a.arg for a in arguments.posonlyargs + arguments.args + arguments.kwonlyargs)
    built: dict[str, str] = {}  # locals bound to a class instantiation: ``criterion = ImageLoss(...)``
    for node in ast.walk(function):
        if (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
                and isinstance(node.value, ast.Call) and isinstance(node.value.func, ast.Name)):
            built[node.targets[0].id] = names.get(node.value.func.id, f"{module}.{node.value.func.id}")
    moved: dict[str, list[str]] = {p: [] for p in parameters}
    moving_calls: set[int] = set()  # ids of the parameter names that are the device of a ``<local>.to(...)``
    for node in ast.walk(function):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "to"
                and isinstance(node.func.value, ast.Name) and len(node.args) == 1 and not node.keywords
                and isinstance(node.args[0], ast.Name) and node.args[0].id in moved):
            receiver = node.func.value.id
            if receiver in built:
                moved[node.args[0].id].append(built[receiver])
                moving_calls.add(id(node.args[0]))
    other = {p: False for p in parameters}
    for node in ast.walk(function):
        if isinstance(node, ast.Name) and node.id in other and id(node) not in moving_calls:
            other[node.id] = True
    uses = {p: ParameterUse(tuple(dict.fromkeys(moved[p])), other[p]) for p in parameters}
    return LossFunction(f"{module}.{name}", parameters, uses, arguments.vararg is not None)


def skips_base_init(source: bytes, class_name: str) -> bool:
    """Whether the module-level class ``class_name`` has an ``__init__`` that runs no base's ``__init__``
    but ``nn.Module``'s (``nn.Module.__init__(self)``): what its bases assign there never exists."""
    tree = _parse(source)
    cls = next((s for s in tree.body if isinstance(s, ast.ClassDef) and s.name == class_name), None) if tree else None
    init = next((s for s in cls.body if isinstance(s, ast.FunctionDef) and s.name == "__init__"), None) if cls else None
    if init is None:
        return False
    for node in ast.walk(init):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "__init__"):
            continue
        owner = node.func.value
        if isinstance(owner, ast.Call) and isinstance(owner.func, ast.Name) and owner.func.id == "super":
            return False
        dotted = ast.unparse(owner)
        if dotted.split(".")[-1] != "Module":
            return False  # ``Base.__init__(self, ...)``: that base's assignments happen
    return True


def _parse(source: bytes) -> ast.Module | None:
    try:
        return ast.parse(source)
    except (SyntaxError, ValueError):
        return None


def _module_names(tree: ast.Module, module: str) -> dict[str, str]:
    """Module-level names -> qualified names: ``from .x import f`` and the module's own classes and functions."""
    package = module.rpartition(".")[0]
    names: dict[str, str] = {}
    for statement in tree.body:
        if isinstance(statement, ast.ImportFrom):
            base = statement.module or ""
            if statement.level:
                parts = package.split(".")
                parent = ".".join(parts[: len(parts) - statement.level + 1])
                base = f"{parent}.{base}" if base else parent
            for alias in statement.names:
                names[alias.asname or alias.name] = f"{base}.{alias.name}"
        elif isinstance(statement, (ast.ClassDef, ast.FunctionDef)):
            names[statement.name] = f"{module}.{statement.name}"
    return names


__all__ = ["LOSS_MODULE", "LOSS_TYPES", "TABLES_FROM", "MOVES_ONLY_TENSORLESS_CRITERIA", "LossFunction", "LossMapping",
           "ParameterUse", "loss_ignores_argument", "loss_type", "read_function", "read_mapping", "skips_base_init"]
