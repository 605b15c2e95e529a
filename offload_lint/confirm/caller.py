"""Judge pipeline code by running it: build the calling class with tiny components, offload one component, call.

A finding in pipeline code (a pipeline calling a component's submodule or a component's method that runs outside
its hooks) is observed, never inferred from the component's own finding: the calling class is built from its
``__init__`` annotations with tiny components (diffusers models from tiny configs, transformers models from their
config class shrunk, a word-level tokenizer made in memory, default schedulers and image processors), the named
component is group-offloaded at the level, and the method is called with arguments synthesised from its
signature. Components the method never touches are passed as None when the constructor allows it.

Runs on the tracking backend: tiny components compute for real on cpu, and the observer tells offloaded tensors
from the pipeline's own (inputs).
"""

from __future__ import annotations

import ast
import contextlib
import dataclasses
import enum
import functools
import logging
import re
import inspect
import textwrap
import time
import typing
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

import torch

from .backends import TRACKING, make_backend
from .build import build_module_noted, resolve
from .engine import ScenarioRun, _quiet_fake_tensor_logs, _short, _verdict, detached, run_observed
from .layouts import restore_layout
from .report import UNTRIGGERED, LevelResult
from .tiny import Sizes, failing_constructor_statement, shrink_object, tiny_size
from .trigger import (GENERIC_SHAPE, NotTriggerable, Shape, _argument_value, _make_tensor, _pil_image, guarding_tests,
                      own_methods, required_parameters, self_attribute_chains, self_calls, shape_hints, source_tree,
                      tested_operand, unpacked_ranks, with_rank)

TINY = Sizes(32, 2, 1)
TOKENIZER_LENGTH = 16  # model_max_length of the in-memory tokenizer (tiny text encoders have 64 positions)
PROMPT = "a photo of a cat"
_TEXT_NAMES = ("prompt", "negative_prompt", "text", "caption")
# ... unless the name ends in a word for tensors: `text_latents`, `prompt_embeds` hold what a text became.
_TENSOR_WORDS = ("latents", "latent", "embeds", "embeddings", "embedding", "ids", "mask", "features", "states")
# Optional parameters of a pipeline call given small values when the method has them.
_SMALL_CALL: dict[str, Any] = {"prompt": PROMPT, "num_inference_steps": 1, "height": 32, "width": 32,
                               "num_frames": 2, "max_sequence_length": TOKENIZER_LENGTH}


class CallerBuildError(RuntimeError):
    pass


@dataclass
class BuiltCaller:
    instance: Any
    components: dict[str, Any]
    notes: list[str] = field(default_factory=list)
    # Components that could not be built (passed as None where the constructor allows), with why.
    skipped: dict[str, str] = field(default_factory=dict)
    # Calls known to complete (a diffusers test's ``get_dummy_inputs()`` for the pipeline its dummies built);
    # None: arguments are synthesised only.
    known: KnownCalls | None = None


@dataclass(frozen=True)
class KnownCalls:
    """What a builder knows about calling what it built: a diffusers test's ``get_dummy_inputs()`` complete a whole
    call of the pipeline its ``get_dummy_components()`` built."""

    # Fresh keyword arguments of a whole call (``__call__``).
    inputs: Callable[[], dict[str, Any]]
    # The arguments a plain whole call hands one of the class's methods (``prepare_latents``), or None when the
    # call does not reach it.
    reaching: Callable[[str], tuple[tuple, dict] | None]


@dataclass(frozen=True)
class CallerBuild:
    """One way to build the calling class, tried in order (``caller_builds``); ``build(switches)`` makes a fresh
    instance each time (a re-run after a repair, the onloaded control)."""

    label: str
    build: Callable[[dict[str, dict[str, Any]]], BuiltCaller]
    # False: built as its source says (a diffusers test's dummies): the tiny builder's component switches and the
    # config values a pipeline's check asks for do not apply to it.
    takes_switches: bool = True


# --- build --------------------------------------------------------------------------------------------------
def _classes_in(annotation: Any) -> list[type]:
    """Classes an annotation names: ``X``, ``X | None``, ``Optional[X]``, ``Union[X, Y]``, ``list[X]`` -> [X, Y]."""
    if isinstance(annotation, type):
        return [annotation]
    found: list[type] = []
    for argument in typing.get_args(annotation):
        if argument is type(None):
            continue
        found += _classes_in(argument)
    return found


def init_parameters(cls: type) -> list[inspect.Parameter]:
    init = cls.__init__
    try:
        signature = inspect.signature(init, eval_str=True)
    except Exception:
        signature = inspect.signature(init)
    return [p for name, p in signature.parameters.items() if name != "self"
            and p.kind not in (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD)]


def used_attributes(cls: type, method: str) -> set[str]:
    """``self.<name>`` heads read by the method and by the helpers it calls (transitively)."""
    calls = self_calls(cls)
    seen, frontier, names = {method}, [method], set()
    while frontier:
        current = frontier.pop()
        function = getattr(cls, current, None)
        if function is None:
            continue
        names |= {chain[0] for chain in self_attribute_chains(function)}
        for callee in calls.get(current, ()):
            if callee not in seen:
                seen.add(callee)
                frontier.append(callee)
    return names


# Special tokens a multimodal processor reads off its tokenizer (`tokenizer.image_token`, converted to an id):
# the in-memory tokenizer a processor is built with carries them, each in the vocabulary.
MULTIMODAL_TOKENS = {"image_token": "<image>", "video_token": "<video>", "vision_start_token": "<vision_start>",
                     "vision_end_token": "<vision_end>", "boi_token": "<boi>", "eoi_token": "<eoi>",
                     "image_start_token": "<image_start>", "image_end_token": "<image_end>",
                     "grid_bos_token": "<grid_bos>", "grid_eos_token": "<grid_eos>"}


def tiny_tokenizer(vocab_size: int = 16, max_length: int = TOKENIZER_LENGTH, multimodal: bool = False,
                   wrapper: type | None = None) -> Any:
    """A word-level tokenizer built in memory (no download), wrapped as a transformers fast tokenizer (``wrapper``:
    a tokenizer class that takes a ``tokenizer_object``, ``RobertaTokenizerFast``; PreTrainedTokenizerFast by
    default)."""
    from tokenizers import Tokenizer, models, pre_tokenizers
    from transformers import PreTrainedTokenizerFast


    specials = ["[PAD]", "[UNK]", "<s>", "</s>"]
    words = ["a", "photo", "of", "cat", "dog", "the", "an", "image"]
    extra = dict(MULTIMODAL_TOKENS) if multimodal else {}
    tokens = (specials + words)[:max(vocab_size, len(specials) + 1)] + list(extra.values())
    vocab = {token: index for index, token in enumerate(tokens)}
    tokenizer = Tokenizer(models.WordLevel(vocab=vocab, unk_token="[UNK]"))
    tokenizer.pre_tokenizer = pre_tokenizers.Whitespace()
    wrapping = wrapper or PreTrainedTokenizerFast
    wrapped = wrapping(tokenizer_object=tokenizer, pad_token="[PAD]", unk_token="[UNK]", bos_token="<s>",
                       eos_token="</s>", model_max_length=max_length,
                       **({"extra_special_tokens": extra} if extra else {}))
    wrapped.chat_template = CHAT_TEMPLATE
    return wrapped


