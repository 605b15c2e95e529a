"""Stand-ins for third-party packages the round-r corpora import at module level but that are not installed here
(benchmarks/triage22r_cases.py installs this finder for the names it lists). A stand-in module answers every attribute
with a placeholder class; nothing of these packages runs in any harness (a harness whose path would run one says so)."""
import abc
import importlib.abc
import importlib.machinery
import sys
import types


class _Meta(abc.ABCMeta):
    def __getattr__(cls, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return type(name, (_Placeholder,), {})


class _Placeholder(metaclass=_Meta):
    def __init__(self, *args, **kwargs):
        pass

    def __call__(self, *args, **kwargs):
        return _Placeholder()

    def __getattr__(self, name):
        return _Placeholder()

    def __mro_entries__(self, bases):
        return (object,)

    def __iter__(self):
        return iter(())

    def __bool__(self):
        return False


class _FakeModule(types.ModuleType):
    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        placeholder = type(name, (_Placeholder,), {})
        setattr(self, name, placeholder)
        return placeholder


class _Finder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    def __init__(self, names):
        self.names = set(names)

    def find_spec(self, fullname, path, target=None):
        if any(fullname == name or fullname.startswith(name + ".") for name in self.names):
            return importlib.machinery.ModuleSpec(fullname, self, is_package=True)
        return None

    def create_module(self, spec):
        module = _FakeModule(spec.name)
        module.__path__ = []
        module.__version__ = "99.0"
        return module

    def exec_module(self, module):
        pass


def install(*names):
    for finder in sys.meta_path:
        if isinstance(finder, _Finder):
            finder.names.update(names)
            return
    sys.meta_path.insert(0, _Finder(names))
