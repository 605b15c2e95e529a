"""Build the module under test: a user factory, or the class's default constructor."""

from __future__ import annotations

import importlib
from typing import Any, Callable

import torch

from .registered import registered_or_none
from .tiny import (CONFIG_FIELD, argument_named_in, argument_refused_in, argument_required_value,
                   constructor_wants_values, missing_attribute, needs_arguments, nested_config_for, nested_config_with,
                   tiny_configs, with_config_fields)

# Tracking computes for real: refuse default configs bigger than this many elements.
MAX_REAL_ELEMENTS = 60_000_000


class BuildError(RuntimeError):
    pass


def resolve(spec: str | Any) -> Any:
    """'pkg.module:Name' (or 'pkg.module.Name') -> the object; objects pass through. LookupError names a missing
    attribute (a typo in a target, a factory or a call on the command line)."""
    if not isinstance(spec, str):
        return spec
    module_name, sep, attribute = spec.partition(":")
    if not sep:
        module_name, _, attribute = spec.rpartition(".")
    obj: Any = importlib.import_module(module_name)
    for part in attribute.split("."):
        try:
            obj = getattr(obj, part)
        except AttributeError:
            raise LookupError(f"{spec}: {module_name} has no {attribute!r}") from None
    return obj


def target_label(target: Any) -> str:
    if isinstance(target, str):
        return target
    return f"{target.__module__}:{target.__qualname__}"


def build_module(target: Any, factory: Callable[[], torch.nn.Module] | None) -> torch.nn.Module:
    """Construct inside whatever mode the caller entered (FakeTensorMode for the virtual GPU)."""
    return build_module_noted(target, factory)[0]


def build_module_noted(
    target: Any, factory: Callable[[], torch.nn.Module] | None, *, shrink: bool = False,
    overrides: dict[str, Any] | None = None, tried: list[str] | None = None,
) -> tuple[torch.nn.Module, str | None]:
    """(module, how it was built when not by the default constructor).

    Without a factory: the default constructor; when it needs arguments, the first tiny config that
    constructs (``tiny.tiny_configs``). ``shrink``: skip the default constructor and shrink size-like
    defaults too (a default config too large to compute for real). ``tried`` receives every attempt, in order."""
    cls = resolve(target)
    note = None
    tried = tried if tried is not None else []
    try:
        if factory is not None:
            tried.append("the factory")
            module = factory()
        elif shrink:
            module, note = _build_tiny(cls, target, None, shrink=True, overrides=overrides, tried=tried)
        elif overrides and not any(key.startswith(CONFIG_FIELD) for key in overrides):
            module = cls(**overrides)
            note = "default config with " + ", ".join(f"{k}={v!r}" for k, v in overrides.items())
        else:
            tried.append("the default constructor")
            module = cls()
    except BuildError:
        raise
    except Exception as error:  # any constructor failure means: no module to run
        tried.append(f"-> {type(error).__name__}: {_first_line(error)}")
        registered = registered_or_none(cls, MAX_REAL_ELEMENTS, tried) if factory is None \
            and needs_arguments(error) else None
        if registered is not None:  # a timm class: its registry's smallest variant, as its users build it
            module, note = registered
            if overrides:  # the branch arguments a finding's line wanted cannot reach a registered variant
                note += "; constructor arguments for the finding's branch not applied: " + ", ".join(sorted(overrides))
        elif factory is None and not shrink and (needs_arguments(error) or overrides
                                                 or constructor_wants_values(cls, error)):
            module, note = _build_tiny(cls, target, error, shrink=False, overrides=overrides, tried=tried)
        else:
            raise BuildError(f"could not build {target_label(target)}: {type(error).__name__}: {error}") from error
    if not isinstance(module, torch.nn.Module):
        raise BuildError(f"{target_label(target)} built a {type(module).__name__}, not an nn.Module")
    given = _default_processors_given(module)
    if given:
        note = "; ".join(t for t in (note, given) if t)
    module.eval()
    module.requires_grad_(False)  # autograd on fake cuda tensors can kill the process
    return module, note


def _default_processors_given(module: torch.nn.Module) -> str:
    """diffusers' attention classes take their processor from the model that builds them (``WanAttention(...,
    processor=WanAttnProcessor())`` in ``WanTransformerBlock``); built alone, ``processor=None`` leaves it None and
    every forward fails. Such a module gets its class's ``_default_processor_cls()``, as its model would give it.
    Returns what was given ("" for nothing)."""
    given = []
    for name, sub in module.named_modules():
        default = getattr(type(sub), "_default_processor_cls", None)
        if getattr(sub, "processor", True) is not None or default is None or not hasattr(sub, "set_processor"):
            continue
        try:
            sub.set_processor(default())
        except Exception:  # a processor that needs arguments or a library: the forward fails as before
            continue
        given.append(name or type(sub).__name__)
    if not given:
        return ""
    return f"default attention processor given to {', '.join(given[:3])}{' ...' if len(given) > 3 else ''}"