# A chat template for the in-memory tokenizer: each message's text (a string, or the text parts of a multimodal
# content list) on one line. Pipelines that rewrite a prompt with a language model format it this way first; what
# is checked is the model call that follows, not the template's wording.
CHAT_TEMPLATE = (
    "{% for message in messages %}"
    "{% if message['content'] is string %}{{ message['content'] }}"
    "{% else %}{% for part in message['content'] %}{% if part['type'] == 'text' %}{{ part['text'] }} {% endif %}"
    "{% endfor %}{% endif %}\n"
    "{% endfor %}"
    "{% if add_generation_prompt %}a {% endif %}"
)


def _is_transformers_model(cls: type) -> bool:
    return cls.__module__.startswith("transformers.") and hasattr(cls, "config_class")


def _is_tokenizer(parameter: inspect.Parameter) -> bool:
    return "tokenizer" in parameter.name or any("Tokenizer" in c.__name__ for c in _classes_in(parameter.annotation))


def typed_tokenizer(annotation: Any) -> tuple[Any, str] | None:
    """The in-memory tokenizer as the first transformers tokenizer class the annotation names that takes it
    (``RobertaTokenizer | RobertaTokenizerFast``); None when none does (CLIP's BPE classes need BPE models)."""
    for cls in _classes_in(annotation):
        if not cls.__module__.startswith("transformers.") or "Tokenizer" not in cls.__name__:
            continue
        try:
            return tiny_tokenizer(wrapper=cls), f"word-level tokenizer in memory as {cls.__name__}"
        except Exception:  # a class that needs its own files or model type: the next one
            continue
    return None


def compares_tokenizer_classes(cls: type, method: str) -> bool:
    """Does the method (or a helper it calls) branch on a tokenizer's class (``isinstance(tokenizer,
    (RobertaTokenizer, T5Tokenizer))``)? Then the in-memory tokenizer must be of the annotated class."""
    calls = self_calls(cls)
    seen, frontier = {method}, [method]
    while frontier:
        function = getattr(cls, frontier.pop(), None)
        try:
            source = inspect.getsource(function) if function is not None else ""
        except (OSError, TypeError):
            source = ""
        if _TOKENIZER_CLASS_TEST.search(source):
            return True
        for callee in calls.get(getattr(function, "__name__", ""), ()):
            if callee not in seen:
                seen.add(callee)
                frontier.append(callee)
    return False


_TOKENIZER_CLASS_TEST = re.compile(r"isinstance\(\s*[\w.]*tokenizer[\w.]*\s*,[^)]*Tokenizer", re.IGNORECASE)


def build_component(name: str, annotation: Any, overrides: dict[str, Any] | None = None,
                    typed_tokenizers: bool = False) -> tuple[Any, str]:
    """(a tiny instance for one constructor parameter, how it was made); raises CallerBuildError. ``overrides``:
    config values a diffusers model is built with (fields the calling class reads and the tiny config left None)."""
    classes = _classes_in(annotation)
    if "tokenizer" in name or any("Tokenizer" in c.__name__ for c in classes):
        typed = typed_tokenizer(annotation) if typed_tokenizers else None
        return typed or (tiny_tokenizer(), "word-level tokenizer in memory")
    errors: list[str] = []
    for cls in classes:
        try:
            module, how = _build_class(cls, overrides)
        except Exception as error:  # try the next class of a Union
            errors.append(f"{cls.__name__}: {type(error).__name__}: {_short(error, 100)}")
            continue
        restored = restore_layout(name, module) if _is_transformers_model(cls) else []
        return module, "; ".join([how, *(layout.describe() for layout in restored)])
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum) or "scheduler" in name:
        from diffusers import DDIMScheduler

        return DDIMScheduler(), "DDIMScheduler()"
    raise CallerBuildError(f"component {name!r}: " + ("; ".join(errors) or f"no class in annotation {annotation!r}"))


# A transformers processor's parts, by constructor parameter: the model family's auto mapping that names its class.
_PROCESSOR_PARTS = {"image_processor": "image_processing_auto.IMAGE_PROCESSOR_MAPPING_NAMES",
                    "feature_extractor": "feature_extraction_auto.FEATURE_EXTRACTOR_MAPPING_NAMES"}


def _is_processor(cls: type) -> bool:
    return cls.__module__.startswith("transformers.") and any(
        base.__name__ == "ProcessorMixin" for base in cls.__mro__)


def _part_classes(mapping_path: str, family: str) -> list[str]:
    """Class names the family's auto mapping gives (a name, a tuple, or {'pil': ..., 'torchvision': ...}: the PIL
    one first, torchvision may be missing)."""
    import importlib

    module_name, _, attribute = mapping_path.partition(".")
    mapping = getattr(importlib.import_module(f"transformers.models.auto.{module_name}"), attribute, {})
    entry = mapping.get(family)
    if isinstance(entry, str):
        return [entry]
    if isinstance(entry, dict):
        return [entry[key] for key in sorted(entry, key=lambda key: key != "pil") if entry[key]]
    return [name for name in (entry or ()) if name]


def _tiny_processor(cls: type) -> tuple[Any, str]:
    """A transformers processor from its parts: the in-memory tokenizer, the family's image processor or feature
    extractor with its defaults (``BlipProcessor()`` alone refuses: it needs both)."""
    import transformers

    family = cls.__module__.split(".")[2] if cls.__module__.count(".") >= 3 else ""
    kwargs: dict[str, Any] = {}
    made: list[str] = []
    for parameter in init_parameters(cls):
        if parameter.name == "chat_template":  # processor.apply_chat_template reads its own, not the tokenizer's
            kwargs["chat_template"] = CHAT_TEMPLATE
            made.append("chat_template=in-memory")
            continue
        optional_part = parameter.default is None and (
            "tokenizer" in parameter.name or parameter.name in _PROCESSOR_PARTS)
        if parameter.default is not inspect.Parameter.empty and not optional_part:
            continue  # `tokenizer=None` is still a part: Qwen2VLProcessor(image_processor=None, tokenizer=None) reads it
        if "tokenizer" in parameter.name:
            kwargs[parameter.name] = tiny_tokenizer(multimodal=True)
            made.append(f"{parameter.name}=word-level tokenizer with image tokens")
            continue
        mapping = _PROCESSOR_PARTS.get(parameter.name)
        for name in _part_classes(mapping, family) if mapping else []:
            try:
                kwargs[parameter.name] = getattr(transformers, name)()
                made.append(f"{parameter.name}={name}()")
                break
            except Exception:  # a backend the class needs is missing: try the next one
                continue
    return cls(**kwargs), f"{cls.__name__}({', '.join(made)})"


