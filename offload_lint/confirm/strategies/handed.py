"""Methods handed a model: ``ControlNetModel.from_unet(unet)`` copies the weights of a model its caller offloaded.

build (the method's class when the method needs an instance; each argument annotated with a model class, tiny,
with an un-offloaded copy) -> trigger (the method with the copies first: what it returns un-offloaded) -> offload
(the handed models under the strategy, as a pipeline's components are: ``callers.APPLY``) -> observe (the method
with the offloaded models: an access the watch sees, an error the strategy's hooks raise, or a result that differs
from the first call) -> join (``findings.strategy_verdict``: the access at the finding's line).
"""

from __future__ import annotations

import contextlib
import copy
import inspect
import sys
import time
import typing
from typing import Any, Callable

import torch

from ..build import BuildError
from ..caller import BuiltCaller, _classes_in
from ..report import CONFIRMED, REFUTED, UNTRIGGERED, LevelResult
from ..trigger import GENERIC_SHAPE, NotTriggerable, _argument_value
from .callers import APPLY, FRAME_LIMIT, _result, _untriggered, backend_label, resolved_class
from ..report import weight_root
from .common import MAX_REPAIRS, FrameFilter, _reached, _short, build_pair, compare, error_access, known_error, \
    repair_path
from .spec import STRATEGIES, JudgedSite

HANDED_STRATEGIES = tuple(APPLY)  # the pipelines' way of offloading a component in this process
_SEED = 0
MAX_GIVEN = 3  # config values learned for the handed models, one per failed call


def handed_models(function: Callable) -> list[tuple[str, type]]:
    """(parameter, model class) for each parameter annotated with an ``nn.Module`` subclass."""
    try:
        hints = typing.get_type_hints(function)
    except Exception:  # an annotation that does not resolve here: read the signature's own objects
        hints = {name: p.annotation for name, p in inspect.signature(function).parameters.items()}
    found = []
    for name, annotation in hints.items():
        models = [cls for cls in _classes_in(annotation) if isinstance(cls, type) and issubclass(cls, torch.nn.Module)]
        if name != "return" and models:
            found.append((name, models[0]))
    return found


