"""Build a pipeline the way a diffusers checkout's own test does: its test class's ``get_dummy_components()`` and
``get_dummy_inputs()`` — the pipelines diffusers' GPU CI runs.

The test module is imported from the checkout (``DIR/tests/pipelines/.../test_*.py`` as ``tests.pipelines...``;
the checkout's root goes on ``sys.path``), the first test class whose ``pipeline_class`` is the pipeline and that
has both methods is made without running any test, and its dummies are called as the group-offloading mixin does
(``torch.manual_seed(0)`` before each).

Those dummies load a few tiny fixtures from the Hub by repo id (``CLIPTokenizer.from_pretrained(
"hf-internal-testing/tiny-random-clip")``, ``AutoConfig.from_pretrained("hf-internal-testing/tiny-random-t5")``).
While they run, each library ``from_pretrained`` of a tokenizer, config, processor or model first tries the real
load (a cached copy works offline) and, when that fails, returns an offline stand-in of the same class: the
confirmer's in-memory tokenizer (as that class when it takes one, else a ``PreTrainedTokenizerFast``), the config
class's defaults shrunk, a tiny model, a processor from its tiny parts. Every stand-in is recorded
(``RuntimeOutcome.stand_ins``): a row proven with one is proven on a stand-in, not on the Hub's fixture.
"""

from __future__ import annotations

import contextlib
import importlib
import inspect
import re
import sys
from pathlib import Path
from typing import Any, Callable, Iterator

from .limits import TargetTimeout
from .readiness import SEED, BuildFailure, Recipe, _call, _quiet_progress, _short, _shape, as_array

MAX_TEST_FILES = 5  # files naming the pipeline to try before giving up on the checkout


def dummies_recipe(cls: type, tests_dir: str, trace: list[str]) -> Recipe | BuildFailure | None:
    """A recipe from the checkout's test of ``cls``; None when no test names it (the trace says so)."""
    root, package = _checkout(Path(tests_dir))
    files = test_files(root / package, cls.__name__)
    if not files:
        trace.append(f"tests: no test in {root / package} sets pipeline_class = {cls.__name__}; "
                     "the confirmer's tiny builder instead")
        return None
    failure: BuildFailure | None = None
    for path in files[:MAX_TEST_FILES]:
        module_name = ".".join(path.relative_to(root).with_suffix("").parts)
        try:
            module = _import_test_module(root, module_name)
        except (KeyboardInterrupt, TargetTimeout):
            raise
        except BaseException as error:  # needs what is not installed (or skips itself: pytest's Skipped)
            reason = f"tests: could not import {module_name}: {type(error).__name__}: {_short(error)}"
            trace.append(reason)
            failure = BuildFailure(reason, (), trace)
            continue
        for test_class in test_classes(module, cls):
            made = _recipe_from(cls, test_class, trace)
            if isinstance(made, Recipe):
                return made
            failure = made
    if failure is not None:
        trace.append("tests: no test's dummies ran; the confirmer's tiny builder instead")
    return failure


def _checkout(tests_dir: Path) -> tuple[Path, str]:
    """(the folder that goes on sys.path, the tests package's name): a checkout's root, its ``tests``, or a
    folder inside it (``tests/pipelines``, what ``--check`` reads: the test modules import ``..testing_utils``
    relative to ``tests``)."""
    tests_dir = tests_dir.resolve()
    if (tests_dir / "tests").is_dir():
        return tests_dir, "tests"
    for folder in (tests_dir, *tests_dir.parents):
        if folder.name == "tests":
            return folder.parent, "tests"
    return tests_dir.parent, tests_dir.name


def test_files(folder: Path, pipeline: str) -> list[Path]:
    """Test files that set ``pipeline_class = <pipeline>``, pipeline tests first."""
    pattern = re.compile(rf"^\s+pipeline_class\s*=\s*{re.escape(pipeline)}\s*$", re.MULTILINE)
    found = [path for path in sorted(folder.rglob("test_*.py")) if pattern.search(_read(path))]
    return sorted(found, key=lambda path: "pipelines" not in path.parts)


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return ""


def _import_test_module(root: Path, module_name: str) -> Any:
    if str(root) not in sys.path:
        sys.path.insert(0, str(root))
    with _package_from(root, module_name.split(".", 1)[0]), stand_ins([]):  # module-level fixtures load at import
        return importlib.import_module(module_name)