def _build_class(cls: type, overrides: dict[str, Any] | None = None) -> tuple[Any, str]:
    if _is_processor(cls):
        return _tiny_processor(cls)
    if issubclass(cls, torch.nn.Module):
        if _is_transformers_model(cls):
            module, how = _tiny_transformers_model(cls)
        else:
            # a default config can be huge: never
            module, note = build_module_noted(cls, None, shrink=True, overrides=overrides or None)
            how = note or f"{cls.__name__}()"
        module.eval()
        module.requires_grad_(False)
        return module, how
    return cls(), f"{cls.__name__}()"


def _tiny_transformers_model(cls: type) -> tuple[Any, str]:
    """``cls(config_class() shrunk)``; a sub-model whose config only its composite config completes
    (``T5Gemma2Encoder``: ``T5Gemma2Config`` hands its ``dropout_rate`` down to the encoder's text config) is built
    from the composite's sub-config when its own default config does not construct."""
    try:
        return _from_config(cls, cls.config_class())
    except (AttributeError, TypeError) as error:
        for composite, name in composite_configs(cls.config_class):
            try:
                module, how = _from_config(cls, getattr(composite(), name))
            except Exception:  # the next composite, else the first failure
                continue
            return module, f"{how} (the {name} of {composite.__name__})"
        raise error


def _from_config(cls: type, config: Any) -> tuple[Any, str]:
    kept = _image_geometry(config)
    shrink_object(config, TINY)  # special token ids stay inside the shrunk vocabulary
    _restore(kept)  # the default image processors resize to the default image size
    return cls(config), f"{cls.__name__}({type(config).__name__} shrunk)"


def composite_configs(config_class: type) -> list[tuple[type, str]]:
    """(composite config class, attribute) for the configs of the same module whose ``sub_configs`` hold
    ``config_class`` (``T5Gemma2Config.sub_configs = {"encoder": T5Gemma2EncoderConfig, ...}``)."""
    import sys

    module = sys.modules.get(config_class.__module__)
    found = []
    for value in vars(module).values() if module is not None else ():
        sub_configs = getattr(value, "sub_configs", None) if isinstance(value, type) else None
        for name, sub in (sub_configs or {}).items() if isinstance(sub_configs, dict) else ():
            if sub is config_class:
                found.append((value, name))
    return found


def _image_geometry(config: Any, depth: int = 0) -> list[tuple[Any, str, Any]]:
    """(config, name, value) of image_size / patch_size fields, nested configs included."""
    if depth > 3:
        return []
    found = []
    for name, value in list(vars(config).items()):
        if hasattr(value, "to_dict") and hasattr(value, "__dict__") and not isinstance(value, type):
            found += _image_geometry(value, depth + 1)
        elif name in ("image_size", "patch_size"):
            found.append((config, name, value))
    return found


def _restore(fields: list[tuple[Any, str, Any]]) -> None:
    for config, name, value in fields:
        setattr(config, name, value)


def _processors_sized_for_encoders(kwargs: dict[str, Any]) -> str:
    """Default image processors (a CLIP feature extractor: 224 pixels) beside a tiny image encoder built from a
    shrunk config (16 pixels) make images the encoder refuses ("Input image size (224*224) doesn't match model
    (16*16)"): each processor resizes and crops to the encoders' image size. Returns a note, empty when none."""
    configs = [getattr(value, "config", None) for value in kwargs.values() if isinstance(value, torch.nn.Module)]
    sizes = [size for config in configs if hasattr(config, "to_dict") and not isinstance(config, dict)
             for _, name, size in _image_geometry(config)
             if name == "image_size" and isinstance(size, int) and size > 0]
    if not sizes:
        return ""
    side = min(sizes)
    resized = []
    for name, value in kwargs.items():
        if isinstance(value, torch.nn.Module) or not callable(getattr(value, "preprocess", None)):
            continue
        changed = False
        for size_field in ("size", "crop_size"):
            current = getattr(value, size_field, None)
            if isinstance(current, dict) and current:
                setattr(value, size_field, {key: side for key in current})
                changed = True
            elif dataclasses.is_dataclass(current) and not isinstance(current, type):  # transformers' SizeDict
                given = {f.name: side for f in dataclasses.fields(current) if getattr(current, f.name) is not None}
                setattr(value, size_field, dataclasses.replace(current, **given))
                changed = changed or bool(given)
        if changed:
            resized.append(name)
    return f"{', '.join(resized)} resized to {side} pixels (the image encoder's size)" if resized else ""


def caller_builds(cls: type, method: str, component: str, tests_dir: str | None = None,
                  trace: list[str] | None = None) -> list[CallerBuild]:
    """How to build the calling class, first choice first: with ``tests_dir`` (a diffusers checkout or its
    ``tests/``) the pipeline its own test builds, as diffusers' offloading tests build it; then the tiny builder's
    stages (``build_stages``). ``trace`` gets why the test's build was not used."""
    builds: list[CallerBuild] = []
    if tests_dir:
        from_tests = build_from_tests(cls, tests_dir)
        if isinstance(from_tests, CallerBuild):
            builds.append(from_tests)
        elif trace is not None:
            trace.append(from_tests)
    for names in build_stages(cls, method, component):
        def build(switches: dict[str, dict[str, Any]], names: set[str] = names) -> BuiltCaller:
            return build_caller(cls, method, component, names, switches)
        builds.append(CallerBuild(f"tiny components: {', '.join(sorted(names))}", build))
    return builds


# (class, tests folder) -> the recipe its test gives, or why none: made once (the recipe's plain call checks it).
_TEST_BUILDS: dict[tuple[type, str], Any] = {}


def build_from_tests(cls: type, tests_dir: str) -> CallerBuild | str:
    """The pipeline built from its diffusers test's ``get_dummy_components()``, called with ``get_dummy_inputs()``
    (``dummies.dummies_recipe``: a plain call with them completed), or why not."""
    from .dummies import dummies_recipe
    from .readiness import Recipe

    key = (cls, tests_dir)
    if key not in _TEST_BUILDS:
        trace: list[str] = []
        try:
            recipe = dummies_recipe(cls, tests_dir, trace)
        except Exception as error:  # the checkout's code, run in this process: any failure is a reason
            recipe = None
            trace.append(f"tests: {type(error).__name__}: {_short(error)}")
        _TEST_BUILDS[key] = recipe if isinstance(recipe, Recipe) else (
            "; ".join(trace) or f"tests: no test builds {cls.__name__}")
    recipe = _TEST_BUILDS[key]
    if isinstance(recipe, str):
        return recipe
    note = recipe.built_from or f"{cls.__name__} from its test's dummies"
    reached: dict[str, tuple[tuple, dict] | None] = {}

    def reaching(method: str) -> tuple[tuple, dict] | None:
        if method not in reached:
            reached[method] = arguments_handed(recipe.build(), [method], lambda pipeline: pipeline(**recipe.inputs()))
        return reached[method]

    known = KnownCalls(recipe.inputs, reaching)

    def build(switches: dict[str, dict[str, Any]]) -> BuiltCaller:
        instance = recipe.build()
        components = {name: value for name, value in instance.components.items() if value is not None}
        return BuiltCaller(instance, components, [note], {}, known)

    return CallerBuild(f"the test's dummies ({note})", build, takes_switches=False)