def run_handed_strategy(strategy: str, target: str, method: str, judged: JudgedSite,
                        watch_files: list[str]) -> LevelResult:
    """Call ``target.method`` with its model arguments offloaded under ``strategy``; one LevelResult for the finding
    ``judged`` (its receiver, ``unet.conv_in``, as the attribute). An earlier line's access stops the call first
    (``from_unet`` copies one child per line): the run is made again with that child un-offloaded, as reading it
    before offloading would, until the judged line is reached (at most ``MAX_REPAIRS`` children). The child is the
    accessed weight's, or, for an error that names none (FSDP2's), the receiver of the sibling finding
    (``judged.siblings``: line, receiver) at the line the call stopped on."""
    from ..caller import quiet_libraries

    started = time.perf_counter()
    backend = backend_label(strategy)
    cls = resolved_class(strategy, target, method, started)
    if isinstance(cls, LevelResult):
        return cls
    function = getattr(cls, method)
    handed = handed_models(function)
    if not handed:
        return _untriggered(strategy, backend, f"no argument of {method}() is annotated with a model class", started)
    with torch.no_grad(), quiet_libraries():
        given: dict[str, Any] = {}
        derived = paired = False
        failed = ""  # how the call failed with the models built alone, said when pairing them fails too
        while True:
            try:
                call, instance = _caller(cls, method, function, handed)
                models = _from_parents(cls, handed) if paired else \
                    _built_together(handed, given, derived, _config_of(instance))
            except (BuildError, NotTriggerable) as error:
                return _untriggered(strategy, backend, f"{failed}; then {error}" if failed else str(error), started)
            built_with = ", ".join(f"{name}={type(pair[0]).__name__} ({pair[2] or 'default config'})"
                                   for name, pair in models.items())
            references = {name: pair[1] for name, pair in models.items()}
            try:
                reference = call({name: copy.deepcopy(model) for name, model in references.items()})
            except Exception as error:
                learned = _config_the_method_needs(cls, handed, error, given) if len(given) < MAX_GIVEN else None
                if learned is not None:
                    given.update(learned)
                    continue
                if not derived and any(_derivation(model_class, handed[:index])
                                       for index, (_, model_class) in enumerate(handed)):
                    derived = True  # the models as a user pairs them: a later one made from an earlier one
                    continue
                if not paired and len(handed) == 2 and _parent_pairs(cls):
                    paired = True  # blocks as they sit in a model and in the model derived from it
                    failed = (f"{method}() fails with the models un-offloaded too: {type(error).__name__}: "
                              f"{_short(error)} ({built_with})")
                    continue
                return _untriggered(strategy, backend, f"{method}() fails with the models un-offloaded too: "
                                    f"{type(error).__name__}: {_short(error)} ({built_with})", started)
            break
        if given:
            built_with += (f"; {', '.join(f'{k}={v!r}' for k, v in given.items())} given to the handed models: "
                           f"{cls.__name__}'s constructor reads it from their config and refused None")
        repaired: list[str] = []
        # A strategy that wraps one model (FSDP2, ZeRO-3) wraps the one the finding names.
        named = (judged.attribute or "").partition(".")[0]
        component = named if named in references else next(iter(references))
        while True:
            result = _offloaded_call(strategy, cls, method, call, references, repaired, reference, built_with,
                                     watch_files, started, component)
            more = _repairs(result, judged, references, repaired)
            if not more or len(repaired) >= MAX_REPAIRS:
                break
            repaired += more[:MAX_REPAIRS - len(repaired)]
        if repaired:
            result.evidence += (f" (re-run with {', '.join(repaired)} un-offloaded, as reading them before offloading "
                                f"would: {judged.attribute} stayed offloaded)")
        return result


def _config_the_method_needs(cls: type, handed: list[tuple[str, type]], error: BaseException,
                             given: dict[str, Any]) -> dict[str, Any] | None:
    """A config value the handed models must hold for the method's own class to be built from them: ``from_unet``
    passes the UNet's ``addition_time_embed_dim`` to ``ControlNetUnionModel(...)``, whose constructor computes with
    it (``addition_time_embed_dim * num_control_type``), and a UNet built with the default None makes that fail. When
    the constructor of ``cls`` refused a parameter left None that a handed model's constructor takes too, that model
    is built with the tiny size for it, once. None when the error says nothing of the kind."""
    from ..tiny import argument_named_in, constructor_parameters

    named = argument_named_in(cls, {}, error)
    if named is None or named[0] in given:
        return None
    name, value = named
    takes = any(name in {p.name for p in constructor_parameters(model_class)} for _, model_class in handed)
    return {name: value} if takes else None


def _makers(model_class: type) -> list[tuple[str, list[type], bool]]:
    """(classmethod, the classes its first parameter is annotated with, whether its other parameters have defaults)
    for each ``from_<x>`` classmethod of ``model_class`` that makes it from another model
    (``ControlNetXSAdapter.from_unet(unet: UNet2DConditionModel, ...)``)."""
    found = []
    for name in sorted(vars(model_class)):
        if not name.startswith("from_") or not isinstance(inspect.getattr_static(model_class, name), classmethod):
            continue
        make = getattr(model_class, name)
        try:
            parameters = list(inspect.signature(make).parameters.values())
            hints = typing.get_type_hints(make)
        except Exception:  # an annotation that does not resolve here: no maker we can read
            continue
        if not parameters:
            continue
        sources = [c for c in _classes_in(hints.get(parameters[0].name)) if isinstance(c, type)
                   and issubclass(c, torch.nn.Module)]
        defaulted = all(p.default is not inspect.Parameter.empty for p in parameters[1:]
                        if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY))
        if sources:
            found.append((name, sources, defaulted))
    return found