@contextlib.contextmanager
def _package_from(root: Path, package: str) -> Iterator[None]:
    """Import ``package`` (``tests``) from the checkout even when another package of that name is imported
    already (the project running this has a ``tests`` of its own): its modules are set aside meanwhile and put
    back afterwards; the checkout's stay reachable through the test module that imported them."""
    def ours(name: str) -> bool:
        return name == package or name.startswith(package + ".")

    def from_root(module: Any) -> bool:
        where = getattr(module, "__file__", None) or next(iter(getattr(module, "__path__", []) or []), "")
        return str(where).startswith(str(root))

    aside = {name: module for name, module in sys.modules.items() if ours(name) and not from_root(module)}
    for name in aside:
        del sys.modules[name]
    try:
        yield
    finally:
        for name in [name for name in sys.modules if ours(name) and name not in aside]:
            if not from_root(sys.modules[name]):
                del sys.modules[name]
        sys.modules.update(aside)


def test_classes(module: Any, cls: type) -> list[type]:
    """Classes of the module whose ``pipeline_class`` is ``cls`` and that make dummies; the pipeline tester first."""
    found = [value for value in vars(module).values() if isinstance(value, type)
             and getattr(value, "pipeline_class", None) is cls
             and callable(getattr(value, "get_dummy_components", None))
             and callable(getattr(value, "get_dummy_inputs", None))]
    return sorted(found, key=lambda klass: not any("PipelineTesterMixin" in base.__name__ for base in klass.__mro__))


def _instance(test_class: type) -> Any:
    """The test class made without running a test (a unittest.TestCase needs a method name that exists)."""
    import unittest

    if issubclass(test_class, unittest.TestCase):
        return test_class("get_dummy_components")
    return test_class()


def _recipe_from(cls: type, test_class: type, trace: list[str]) -> Recipe | BuildFailure:
    import torch

    label = f"{test_class.__module__}.{test_class.__name__}"
    try:
        test = _instance(test_class)
    except Exception as error:
        reason = f"tests: could not make {label}: {type(error).__name__}: {_short(error)}"
        trace.append(reason)
        return BuildFailure(reason, (), trace)
    made: list[str] = []

    left_out: dict[str, str] = {}
    layouts: dict[str, str] = {}

    def build() -> Any:
        with stand_ins(made):
            torch.manual_seed(SEED)
            components = test.get_dummy_components()
        left_out.update({name: f"{label}.get_dummy_components() gives it None" for name, value in components.items()
                         if value is None})
        layouts.update(_older_layouts(components))
        pipeline = cls(**components)
        _quiet_progress(pipeline)
        return pipeline

    def inputs() -> dict[str, Any]:
        torch.manual_seed(SEED)
        with stand_ins(made):
            return _dummy_inputs(test)

    try:
        pipeline = build()
    except Exception as error:
        reason = f"tests: {label}.get_dummy_components() did not build: {type(error).__name__}: {_short(error)}"
        trace.append(reason)
        return BuildFailure(reason, tuple(dict.fromkeys(made)), trace)
    with_stand_ins = f" with stand-ins: {'; '.join(dict.fromkeys(made))}" if made else ""
    described = f"{label}.get_dummy_components(){with_stand_ins}"
    described += "".join(f"; {how}" for how in layouts.values())
    trace.append(f"tests: built {cls.__name__} from {described}")
    try:
        reference = as_array(_call(pipeline, inputs()))
    except Exception as error:
        reason = f"tests: plain call with {label}.get_dummy_inputs(): {type(error).__name__}: {_short(error)}"
        trace.append(reason)
        return BuildFailure(reason, tuple(dict.fromkeys(made)), trace)
    trace.append(f"plain call with {label}.get_dummy_inputs() completed: output {_shape(reference)}")
    return Recipe(build, inputs, reference, tuple(dict.fromkeys(made)), trace, left_out, cls,
                  built_from=f"{cls.__name__} from {described}")


def _older_layouts(components: dict[str, Any]) -> dict[str, str]:
    """transformers components given the layout the pipeline code was written for where the installed library
    flattened it (``layouts.py``: ``text_encoder.text_model`` on a transformers-5 CLIPTextModel), as the tiny
    builder does; {component: how}."""
    from .layouts import restore_layout

    found = {}
    for name, value in components.items():
        if type(value).__module__.startswith("transformers."):
            restored = restore_layout(name, value)
            if restored:
                found[name] = "; ".join(layout.describe() for layout in restored)
    return found