class _Reached(Exception):
    """Raised by the stand-in of a method a capture waits for: the arguments it was handed are all it needs."""


def arguments_handed(instance: Any, methods: list[str], call: Callable[[Any], Any]) -> tuple[tuple, dict] | None:
    """The arguments ``call(instance)`` (a whole pipeline call, a model's forward) hands the first of ``methods`` it
    reaches: each is replaced on the instance by a stand-in that records them and stops the call. None when none is
    reached or the call fails before."""
    handed: list[tuple[tuple, dict]] = []

    def stand_in(*args: Any, **kwargs: Any) -> Any:
        handed.append((args, kwargs))
        raise _Reached

    for method in methods:
        object.__setattr__(instance, method, stand_in)  # the instance's attribute is what `self.<method>(...)` finds
    try:
        call(instance)
    except _Reached:
        pass
    except Exception:
        return None
    return handed[0] if handed else None


def build_stages(cls: type, method: str, component: str) -> list[set[str]]:
    """Which constructor parameters to build, smallest first: the offloaded component and the cheap helpers
    (tokenizers, processors, schedulers), then every component the method reads, then everything."""
    parameters = init_parameters(cls)
    used = used_attributes(cls, method) | {component}
    cheap = {p.name for p in parameters if p.name in used and not _looks_like_component(p)}
    stages: list[set[str]] = []
    for names in ({component} | cheap, used | cheap, {p.name for p in parameters}):
        names = names & {p.name for p in parameters} | {component}
        if not stages or names - stages[-1]:
            stages.append(names)
    return stages


def build_caller(cls: type, method: str, component: str, wanted_names: set[str] | None = None,
                 switches: dict[str, dict[str, Any]] | None = None) -> BuiltCaller:
    """The calling class with the wanted components built tiny (default: the first stage that constructs);
    None for the rest. ``switches``: constructor arguments per component (``component_switches``). Tokenizers are
    of their annotated class when the method branches on a tokenizer's class."""
    typed_tokenizers = compares_tokenizer_classes(cls, method)
    parameters = init_parameters(cls)
    last = "no attempt"
    for names in ([wanted_names] if wanted_names is not None else build_stages(cls, method, component)):
        kwargs: dict[str, Any] = {}
        notes: list[str] = []
        skipped: dict[str, str] = {}
        for parameter in parameters:
            wanted = parameter.name in names
            if not wanted:
                if parameter.default is not inspect.Parameter.empty:
                    continue
                kwargs[parameter.name] = None
                continue
            if parameter.default is not inspect.Parameter.empty and not _looks_like_component(parameter) \
                    and not (parameter.default is None and _is_tokenizer(parameter)):
                continue  # an optional tokenizer the method reads (`pe_tokenizer=None`) is built, other options kept
            try:
                value, how = build_component(parameter.name, parameter.annotation, (switches or {}).get(parameter.name),
                                             typed_tokenizers)
            except CallerBuildError as error:
                if parameter.name == component:
                    raise
                skipped[parameter.name] = str(error)
                if parameter.default is inspect.Parameter.empty:
                    kwargs[parameter.name] = None
                continue
            kwargs[parameter.name] = value
            notes.append(f"{parameter.name}={how}")
        instance, last = _construct(cls, kwargs, notes, parameters)
        if instance is None:
            continue
        resized = _processors_sized_for_encoders(kwargs)
        if resized:
            notes.append(resized)
        components = {name: value for name, value in kwargs.items() if value is not None}
        return BuiltCaller(instance, components, notes, skipped)
    raise CallerBuildError(f"could not build the pipeline {cls.__name__}: {last}")


MAX_CONFIG_REBUILDS = 3


def _construct(cls: type, kwargs: dict[str, Any], notes: list[str],
               parameters: list[inspect.Parameter]) -> tuple[Any, str]:
    """(the instance or None, the last failure). A constructor that fails on a component's config field the tiny
    config left None (``unet.config.sample_size < 64``) gets that component rebuilt with a tiny value for it."""
    annotations = {p.name: p.annotation for p in parameters}
    fixed: dict[str, dict[str, Any]] = {}
    for _ in range(MAX_CONFIG_REBUILDS + 1):
        try:
            return cls(**kwargs), ""
        except Exception as error:
            last = f"{type(error).__name__}: {_short(error)}"
            wanted = config_fields_left_none(cls, kwargs, error)
            if not wanted or all(fields.items() <= fixed.get(name, {}).items() for name, fields in wanted.items()):
                return None, last
        for name, fields in wanted.items():
            fixed[name] = {**fixed.get(name, {}), **fields}
            try:
                kwargs[name], how = build_component(name, annotations[name], fixed[name])
            except CallerBuildError:
                return None, last
            notes[:] = [note for note in notes if not note.startswith(f"{name}=")] + [f"{name}={how}"]
    return None, last


def config_fields_left_none(cls: type, kwargs: dict[str, Any], error: BaseException) -> dict[str, dict[str, Any]]:
    """{component: {field: tiny value}} for ``<component>.config.<field>`` read by the constructor statement that
    failed, where the built diffusers model's config holds None there."""
    statement = failing_constructor_statement(cls, error)
    wanted: dict[str, dict[str, Any]] = {}
    for node in ast.walk(statement) if statement is not None else ():
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Attribute) \
                and node.value.attr == "config" and isinstance(node.value.value, ast.Name):
            component = kwargs.get(node.value.value.id)
            config = getattr(component, "config", None)
            if hasattr(component, "register_to_config") and config is not None \
                    and node.attr in config and config[node.attr] is None:
                wanted.setdefault(node.value.value.id, {})[node.attr] = tiny_size(node.attr, TINY)
    return wanted