def _derivation(model_class: type, earlier: list[tuple[str, type]]) -> tuple[str, str] | None:
    """(classmethod, earlier handed parameter) when ``model_class`` is made from the class of an earlier handed model
    by a maker whose other parameters have defaults (``ControlNetXSAdapter.from_unet(unet)``: the adapter sized from
    the UNet it is paired with)."""
    for name, sources, defaulted in _makers(model_class):
        for parameter, earlier_class in earlier:
            if defaulted and any(issubclass(earlier_class, cls) for cls in sources):
                return name, parameter
    return None


def _derived(model_class: type, method: str, source: str, model: torch.nn.Module) -> tuple[torch.nn.Module, str]:
    """``model_class.<method>(model)``; when that fails, again with the method's optional parameters that ``model``'s
    config holds given from it (``ControlNetXSAdapter.from_unet(unet)`` asks for one of ``block_out_channels`` and
    ``size_ratio``: the UNet's ``block_out_channels``)."""
    make = getattr(model_class, method)
    config = getattr(model, "config", None) or {}
    names = [p.name for p in list(inspect.signature(make).parameters.values())[1:]]
    taken = {name: config[name] for name in names if name in config and config[name] is not None}
    errors = []
    for kwargs in ({}, taken) if taken else ({},):
        torch.manual_seed(_SEED)
        try:
            made = make(copy.deepcopy(model), **kwargs)
        except Exception as error:
            errors.append(f"{type(error).__name__}: {_short(error)}")
            continue
        given = "".join(f", {key}={source}.config.{key}" for key in kwargs)
        return made, f"{model_class.__name__}.{method}({source}{given})"
    raise BuildError(f"{model_class.__name__}.{method}({source}) failed: {errors[-1]}")


def _parent_pairs(cls: type) -> list[tuple[type, str, type]]:
    """(derived model class, its maker, the model class it takes) for the model classes of the method's own module
    that are made from another model (``ControlNetXSAdapter.from_unet(unet)`` beside
    ``ControlNetXSCrossAttnDownBlock2D.from_modules(base_downblock, ctrl_downblock)``): where two handed blocks may
    sit at one path."""
    module = sys.modules.get(cls.__module__)
    return [(candidate, name, sources[0])
            for _, candidate in (sorted(vars(module).items()) if module is not None else ())
            if isinstance(candidate, type) and issubclass(candidate, torch.nn.Module) and candidate is not cls
            and candidate.__module__ == cls.__module__
            for name, sources, _ in _makers(candidate)]


def _default_counts(model_class: type) -> dict[str, int]:
    """The constructor's layer counts at their defaults (the tiny builder shrinks them)."""
    from ..tiny import _is_count, constructor_parameters

    return {p.name: p.default for p in constructor_parameters(model_class)
            if _is_count(p.name) and isinstance(p.default, int) and not isinstance(p.default, bool)}


def _from_parents(cls: type, handed: list[tuple[str, type]],
                  ) -> dict[str, tuple[torch.nn.Module, torch.nn.Module, str | None]]:
    """The two handed blocks taken at one path of a model and of the model derived from it (a UNet's
    ``down_blocks.0`` and the ControlNet-XS adapter's ``down_blocks.0``), the source model built with its layer counts
    at their defaults (the derived model may fix them: ControlNet-XS's blocks have two resnets)."""
    errors = []
    for derived_class, method, source_class in _parent_pairs(cls):
        counts = _default_counts(source_class)
        try:
            source = build_pair(source_class, None, counts or None, _SEED)[0]
            made, how = _derived(derived_class, method, "source", source)
        except Exception as error:  # a source or derivation that does not build: the next pair
            errors.append(f"{derived_class.__name__}.{method}: {type(error).__name__}: {_short(error)}")
            continue
        for (first, first_class), (second, second_class) in (tuple(handed), tuple(reversed(handed))):
            for path, part in source.named_modules():
                if not path or not isinstance(part, first_class):
                    continue
                other_path = _counterpart(made, path, second_class)
                if other_path is not None:
                    other = made.get_submodule(other_path)
                    where = path if other_path == path else f"{path} / {other_path}"
                    note = f"at {where} of {source_class.__name__} (layer counts at their defaults) and of {how}"
                    return {first: (part, copy.deepcopy(part), note), second: (other, copy.deepcopy(other), note)}
    raise BuildError("no model of the method's module holds both handed blocks at one path"
                     + (f" ({errors[-1]})" if errors else ""))