MAX_TINY_TRIES = 8


def _build_tiny(cls: Any, target: Any, error: BaseException | None, *, shrink: bool,
                overrides: dict[str, Any] | None = None, tried: list[str] | None = None) -> tuple[Any, str]:
    """Try tiny configs (required parameters only, then with size-like defaults shrunk) until one constructs;
    every try is added to ``tried`` (the error message keeps the last three)."""
    tried = [] if tried is None else tried
    first = len(tried)  # earlier entries are the caller's (the default constructor)
    modes = (True,) if shrink else (False, True)
    for shrink_defaults in modes:
        try:
            candidates = list(tiny_configs(cls, shrink=shrink_defaults))
        except Exception as synthesis_error:  # a config object that cannot be made: say so
            tried.append(f"({type(synthesis_error).__name__}: {_first_line(synthesis_error)})")
            continue
        queue = list(candidates)
        # a config part learned from an error -> (the config arguments it came from, the attributes read so far)
        learned_parts: dict[str, tuple[dict[str, Any], tuple[str, ...]]] = {}
        while queue:
            description, kwargs = queue.pop(0)
            if len(tried) - first >= MAX_TINY_TRIES:
                break
            kwargs = with_config_fields({**kwargs, **(overrides or {})})
            try:
                module = cls(**kwargs)
            except Exception as build_error:
                tried.append(f"({description}) -> {type(build_error).__name__}: {_first_line(build_error)}")
                nested = nested_config_for(kwargs, build_error)
                if nested is not None and description not in learned_parts:
                    name, part, sub = nested  # the family config's part that has the attribute read
                    learned = f"{description}.{part} (learned from the error)"
                    learned_parts[learned] = (kwargs, (missing_attribute(build_error) or "",))
                    queue.insert(0, (learned, {**kwargs, name: sub}))
                    continue
                other = _other_part(learned_parts.get(description), build_error)
                if other is not None:  # the learned part lacks what is read next: a part that has both
                    (name, part, sub), parent, read = other
                    learned = f"{description.split('.', 1)[0]}.{part} (learned from the errors)"
                    if learned not in learned_parts:
                        learned_parts[learned] = (parent, read)
                        queue.insert(0, (learned, {**parent, name: sub}))
                        continue
                required = argument_required_value(cls, kwargs, build_error)
                if required and required[0] not in (overrides or {}):  # "`double_z` must be `False`": that value
                    name, value = required
                    queue.insert(0, (", ".join(t for t in (description, f"{name}={value!r} (required by the error)")
                                               if t), {**kwargs, name: value}))
                    continue
                # Learned in the shrunk pass only: a default-sized config that constructs would be built huge.
                learned = argument_named_in(cls, kwargs, build_error) if shrink_defaults else None
                if learned:  # `must provide sample_size`: give it a value and try that config again first
                    name, value = learned
                    learned_text = f"{name}={value!r} (learned from the error)"
                    queue.insert(0, (", ".join(t for t in (description, learned_text) if t),
                                     {**kwargs, name: value}))
                    continue
                refused = argument_refused_in(cls, kwargs, build_error) if shrink_defaults else None
                if refused and refused not in (overrides or {}):  # `not possible to define ... via `x``: unset
                    kept = [part for part in description.split(", ") if not part.startswith(f"{refused}=")]
                    queue.insert(0, (", ".join([*kept, f"{refused} left None (learned from the error)"]),
                                     {k: v for k, v in kwargs.items() if k != refused}))
                continue
            kind = "shrunk config" if shrink_defaults else "tiny config"
            extra = ", ".join(f"{k}={v!r}" for k, v in (overrides or {}).items())
            built = f"{kind} {cls.__name__}({', '.join(t for t in (description, extra) if t)})"
            tried.append(f"({description}) constructed: {built}")
            return module, built
    reason = f"{type(error).__name__}: {error}; " if error is not None else ""
    raise BuildError(f"could not build {target_label(target)}: {reason}tiny configs tried: "
                     + "; ".join(tried[first:][-3:] or ["none"])) from error


def _other_part(learned: tuple[dict[str, Any], tuple[str, ...]] | None, error: BaseException,
                ) -> tuple[tuple[str, str, Any], dict[str, Any], tuple[str, ...]] | None:
    """Another part of the config a learned part came from, with every attribute read so far and the one this
    error says the learned part lacks; None when there is none or the error is not a missing attribute."""
    attribute = missing_attribute(error)
    if learned is None or attribute is None:
        return None
    parent, read = learned
    read = (*read, attribute)
    found = nested_config_with(parent, read)
    return (found, parent, read) if found is not None else None


def _first_line(error: BaseException, limit: int = 120) -> str:
    text = str(error).strip()
    return (text.splitlines()[0] if text else "")[:limit]


def element_count(module: torch.nn.Module) -> int:
    return sum(t.numel() for t in module.parameters()) + sum(t.numel() for t in module.buffers())