def component_switches(cls: type, method: str, line: int) -> dict[str, dict[str, Any]]:
    """{component: {argument: value}} for the tests guarding ``line`` that read a component's own flag or size,
    ``if self.learned_embeddings.learnable:`` (or ``.config.learnable``), when the component's constructor takes
    it: the component is built with it switched on (True for a flag, a tiny size otherwise)."""
    from .tiny import constructor_parameters

    annotations = {p.name: p.annotation for p in init_parameters(cls)}
    switches: dict[str, dict[str, Any]] = {}
    for test, in_body in guarding_tests(getattr(cls, method), line):
        test, positive = tested_operand(test, in_body)
        chain: list[str] = []
        node = test
        while isinstance(node, ast.Attribute):
            chain.insert(0, node.attr)
            node = node.value
        if not positive or not isinstance(node, ast.Name) or node.id != "self" or len(chain) < 2:
            continue
        name, field_name = chain[0], chain[-1]
        if chain[1:-1] not in ([], ["config"]) or name not in annotations:
            continue
        for klass in _classes_in(annotations[name]):
            parameters = {p.name: p for p in constructor_parameters(klass)}
            if field_name in parameters:
                parameter = parameters[field_name]
                flag = parameter.annotation is bool or "bool" in str(parameter.annotation) \
                    or isinstance(parameter.default, bool)
                switches.setdefault(name, {})[field_name] = True if flag else tiny_size(field_name, TINY)
                break
    return switches


# Operators a pipeline's channel sum is made of (``num_channels_latents + num_channels_mask + ...``).
_ARITHMETIC = (ast.Add, ast.Sub, ast.Mult)


def checked_config_values(error: BaseException, instance: Any) -> dict[str, dict[str, Any]]:
    """{component: {config field: value}} a pipeline's own check asked for: ``error`` raised under ``if <sum of
    locals> != self.<component>.config.<field>:`` in the calling class's code (an inpainting pipeline's UNet takes
    latents + mask + masked image: 9 input channels, as the inpainting checkpoints its users load have it). The
    value is the sum, computed in the raising frame; {} for any other error."""
    traceback = error.__traceback__
    while traceback is not None and traceback.tb_next is not None:
        traceback = traceback.tb_next
    if traceback is None or traceback.tb_frame.f_locals.get("self") is not instance:
        return {}
    frame, line = traceback.tb_frame, traceback.tb_lineno
    try:
        source_lines, start = inspect.getsourcelines(frame.f_code)
        tree = ast.parse(textwrap.dedent("".join(source_lines)))
    except (OSError, TypeError, SyntaxError):
        return {}
    offset = start - 1
    for node in ast.walk(tree):
        raises = isinstance(node, ast.If) and any(
            isinstance(statement, ast.Raise) and statement.lineno + offset <= line <= statement.end_lineno + offset
            for statement in node.body)
        test = node.test if raises else None
        if not isinstance(test, ast.Compare) or len(test.ops) != 1 or not isinstance(test.ops[0], ast.NotEq):
            continue
        for computed, read in ((test.left, test.comparators[0]), (test.comparators[0], test.left)):
            field_of = _component_config_field(read)
            if field_of is None or not _local_arithmetic(computed):
                continue
            try:
                value = eval(compile(ast.Expression(computed), "<check>", "eval"), {}, dict(frame.f_locals))
            except Exception:  # a name the frame does not hold
                continue
            if isinstance(value, int) and value > 0:
                return {field_of[0]: {field_of[1]: value}}
    return {}


def _component_config_field(node: ast.expr) -> tuple[str, str] | None:
    """(component, field) of ``self.<component>.config.<field>``."""
    chain: list[str] = []
    while isinstance(node, ast.Attribute):
        chain.insert(0, node.attr)
        node = node.value
    if isinstance(node, ast.Name) and node.id == "self" and len(chain) == 3 and chain[1] == "config":
        return chain[0], chain[2]
    return None


def _local_arithmetic(node: ast.expr) -> bool:
    """Whether the expression is names and numbers joined by + - * only (nothing it could call)."""
    if isinstance(node, ast.BinOp):
        return isinstance(node.op, _ARITHMETIC) and _local_arithmetic(node.left) and _local_arithmetic(node.right)
    return isinstance(node, ast.Name) or isinstance(node, ast.Constant) and isinstance(node.value, int)


def _looks_like_component(parameter: inspect.Parameter) -> bool:
    return any(issubclass(c, torch.nn.Module) for c in _classes_in(parameter.annotation))


# --- trigger ------------------------------------------------------------------------------------------------
def _source_tree(function: Callable) -> tuple[ast.AST, int] | None:
    """The function's source parsed, and what to add to its line numbers for the file's; None when unreadable."""
    try:
        source_lines, start = inspect.getsourcelines(function)
        return ast.parse(textwrap.dedent("".join(source_lines))), start - 1
    except (OSError, TypeError, SyntaxError):
        return None


def _none_test(test: ast.expr) -> tuple[str, bool] | None:
    """``name is None`` -> (name, False), ``name is not None`` -> (name, True); None for any other test."""
    if isinstance(test, ast.Compare) and isinstance(test.left, ast.Name) and len(test.ops) == 1 \
            and isinstance(test.ops[0], (ast.Is, ast.IsNot, ast.Eq, ast.NotEq)) \
            and isinstance(test.comparators[0], ast.Constant) and test.comparators[0].value is None:
        return test.left.id, isinstance(test.ops[0], (ast.IsNot, ast.NotEq))
    return None


def branch_values(function: Callable, line: int) -> dict[str, bool]:
    """Parameters whose `if name` / `if name is not None` guards ``line``: True when the line needs a value."""
    parsed = _source_tree(function)
    if parsed is None:
        return {}
    tree, offset = parsed
    wanted: dict[str, bool] = {}
    # `if x is None: return ...` followed by the line: the line runs only in the test's other case.
    after_early_exit: set[int] = set()
    for parent in ast.walk(tree):
        for name in ("body", "orelse", "finalbody"):
            statements = getattr(parent, name, None)
            if not isinstance(statements, list):
                continue
            for index, statement in enumerate(statements):
                if isinstance(statement, ast.If) and not statement.orelse \
                        and isinstance(statement.body[-1], (ast.Return, ast.Raise)) \
                        and statements[index + 1:] and _spans(statements[index + 1:], offset, line):
                    after_early_exit.add(id(statement))
    for node in ast.walk(tree):
        if not isinstance(node, ast.If):
            continue
        in_body = _spans(node.body, offset, line)
        in_else = bool(node.orelse) and _spans(node.orelse, offset, line) or id(node) in after_early_exit
        if not (in_body or in_else):
            continue
        test = node.test
        if isinstance(test, ast.Name):
            wanted[test.id] = in_body
        elif (compared := _none_test(test)) is not None:
            wanted[compared[0]] = compared[1] == in_body
    return wanted


def fallback_parameters(function: Callable, line: int) -> set[str]:
    """Parameters ``line`` falls back from (``device = device or self.text_encoder.device``, ``... if device is
    None else device``): the fallback runs only when the caller leaves them out, so a call that reaches the line
    passes none of them."""
    parsed = _source_tree(function)
    if parsed is None:
        return set()
    tree, offset = parsed
    found: set[str] = set()
    for node in ast.walk(tree):
        if getattr(node, "lineno", None) is None or node.lineno + offset != line:
            continue
        if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.Or) and isinstance(node.values[0], ast.Name):
            found.add(node.values[0].id)
        elif isinstance(node, ast.IfExp) and (compared := _none_test(node.test)) is not None:
            found.add(compared[0])
    return found & set(inspect.signature(function).parameters)