def _counterpart(made: torch.nn.Module, path: str, wanted: type) -> str | None:
    """Where the derived model holds the block that pairs with the source's block at ``path``: the same path, else the
    one block of the wanted class at the same depth and index under another name (ControlNet-XS's adapter keeps the
    UNet's ``up_blocks.1`` partner as ``up_connections.1``)."""
    try:
        if isinstance(made.get_submodule(path), wanted):
            return path
    except AttributeError:
        pass
    depth, index = path.count("."), path.rpartition(".")[2]
    found = [name for name, module in made.named_modules() if name and name.count(".") == depth
             and name.rpartition(".")[2] == index and isinstance(module, wanted)]
    return found[0] if len(found) == 1 else None


def _config_of(instance: Any) -> dict[str, Any]:
    """The config values of the method's own instance (a diffusers model's), which the models handed to it share."""
    config = getattr(instance, "_internal_dict", None)
    return dict(config) if config else {}


def _built_together(handed: list[tuple[str, type]], given: dict[str, Any] | None = None, derived: bool = False,
                    instance_config: dict[str, Any] | None = None,
                    ) -> dict[str, tuple[torch.nn.Module, torch.nn.Module, str | None]]:
    """The handed models, each as ``build_pair`` makes it, as a user pairs them: a later model takes the earlier ones'
    config values its constructor shares (``UNetMotionModel.from_unet2d(unet, motion_adapter)`` refuses an adapter
    whose ``layers_per_block`` differs from the UNet's), and every config reads as loaded (:func:`_as_loaded`).
    ``given``: config values the method's own class needs from them (:func:`_config_the_method_needs`), for each
    model whose constructor takes them. ``derived``: a model whose class makes it from an earlier one
    (:func:`_derivation`) is made so, seeded. ``instance_config``: the config of the instance the method runs on,
    shared as an earlier model's is (``UNetMotionModel.load_motion_modules(motion_adapter)`` loads an adapter whose
    ``motion_layers_per_block`` must be the UNet's ``layers_per_block``)."""
    from ..tiny import constructor_parameters

    models: dict[str, tuple[torch.nn.Module, torch.nn.Module, str | None]] = {}
    shared: dict[str, Any] = dict(instance_config or {})
    # The models later ones are made from: built with their layer counts at their defaults, which the model made
    # from them may fix (ControlNet-XS builds two resnets per block whatever the UNet it is made from has).
    derivations = [_derivation(model_class, handed[:index]) if derived else None
                   for index, (_, model_class) in enumerate(handed)]
    sources = {derivation[1] for derivation in derivations if derivation}
    for (name, model_class), derivation in zip(handed, derivations):
        if derivation is not None:
            method, source = derivation
            made, how = _derived(model_class, method, source, models[source][0])
            models[name] = (made, copy.deepcopy(made), how)
            continue
        parameters = constructor_parameters(model_class)
        names = {parameter.name for parameter in parameters}
        agreed = {key: value for key, value in {**shared, **(given or {})}.items() if key in names}
        agreed.update(_prefixed_agreements(parameters, shared, set(agreed)))
        if name in sources:
            agreed.update(_default_counts(model_class))
        try:
            models[name] = build_pair(model_class, None, agreed or None, _SEED)
        except BuildError:
            if not agreed:
                raise
            models[name] = build_pair(model_class, None, None, _SEED)
        for model in models[name][:2]:
            _as_loaded(model)
        for key, value in (getattr(models[name][0], "_internal_dict", None) or {}).items():
            shared.setdefault(key, value)
    return models


