"""Lets timm import where torchvision is absent (this CPU torch wheel has none): timm imports it only for
FrozenBatchNorm2d (timm/layers/create_norm.py, norm_act.py) and its data transforms, which no check here uses.

Importing this module installs a finder that answers any ``torchvision`` / ``torchvision.*`` import with an empty
module whose attributes are inert classes (and whose class attributes are their own names, for enum-like reads such
as ``InterpolationMode.NEAREST``). Used by label_strategies_e.py before ``import timm`` and, through a
sitecustomize, by the stock confirmer runs of strategies_e.toml's timm rows. Never imported when torchvision is
installed.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import sys
import types


class _Inert(type):
    def __getattr__(cls, name: str) -> str:
        if name.startswith("__"):
            raise AttributeError(name)
        return name


class _Stub(metaclass=_Inert):
    def __init__(self, *args: object, **kwargs: object) -> None:
        pass


class _Module(types.ModuleType):
    def __getattr__(self, name: str) -> type:
        if name.startswith("__"):
            raise AttributeError(name)
        return type(name, (_Stub,), {})


class _Finder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    def find_spec(self, fullname, path, target=None):  # type: ignore[no-untyped-def]
        if fullname == "torchvision" or fullname.startswith("torchvision."):
            return importlib.machinery.ModuleSpec(fullname, self, is_package=True)
        return None

    def create_module(self, spec):  # type: ignore[no-untyped-def]
        module = _Module(spec.name)
        module.__path__ = []
        module.__version__ = "0.0+stub"
        return module

    def exec_module(self, module) -> None:  # type: ignore[no-untyped-def]
        return None


def install() -> None:
    if importlib.util.find_spec("torchvision") is None and not any(isinstance(f, _Finder) for f in sys.meta_path):
        sys.meta_path.insert(0, _Finder())


install()
