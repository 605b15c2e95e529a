"""Build a model and call one of its methods the way a diffusers checkout's own model test does: the test's
``get_init_dict()`` and ``get_dummy_inputs()`` (or the older ``prepare_init_args_and_inputs_for_common()``).

The tiny builder shrinks a config field by field; a video VAE built so may refuse every input a method of its is
given (channels, frames and tiles that do not agree). The model's test has an init dict and inputs that work
together. A method other than ``forward`` is called with the arguments a plain ``forward`` with those inputs hands
it, or, when ``forward`` does not reach it (a tiled path off by default), hands a method taking the same required
parameters (``tiled_decode(z)`` gets what ``forward`` handed ``_decode(z)``).

``ModelFromTest`` and ``CallFromTest`` are a target's ``factory`` and ``call`` (``TargetConfig``), picklable so
the sharding strategies' ranks can rebuild them.
"""

from __future__ import annotations

import inspect
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

MAX_TEST_FILES = 5


def model_test(cls: type, tests_dir: str) -> Any | None:
    """An instance of the checkout's test (configuration) class for ``cls``, or None."""
    from .dummies import _checkout, _import_test_module, _read

    root, package = _checkout(Path(tests_dir))
    pattern = re.compile(rf"\b{re.escape(cls.__name__)}\b")
    files = [path for path in sorted((root / package).rglob("test_*.py")) if "models" in path.parts
             and pattern.search(_read(path))][:MAX_TEST_FILES]
    for path in files:
        module_name = ".".join(path.relative_to(root).with_suffix("").parts)
        try:
            module = _import_test_module(root, module_name)
        except BaseException:  # needs what is not installed (or skips itself)
            continue
        for value in vars(module).values():
            made = _instance_for(value, cls)
            if made is not None:
                return made
    return None


def _instance_for(value: Any, cls: type) -> Any | None:
    import unittest

    if not isinstance(value, type):
        return None
    new_style = callable(getattr(value, "get_init_dict", None)) and callable(getattr(value, "get_dummy_inputs", None))
    old_style = callable(getattr(value, "prepare_init_args_and_inputs_for_common", None))
    if not (new_style or old_style):
        return None
    try:
        instance = value("prepare_init_args_and_inputs_for_common") if issubclass(value, unittest.TestCase) \
            and old_style else value()
        return instance if getattr(instance, "model_class", None) is cls else None
    except Exception:
        return None


def init_and_inputs(test: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    import torch

    torch.manual_seed(0)
    if callable(getattr(test, "get_init_dict", None)) and callable(getattr(test, "get_dummy_inputs", None)):
        return dict(test.get_init_dict()), dict(test.get_dummy_inputs())
    init, inputs = test.prepare_init_args_and_inputs_for_common()
    return dict(init), dict(inputs)


def _test_for(target: str, tests_dir: str) -> Any:
    from .build import resolve

    key = (target, tests_dir)
    if key not in _TESTS:
        _TESTS[key] = model_test(resolve(target), tests_dir)
    if _TESTS[key] is None:
        raise LookupError(f"no model test in {tests_dir} builds {target}")
    return _TESTS[key]


_TESTS: dict[tuple[str, str], Any] = {}


@dataclass(frozen=True)
class ModelFromTest:
    """``factory``: the model built from its test's init dict, with ``overrides`` (the constructor arguments that
    enable the branch a finding's line sits in: ``use_quant_conv=True``) on top."""

    target: str
    tests_dir: str
    overrides: tuple[tuple[str, Any], ...] = ()

    def __call__(self) -> Any:
        import torch

        from .build import resolve

        init, _ = init_and_inputs(_test_for(self.target, self.tests_dir))
        torch.manual_seed(0)
        return resolve(self.target)(**{**init, **dict(self.overrides)})


@dataclass(frozen=True)
class CallFromTest:
    """``call(module, device)``: ``method`` with the test's inputs (``forward``) or with the arguments a plain
    forward with them hands it or a method taking the same required parameters."""

    target: str
    tests_dir: str
    method: str
    overrides: tuple[tuple[str, Any], ...] = ()

    def __call__(self, module: Any, device: Any) -> Any:
        from .strategies.common import clone_value

        _, inputs = init_and_inputs(_test_for(self.target, self.tests_dir))
        if self.method == "forward":
            return module(**clone_value(inputs, device, devices=True))
        reached = arguments_from_forward(ModelFromTest(self.target, self.tests_dir, self.overrides)(), self.method,
                                         inputs)
        if reached is None:
            raise LookupError(f"a forward with the test's inputs reaches neither {self.method}() nor a method taking "
                              f"its parameters")
        args, kwargs = reached
        return getattr(module, self.method)(*clone_value(args, device, devices=True),
                                            **clone_value(kwargs, device, devices=True))


def _required(function: Any) -> tuple[str, ...]:
    try:
        parameters = list(inspect.signature(function).parameters.values())
    except (TypeError, ValueError):
        return ()
    return tuple(p.name for p in parameters if p.default is p.empty and p.name != "self"
                 and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD))


def arguments_from_forward(model: Any, method: str, inputs: dict[str, Any]) -> tuple[tuple, dict] | None:
    """What a plain ``forward(**inputs)`` hands the first it calls of ``method`` and the class's methods taking the
    same required parameters (``_decode(z)`` for ``tiled_decode(z)``, off by default); None when it calls none."""
    import torch

    from .caller import arguments_handed

    wanted = _required(getattr(type(model), method, None))
    watched = [method] + sorted(name for name, value in inspect.getmembers(type(model), inspect.isfunction)
                                if name not in (method, "forward") and wanted and _required(value) == wanted)
    with torch.no_grad():
        return arguments_handed(model, watched, lambda built: built(**inputs))