def _dummy_inputs(test: Any) -> dict[str, Any]:
    """``get_dummy_inputs`` with what it takes: the device (cpu) and the seed, by name or position."""
    parameters = inspect.signature(test.get_dummy_inputs).parameters
    kwargs: dict[str, Any] = {}
    if "device" in parameters:
        kwargs["device"] = "cpu"
    if "seed" in parameters:
        kwargs["seed"] = SEED
    return dict(test.get_dummy_inputs(**kwargs))


# --- offline stand-ins ----------------------------------------------------------------------------------------
@contextlib.contextmanager
def stand_ins(made: list[str]) -> Iterator[None]:
    """While active, a failed ``from_pretrained`` of a transformers tokenizer, config, processor, image processor
    or model (and of a diffusers model) returns a stand-in of the same class; each is described in ``made``."""
    patched: list[tuple[type, str, Any]] = []
    for owner, make in _stand_in_makers():
        original = vars(owner).get("from_pretrained")
        if original is None:
            continue
        owner.from_pretrained = classmethod(_falling_back(original, make, made))
        patched.append((owner, "from_pretrained", original))
    try:
        yield
    finally:
        for owner, name, original in reversed(patched):
            setattr(owner, name, original)


def _falling_back(original: Any, make: Callable[[type, str], tuple[Any, str]], made: list[str]) -> Callable:
    function = original.__func__ if isinstance(original, (classmethod, staticmethod)) else original
    static = isinstance(original, staticmethod)

    def from_pretrained(klass: type, name: Any = None, *args: Any, **kwargs: Any) -> Any:
        if _available_offline(name):
            return function(name, *args, **kwargs) if static else function(klass, name, *args, **kwargs)
        # Not even tried: offline, transformers 5 makes an empty tokenizer (no vocabulary, no length limit) of a
        # repo it cannot reach instead of raising.
        stand_in, how = make(klass, str(name))
        made.append(f"{klass.__name__}.from_pretrained({name!r}) -> {how}")
        return stand_in

    return from_pretrained


def _available_offline(name: Any) -> bool:
    """A local folder, or a repo id with a copy in the Hub cache."""
    if not isinstance(name, (str, Path)):
        return True  # a config object or the like: the library's own business
    if Path(name).exists():
        return True
    try:
        from huggingface_hub import snapshot_download

        snapshot_download(str(name), local_files_only=True)
    except Exception:  # not cached (or not a repo id)
        return False
    return True


def _stand_in_makers() -> list[tuple[type, Callable[[type, str], tuple[Any, str]]]]:
    import transformers
    from diffusers.models.modeling_utils import ModelMixin
    from transformers.feature_extraction_utils import FeatureExtractionMixin
    from transformers.image_processing_utils import ImageProcessingMixin
    from transformers.models.auto.auto_factory import _BaseAutoModelClass
    from transformers.tokenization_utils_base import PreTrainedTokenizerBase

    config_base = getattr(transformers, "PreTrainedConfig", None) or transformers.PretrainedConfig
    return [
        (PreTrainedTokenizerBase, _tokenizer), (transformers.AutoTokenizer, _tokenizer),
        (config_base, _config), (transformers.AutoConfig, _auto_config),
        (transformers.ProcessorMixin, _processor), (ImageProcessingMixin, _defaults),
        (FeatureExtractionMixin, _defaults), (transformers.PreTrainedModel, _model),
        (_BaseAutoModelClass, _auto_model), (ModelMixin, _diffusers_model),
    ]


def _tokenizer(klass: type, name: str) -> tuple[Any, str]:
    """The in-memory tokenizer, as ``klass`` when it takes one, padding to the family's positions: pipelines pad
    to ``tokenizer.model_max_length`` and the dummies size position tables for the Hub tokenizer's (CLIP: 77)."""
    from .caller import TOKENIZER_LENGTH, tiny_tokenizer

    config_class = _family_config(klass) if klass.__name__ != "AutoTokenizer" else _config_class_named_in(name)
    length, source = _positions(config_class)
    length = length or TOKENIZER_LENGTH
    tokenizer, how = tiny_tokenizer(max_length=length), "PreTrainedTokenizerFast"
    if klass.__name__ != "AutoTokenizer":
        with contextlib.suppress(Exception):  # a class that needs its own files (CLIP's BPE): the fast wrapper
            tokenizer, how = tiny_tokenizer(max_length=length, wrapper=klass), klass.__name__
    limit = f", model_max_length={length} ({source})" if source else ""
    return tokenizer, f"word-level tokenizer in memory as {how}{limit}"