def _prefixed_agreements(parameters: list[inspect.Parameter], shared: dict[str, Any],
                         taken: set[str]) -> dict[str, Any]:
    """Constructor parameters that name an earlier model's config value behind a one-word prefix of their own
    (``MotionAdapter(motion_layers_per_block=...)`` for the UNet's ``layers_per_block``, which ``from_unet2d``
    requires equal; ``ControlNetXSAdapter(base_block_out_channels=...)``), given that value when it is set and of
    the parameter's kind (a sequence for a sequence), and the parameter's own default is set too (a part the model
    builds only when asked, ``conv_in_channels=None``, stays unasked)."""
    agreed: dict[str, Any] = {}
    for parameter in parameters:
        default = parameter.default
        if parameter.name in taken or parameter.name in shared or default in (None, inspect.Parameter.empty):
            continue
        prefix, _, key = parameter.name.partition("_")
        value = shared.get(key)
        if prefix and value is not None and isinstance(value, (list, tuple)) == isinstance(default, (list, tuple)):
            agreed[parameter.name] = value
    return agreed


def _as_loaded(model: torch.nn.Module) -> None:
    """The model's config as ``from_pretrained`` gives it, read from JSON, where sequences are lists: a built model
    keeps the tuples its constructor took, and ``SparseControlNetModel.from_unet`` assigns into
    ``unet.config.down_block_types``."""
    config = getattr(model, "_internal_dict", None)
    if config is None or not hasattr(model, "register_to_config"):
        return
    lists = {key: list(value) for key, value in config.items() if isinstance(value, tuple)}
    if lists:
        model.register_to_config(**lists)


def _offloaded_call(strategy: str, cls: type, method: str, call: Callable[[dict[str, torch.nn.Module]], Any],
                    references: dict[str, torch.nn.Module], repaired: list[str], reference: Any, built_with: str,
                    watch_files: list[str], started: float, component: str) -> LevelResult:
    """One call with fresh copies of the handed models offloaded (``component``: the one a strategy that wraps one
    model wraps), the ``repaired`` children swapped for un-offloaded copies."""
    from ..limits import LineRecorder

    backend = backend_label(strategy)
    offloaded = {name: copy.deepcopy(model) for name, model in references.items()}
    try:
        applied = APPLY[strategy](BuiltCaller(None, dict(offloaded)), component)
    except Exception as error:
        return _untriggered(strategy, backend, f"could not apply {STRATEGIES[strategy].library}: "
                            f"{type(error).__name__}: {_short(error)}", started)
    for path in repaired:
        _swap_in(offloaded, references, path)
    ran = f"{cls.__name__}.{method}({', '.join(offloaded)} offloaded; {built_with})"
    recorder = LineRecorder(watch_files)
    watch = applied.watch
    try:
        with watch or contextlib.nullcontext(), recorder:
            value = call(offloaded)
    except Exception as error:
        watched = list(watch.accesses) if watch is not None else []
        if watched:
            return _result(strategy, backend, CONFIRMED, f"{watched[0].describe()}; then {type(error).__name__}: "
                           f"{_short(error)} ({ran})", watched, False, recorder, started, [])
        if known_error(STRATEGIES[strategy], error):
            raised = error_access(error, watch.frames if watch is not None else FrameFilter(), strategy, FRAME_LIMIT)
            return _result(strategy, backend, CONFIRMED, f"{STRATEGIES[strategy].library} raised "
                           f"{type(error).__name__}: {_short(error)} ({ran})", [raised], False, recorder, started, [])
        message = (f"{method}() raised {type(error).__name__}: {_short(error)}, not an error this strategy's hooks "
                   f"are known to raise ({ran})")
        return _result(strategy, backend, UNTRIGGERED, message, [], False, recorder, started, [message])
    watched = list(watch.accesses) if watch is not None else []
    if watched:
        return _result(strategy, backend, CONFIRMED, f"{watched[0].describe()} ({ran})", watched, True, recorder,
                       started, [])
    difference = _difference(reference, value)
    if difference:
        return _result(strategy, backend, CONFIRMED, f"{difference} ({ran})", [], True, recorder, started, [])
    return _result(strategy, backend, REFUTED, f"ran {ran}; what it returns matches the call with the models "
                   "un-offloaded", [], True, recorder, started, [])