def names_read_around(function: Callable, line: int) -> set[str]:
    """Names read in the ``if`` blocks that hold ``line`` (the branch holding it, every enclosing one)."""
    parsed = _source_tree(function)
    if parsed is None:
        return set()
    tree, offset = parsed
    read: set[str] = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.If):
            continue
        for statements in (node.body, node.orelse):
            if statements and _spans(statements, offset, line):
                read |= {n.id for statement in statements for n in ast.walk(statement)
                         if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
    return read


def _spans(statements: list[ast.stmt], offset: int, line: int) -> bool:
    first = statements[0].lineno + offset
    last = (statements[-1].end_lineno or statements[-1].lineno) + offset
    return first <= line <= last


def _value_for(parameter: inspect.Parameter, shape: Shape, device: torch.device, method: Callable,
               image_prompt: bool = False) -> Any:
    lower = parameter.name.lower()
    annotation = str(parameter.annotation)
    if lower in ("device", "execution_device", "dtype"):
        return _argument_value(parameter, shape, device, method)
    if image_prompt and parameter.annotation is inspect.Parameter.empty and _is_image_name(lower):
        return _pil_image()  # an unannotated `images` handed to a processor: the image form
    if _is_image_name(lower) and "PIL" in annotation:
        # `image: torch.Tensor | PIL.Image.Image` (PipelineImageInput): the form every image processor takes; a
        # tensor of the component's shape (latents for a VAE) is rarely an image the pipeline accepts.
        return _pil_image()
    if "Tensor" in annotation and "str" not in annotation:  # PipelineImageInput and the like: the tensor form
        return _make_tensor(shape, device)
    if _is_text_name(lower):
        # an image prompt (`_encode_image_prompt(prompt, ...)`, an image-variation pipeline's prompt) is an image
        return _pil_image() if image_prompt else PROMPT
    if lower.startswith(("do_", "use_", "return_", "output_")) and parameter.annotation in (bool, inspect.Parameter.empty):
        return False
    annotation = parameter.annotation
    text = str(annotation)
    if "str" in text and "Tensor" not in text and "Image" not in text:
        return PROMPT
    return _argument_value(parameter, shape, device, method)


def _is_text_name(name: str) -> bool:
    """`prompt`, `prompt_2`, `negative_prompt`, `editing_prompt`, `caption`; not `prompt_embeds`, nor a count
    (`num_images_per_prompt`)."""
    counted = name.startswith(("num_", "n_")) or "_per_" in name
    return (any(name == n or name.startswith(n + "_") for n in _TEXT_NAMES)
            or name.endswith(("_prompt", "_prompts")) and not counted) \
        and name.rsplit("_", 1)[-1] not in _TENSOR_WORDS


def _is_image_name(name: str) -> bool:
    return name in ("image", "images") or name.endswith(("_image", "_images"))


def caller_arguments(instance: Any, method: str, component: Any, called: str | None, line: int,
                     device: torch.device, known: KnownCalls | None = None,
                     ) -> list[tuple[str, Callable[[], tuple[tuple, dict]]]]:
    """(description, make) candidates: required parameters, plus optional ones whose branch guards the line.
    ``known``: calls the builder knows complete (``BuiltCaller.known``), tried first: for ``__call__`` its inputs
    with the optional parameters the line's branches need added; for another method the arguments a whole call
    with them hands it."""
    bound = getattr(instance, method)
    unbound = getattr(type(instance), method)
    left_out = fallback_parameters(unbound, line)  # at their defaults, or the line's fallback never runs
    parameters = [p for p in required_parameters(bound) if p.name not in left_out or p.default is p.empty]
    branches = branch_values(unbound, line)
    signature = inspect.signature(bound)
    optional = [p for name, p in signature.parameters.items() if branches.get(name) and p not in parameters
                and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]
    # An optional text the blocks holding the line read (`for item in editing_prompt`, under `if enable_edit_guidance:`)
    read = names_read_around(unbound, line)
    optional += [p for name, p in signature.parameters.items() if name in read and p.default is None
                 and _is_text_name(name.lower()) and p not in parameters and p not in optional
                 and name not in branches]
    # A whole-pipeline call (__call__) with everything optional: a prompt, one step, small images.
    small = {name: value for name, value in _SMALL_CALL.items() if name in signature.parameters
             and name not in {p.name for p in [*parameters, *optional]}}
    target = getattr(component, called, None) if called else None
    if isinstance(component, torch.nn.Module):
        hints = shape_hints(component, target if callable(target) else component.forward)
    else:
        hints = []
    hints = hints or [GENERIC_SHAPE]
    ranks = unpacked_ranks(unbound, {p.name for p in parameters})
    if ranks:  # `b, c, f, h, w = latents.shape` of a required argument: its tensors have that rank
        floats = [h for h in hints if h.integer_high is None] or [GENERIC_SHAPE]
        hints = [with_rank(h, ranks[0], f"{h.why}, as {ranks[0]}-D (the method unpacks {ranks[0]} dims)")
                 for h in floats if len(h.dims) != ranks[0]][:1] + hints
    switches = {p.name for p in parameters if branches.get(p.name) and _is_flag(p)}
    candidates = []
    image_first = "image" in method
    texts = [p for p in parameters if _is_text_name(p.name.lower())]
    # unannotated images: a tensor first, then PIL images (what a processor takes)
    texts += [p for p in parameters if p.annotation is inspect.Parameter.empty and _is_image_name(p.name.lower())]
    # The first shape guess with text prompts (image prompts first for an image method) and with the other kind,
    # then the other shape guesses.
    plans = [(hints[0], image_first)] + ([(hints[0], not image_first)] if texts else []) + \
        [(shape, image_first) for shape in hints[1:4]]
    # An img2img or controlnet pipeline types its input image optional (`image=None`, `control_image=None`) and then
    # refuses None ("Input is in incorrect format"): the second try gives those images.
    images = [p for name, p in signature.parameters.items() if p.default is None and _is_image_name(name.lower())
              and "PIL" in str(p.annotation) and not name.startswith(_ADAPTER_INPUTS)
              and p not in parameters and p not in optional]
    if images:
        plans.insert(1, (hints[0], image_first))
    for index, (shape, image_prompt) in enumerate(plans):
        given_images = images if images and index == 1 else []

        def make(shape: Shape = shape, image_prompt: bool = image_prompt,
                 given_images: list[inspect.Parameter] = given_images) -> tuple[tuple, dict]:
            kwargs: dict[str, Any] = dict(small)
            kwargs.update({parameter.name: _pil_image() for parameter in given_images})
            for parameter in [*parameters, *optional]:
                if parameter in optional:
                    kwargs[parameter.name] = _optional_value(parameter, shape, device, unbound)
                elif parameter.name in switches:  # a required flag whose `if use_conditioning:` holds the line
                    kwargs[parameter.name] = True
                else:
                    kwargs[parameter.name] = _value_for(parameter, shape, device, unbound, image_prompt)
            return (), kwargs

        names = ", ".join([*(p.name for p in [*parameters, *optional, *given_images]), *small]) or "no arguments"
        kind = ", prompt as an image" if image_prompt and texts else ""
        candidates.append((f"{names} <- {list(shape.dims)} ({shape.why}{kind})", make))
    if known is not None and method == "__call__":
        candidates.insert(0, _known_call(known.inputs, [*parameters, *optional], optional, hints[0], device, unbound))
    elif known is not None and known.reaching(method) is not None:
        candidates.insert(0, ("the arguments __call__ hands it with the test's get_dummy_inputs()",
                              functools.partial(_reached_call, known, method, device)))
    return candidates


def _reached_call(known: KnownCalls, method: str, device: torch.device) -> tuple[tuple, dict]:
    from .strategies.common import clone_value

    args, kwargs = known.reaching(method) or ((), {})
    return clone_value(args, device, devices=True), clone_value(kwargs, device, devices=True)


def _known_call(known_inputs: Callable[[], dict[str, Any]], wanted: list[inspect.Parameter],
                optional: list[inspect.Parameter], shape: Shape, device: torch.device,
                method: Callable) -> tuple[str, Callable[[], tuple[tuple, dict]]]:
    """The known arguments, with a synthesised value for each parameter the line needs that they leave out."""
    def make() -> tuple[tuple, dict]:
        kwargs = known_inputs()
        for parameter in wanted:
            if parameter.name not in kwargs:
                kwargs[parameter.name] = _optional_value(parameter, shape, device, method) if parameter in optional \
                    else _value_for(parameter, shape, device, method)
        return (), kwargs

    added = f" ({', '.join(p.name for p in wanted)} where they leave them out)" if wanted else ""
    return f"the test's get_dummy_inputs(){added}", make


# Optional image inputs of a feature a pipeline runs only when given (an IP-Adapter's reference image): never filled.
_ADAPTER_INPUTS = ("ip_adapter", "negative_ip_adapter")


def _is_flag(parameter: inspect.Parameter) -> bool:
    """A boolean by annotation, or by an unannotated flag name (`use_conditioning`, `do_classifier_free_guidance`)."""
    if parameter.annotation is bool or str(parameter.annotation) == "bool":
        return True
    return parameter.annotation is inspect.Parameter.empty and parameter.name.lower().startswith(
        ("do_", "use_", "enable_", "is_", "with_"))


def _optional_value(parameter: inspect.Parameter, shape: Shape, device: torch.device, method: Callable) -> Any:
    """A value for an optional parameter that must not be None for the finding's line to run."""
    text = str(parameter.annotation)
    if "int" in text and "Tensor" not in text:
        return 1
    if "float" in text and "Tensor" not in text:
        return 1.0
    if "bool" in text:
        return True
    return _value_for(parameter.replace(default=inspect.Parameter.empty), shape, device, method)


# --- the check ------------------------------------------------------------------------------------------------
def run_caller_level(target: str, method: str, component: str, called: str | None, level: str, line: int,
                     watch_files: list[str], tests_dir: str | None = None) -> LevelResult:
    """Build the caller, offload ``component`` at ``level``, call ``method``; one LevelResult (tracking).
    ``tests_dir``: a diffusers checkout whose test of the pipeline builds it first (``caller_builds``)."""
    started = time.perf_counter()
    backend = make_backend(TRACKING)
    try:
        cls = resolve(target)
    except Exception as error:
        return _untriggered(level, f"could not import {target}: {type(error).__name__}: {_short(error)}", started)
    if not hasattr(cls, method):
        return _untriggered(level, f"{cls.__name__} has no method {method!r} in the installed version", started)
    errors: list[str] = []
    result: LevelResult | None = None
    built_with = ""
    switches = component_switches(cls, method, line)
    with torch.no_grad(), _quiet_fake_tensor_logs(), quiet_libraries(), capped_generation():
        # A call that fails with the small build is retried with more components built (a __call__ reads many).
        for way in caller_builds(cls, method, component, tests_dir, errors):
            try:
                built = way.build(switches)
            except CallerBuildError as error:
                errors.append(str(error))
                continue
            except ModuleNotFoundError as error:
                return _untriggered(level, f"needs {error.name} (not installed)", started)
            built_with = f"{cls.__name__}({', '.join(built.notes)})"
            result = _run_built(built, cls, method, component, called, level, line, watch_files, backend)
            result.errors = errors + result.errors
            if result.completed or result.verdict != UNTRIGGERED or result.timed_out:
                break
            errors = result.errors
    if result is None:
        return _untriggered(level, errors[-1] if errors else f"could not build {cls.__name__}", started)
    result.built_with = built_with
    result.seconds = time.perf_counter() - started
    return result


def _run_built(built: BuiltCaller, cls: type, method: str, component: str, called: str | None, level: str,
               line: int, watch_files: list[str], backend: Any) -> LevelResult:
    started = time.perf_counter()
    module = getattr(built.instance, component, None)
    if not isinstance(module, torch.nn.Module):
        return _untriggered(level, f"component {component!r} is not an nn.Module after building "
                                   f"({type(module).__name__})", started)
    try:
        candidates = caller_arguments(built.instance, method, module, called, line, backend.onload_device,
                                      built.known)
    except NotTriggerable as error:
        return _untriggered(level, f"{method}: {error}", started)
    def trigger(run: ScenarioRun) -> None:
        run.observer.step = method
        _try_candidates(run, built, cls, method, component, module, candidates)

    def left_on_device(observer: Any, run: ScenarioRun) -> tuple[str, ...]:
        # Read after the hooks had their say: what no hook offloaded again.
        return resident_weights(observer, module, component) if run.completed else ()

    run, resident = run_observed({component: module}, level, backend, trigger, watch_files=watch_files,
                                 after=left_on_device)
    result = _verdict(level, backend, run)
    result.lines_run = run.recorder.result() if run.recorder is not None else None
    result.resident = resident
    result.component_weights = len(_weights(module))
    return result


def _weights(module: torch.nn.Module) -> list[tuple[str, torch.Tensor]]:
    named = [*module.named_parameters(remove_duplicate=True), *module.named_buffers(remove_duplicate=True)]
    return [(name, tensor) for name, tensor in named if tensor.numel() > 0]


def resident_weights(observer: Any, module: torch.nn.Module, component: str) -> tuple[str, ...]:
    """The component's parameters and buffers on the compute device now, outside any call: on the tracking backend,
    those the tracker does not hold as offloaded (a ``Module.to(device)`` moved them and no group's hook has
    offloaded them since); on a device backend, those whose device is the compute device."""
    with observer.pause():
        if observer.onload_type is None:
            return tuple(f"{component}.{name}" for name, tensor in _weights(module)
                         if observer.tracker.offloaded_name(tensor) is None)
        return tuple(f"{component}.{name}" for name, tensor in _weights(module)
                     if tensor.device.type == observer.onload_type)


def _try_candidates(run: ScenarioRun, built: BuiltCaller, cls: type, method: str, component: str,
                    module: torch.nn.Module, candidates: list[tuple[str, Callable[[], tuple[tuple, dict]]]]) -> None:
    """Call ``method`` with each candidate's arguments until one completes (``run`` records what happened)."""
    observer, recorder = run.observer, run.recorder
    queue = list(candidates)
    stated: set[str] = set()
    while queue:
        description, make = queue.pop(0)
        observer.tracker.reset()
        try:
            args, kwargs = make()
            with observer, recorder or contextlib.nullcontext():
                value = getattr(built.instance, method)(*args, **kwargs)
            observer.returned(value, method)
            run.ran.append(f"{cls.__name__}.{method}({description}) with {component} offloaded")
            run.completed = True
            return
        except NotTriggerable as error:
            run.errors.append(f"{method}: {error}")
            return
        except Exception as error:  # a wrong guess: try the next candidate
            text = f"{type(error).__name__}: {_short(error)}"
            state = per_call_state(cls, error.name) if isinstance(error, AttributeError) \
                and getattr(error, "obj", None) is built.instance and error.name not in stated else None
            if state is not None:  # `self.batch_size` that invert() sets: the value of a batch of one, same call
                stated.add(error.name)
                setattr(built.instance, error.name, state)
                queue.insert(0, (f"{description}; self.{error.name}={state!r}, as another method sets it", make))
                continue
            if isinstance(error, AttributeError) and type(module).__name__ in str(error):
                text = (f"the installed {type(module).__name__} has no attribute {error.name!r}: the call "
                        f"fails without offloading too ({text})")
            run.errors.append(f"{method}[{description}]: {text}")
            run.failures.append(detached(error))
            if len(run.errors) >= 2 and run.errors[-2].endswith(text):
                return  # the same failure whatever the input: another guess will not help


# New tokens a language model's `generate` makes in a check. Every step runs the same modules as the first (the cache
# only shortens the inputs), so what the offloading hooks do is seen in the first steps; a pipeline asking for 512
# (`generate(..., max_new_tokens=512)`, a prompt rewriter) would spend the check's time limit repeating them.
MAX_NEW_TOKENS = 4


def per_call_state(cls: type, name: str) -> int | None:
    """The value another method of the class gives ``self.<name>`` for a batch of one, when it sets it from a size
    (``self.batch_size = x0.shape[0]`` in ``invert``, ``len(prompts)``) or an int literal; None otherwise."""
    for method_name, function in own_methods(cls, ("torch.", "diffusers.pipelines.pipeline_utils")):
        if method_name == "__init__":
            continue
        for node in ast.walk(source_tree(function) or ast.Module([], [])):
            if not isinstance(node, ast.Assign) or not any(
                    isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self"
                    and t.attr == name for t in node.targets):
                continue
            assigned = node.value
            if isinstance(assigned, ast.Constant) and type(assigned.value) is int:
                return assigned.value
            if isinstance(assigned, ast.Subscript) and isinstance(assigned.value, ast.Attribute) \
                    and assigned.value.attr == "shape" or isinstance(assigned, ast.Call) and (
                    isinstance(assigned.func, ast.Name) and assigned.func.id == "len"
                    or isinstance(assigned.func, ast.Attribute) and assigned.func.attr == "size"):
                return 1
    return None


@contextlib.contextmanager
def capped_generation(limit: int = MAX_NEW_TOKENS) -> Iterator[None]:
    """transformers' ``generate`` makes at most ``limit`` new tokens while a caller runs (the ``max_new_tokens``
    a pipeline passes, or the model's generation config)."""
    try:
        from transformers.generation.utils import GenerationMixin
    except ImportError:  # no transformers: nothing generates
        yield
        return
    original = GenerationMixin.generate

    @functools.wraps(original)
    def generate(self: Any, *args: Any, **kwargs: Any) -> Any:
        asked = kwargs.get("max_new_tokens")
        kwargs["max_new_tokens"] = min(asked, limit) if isinstance(asked, int) else limit
        kwargs.pop("max_length", None)  # max_new_tokens wins over it; both given makes transformers warn
        return original(self, *args, **kwargs)

    GenerationMixin.generate = generate
    try:
        yield
    finally:
        GenerationMixin.generate = original


@contextlib.contextmanager
def quiet_libraries() -> Iterator[None]:
    """diffusers and transformers warn on every tiny build (safety checker off, processors without torchvision)."""
    loggers = [logging.getLogger(name) for name in ("diffusers", "transformers")]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.ERROR)
    try:
        yield
    finally:
        for logger, level in zip(loggers, levels):
            logger.setLevel(level)