def _family_config(klass: type) -> type | None:
    """The config class of the model family a transformers class belongs to (``transformers.models.clip...``)."""
    from transformers import CONFIG_MAPPING

    parts = klass.__module__.split(".")
    family = parts[2] if len(parts) > 3 and parts[1] == "models" else None
    return CONFIG_MAPPING[family] if family in CONFIG_MAPPING else None


def _positions(config_class: type | None) -> tuple[int | None, str]:
    """The default ``max_position_embeddings`` of the family's (text) config, and where it came from."""
    if config_class is None:
        return None, ""
    try:
        config = config_class()
    except Exception:
        return None, ""
    for holder in (getattr(config, "text_config", None), config):
        value = getattr(holder, "max_position_embeddings", None) if holder is not None else None
        if isinstance(value, int):
            return value, f"{type(holder).__name__}'s max_position_embeddings"
    return None, ""


def _shrunk(config: Any) -> Any:
    from .caller import TINY
    from .tiny import shrink_object

    shrink_object(config, TINY)  # special token ids stay inside the shrunk vocabulary
    return config


def _config(klass: type, name: str) -> tuple[Any, str]:
    return _shrunk(klass()), f"{klass.__name__}() shrunk"


def _auto_config(klass: type, name: str) -> tuple[Any, str]:
    config_class = _config_class_named_in(name)
    if config_class is None:
        raise LookupError(f"no config class is named in {name!r}")
    return _shrunk(config_class()), f"{config_class.__name__}() shrunk (model type read from the repo id)"


def _config_class_named_in(name: str) -> type | None:
    """The config class whose model type the repo id names (``tiny-random-t5`` -> T5Config, ``tiny-random-
    BertModel`` -> BertConfig): the longest model type the id's last part starts with."""
    from transformers import CONFIG_MAPPING

    tail = re.sub(r"[-_]", "", name.rsplit("/", 1)[-1].lower().replace("tiny-random-", "").replace("dummy-", ""))
    types = sorted((t for t in CONFIG_MAPPING.keys() if tail.startswith(re.sub(r"[-_]", "", t))), key=len)
    return CONFIG_MAPPING[types[-1]] if types else None


def _processor(klass: type, name: str) -> tuple[Any, str]:
    from .caller import _tiny_processor

    return _tiny_processor(klass)


def _defaults(klass: type, name: str) -> tuple[Any, str]:
    return klass(), f"{klass.__name__}() with its defaults"


def _model(klass: type, name: str) -> tuple[Any, str]:
    """A tiny model of the class, its position tables kept at the family's default size: the dummies' tokenizers
    and pipelines pad to lengths the Hub fixture's tables hold (HunyuanDiT pads to 77)."""
    from .caller import _tiny_transformers_model

    try:
        config = klass.config_class()
        holders = (config, getattr(config, "text_config", None))
        positions = [(holder, holder.max_position_embeddings) for holder in holders
                     if isinstance(getattr(holder, "max_position_embeddings", None), int)]
        _shrunk(config)
        for holder, value in positions:
            holder.max_position_embeddings = value
        return klass(config), f"{klass.__name__}({type(config).__name__} shrunk, position tables kept)"
    except Exception:  # a sub-model only its composite config completes: the tiny builder's way
        return _tiny_transformers_model(klass)


def _auto_model(klass: type, name: str) -> tuple[Any, str]:
    from .caller import _tiny_transformers_model

    config_class = _config_class_named_in(name)
    mapping = getattr(klass, "_model_mapping", None)
    if config_class is None or mapping is None:
        raise LookupError(f"no model class is named in {name!r}")
    return _tiny_transformers_model(mapping[config_class])


def _diffusers_model(klass: type, name: str) -> tuple[Any, str]:
    from .build import build_module_noted

    module, note = build_module_noted(klass, None, shrink=True)
    return module, note or f"{klass.__name__}()"


__all__ = ["dummies_recipe", "stand_ins", "test_classes", "test_files"]