def _repairs(result: LevelResult, judged: JudgedSite, references: dict[str, torch.nn.Module],
             done: list[str]) -> list[str]:
    """The children of the handed models whose accesses stopped the call before the judged line: each the
    shallowest module on the accessed weight's path that is not the judged receiver or one of its ancestors, or
    the receiver a sibling finding names at the access's line."""
    accesses = result.offending
    if not judged.attribute or any(_reached(access, judged) for access in accesses):
        return []
    paths: list[str] = []
    for access in accesses:
        named = repair_path(weight_root(access.weight), judged.attribute)
        at_line = [receiver for line, receiver in judged.siblings
                   if receiver != judged.attribute and access.at(judged.path, range(line, line + 1))]
        for path in ([named] if named else []) + at_line:
            if path in done or path in paths:
                continue
            component, _, child = path.partition(".")
            if component not in references:
                continue
            if child:  # a child of a handed model; else another handed model whole (the judged one is kept)
                try:
                    references[component].get_submodule(child)
                except AttributeError:
                    continue
            paths.append(path)
    return paths


def _swap_in(models: dict[str, torch.nn.Module], references: dict[str, torch.nn.Module], path: str) -> None:
    """``unet.conv_in`` of the offloaded models replaced by an un-offloaded copy (no hooks, real weights); a path
    without a dot: that handed model whole."""
    component, _, child = path.partition(".")
    if not child:
        models[component] = copy.deepcopy(references[component])
        return
    parent_path, _, name = child.rpartition(".")
    parent = models[component].get_submodule(parent_path) if parent_path else models[component]
    setattr(parent, name, copy.deepcopy(references[component].get_submodule(child)))


def _caller(cls: type, method: str, function: Callable, handed: list[tuple[str, type]]
            ) -> tuple[Callable[[dict[str, torch.nn.Module]], Any], Any]:
    """(a call of the method with the given models and synthesised values for its other required parameters, the
    instance it is called on: an instance method runs on a fresh copy of its class built as a finding's class is;
    None for a classmethod)."""
    static = inspect.getattr_static(cls, method)
    needs_instance = not isinstance(static, (classmethod, staticmethod))
    names = {name for name, _ in handed}
    others = {p.name: p for p in inspect.signature(function).parameters.values()
              if p.name not in names and p.name != "self" and p.default is inspect.Parameter.empty
              and p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)}
    pristine = build_pair(cls, None, None, _SEED)[0] if needs_instance else None
    values = {name: _argument_value(parameter, GENERIC_SHAPE, torch.device("cpu"), function)
              for name, parameter in others.items()}

    def call(models: dict[str, torch.nn.Module]) -> Any:
        torch.manual_seed(_SEED)  # a method that initialises new layers draws the same weights both times
        # each call on its own copy of the instance: the method may load into it (`load_motion_modules`)
        bound = getattr(copy.deepcopy(pristine), method) if needs_instance else getattr(cls, method)
        value = bound(**values, **models)
        return pristine_result(value, bound)

    def pristine_result(value: Any, bound: Any) -> Any:  # a method that returns nothing changed its instance
        return getattr(bound, "__self__", None) if value is None and needs_instance else value

    return call, pristine


def _difference(reference: Any, value: Any) -> str | None:
    """Where the method's result differs from the un-offloaded call's: a returned model by its state dict."""
    if isinstance(reference, torch.nn.Module) and isinstance(value, torch.nn.Module):
        return compare(reference.state_dict(), value.state_dict(), f"the {type(value).__name__} it returns")
    return compare(reference, value)