# Text-fixing libraries a pipeline imports only when installed and then calls unconditionally on its prompts (Wan's
# and SkyReels-V2's ``basic_clean``: ``ftfy.fix_text(text)``), with what each function is on the confirmer's prompt:
# plain ASCII text, which ``ftfy.fix_text`` returns unchanged.
TEXT_FIXERS: dict[str, dict[str, Callable[[str], str]]] = {"ftfy": {"fix_text": lambda text: text}}


@contextlib.contextmanager
def text_fixers_for(cls: type, notes: list[str]) -> Iterator[None]:
    """While the caller runs: each text-fixing library (``TEXT_FIXERS``) that the modules of ``cls`` and its bases
    use by name but could not import stands in as what it is on a plain ASCII prompt (the identity), said in
    ``notes``; the modules are left as they were afterwards. An installed library is used as it is."""
    import sys
    import types

    patched: list[tuple[Any, str]] = []
    for klass in cls.__mro__:
        module = sys.modules.get(klass.__module__)
        if module is None or module.__name__.startswith(("builtins", "torch.")):
            continue
        for name, functions in TEXT_FIXERS.items():
            if name in vars(module) or (module, name) in patched:
                continue
            try:
                source = inspect.getsource(module)
            except (OSError, TypeError):
                continue
            if f"{name}." not in source:
                continue
            setattr(module, name, types.SimpleNamespace(**functions))
            patched.append((module, name))
            notes.append(f"{name} is not installed: {', '.join(functions)} stood in by the identity, which it is on "
                         f"the plain ASCII prompt")
    try:
        yield
    finally:
        for module, name in patched:
            delattr(module, name)


def _untriggered(level: str, reason: str, started: float) -> LevelResult:
    return LevelResult(level, TRACKING, UNTRIGGERED, reason, False, [], [reason], time.perf_counter() - started,
                       error=reason)
