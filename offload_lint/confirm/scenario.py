"""What one check runs: its scenario (``Step``s) and how (``CheckConfig``). Plain data, shared by the group
offloading engine (``engine.py``), the other strategies (``strategies/``) and the runner that picks between them
(``runner.py``): none of them imports another to get these."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Sequence

from .backends import AUTO, OffloadOptions
from .build import resolve
from .limits import DEFAULT_TIMEOUT

if TYPE_CHECKING:
    import torch

    from .strategies.spec import StrategyOptions

LEVELS = ("block", "leaf")


@dataclass(frozen=True)
class Step:
    """One call in a scenario. ``call(module)`` or ``call(module, device)`` overrides synthesis."""

    method: str
    call: Callable[..., Any] | None = None
    # Optional arguments the finding's line needs (``trigger.branch_arguments``): given to every synthesised call.
    arguments: tuple[tuple[str, Any], ...] = ()


StepSpec = "str | Step | tuple[str, Callable] | None"


def normalise_steps(method: str, call: Any, steps: Sequence[Any] | None) -> list[Step]:
    if not steps:
        return [Step(method, maybe_resolve(call))]
    normalised = []
    for step in steps:
        if isinstance(step, Step):
            normalised.append(step)
        elif isinstance(step, str):
            normalised.append(Step(step))
        else:
            name, step_call = step
            normalised.append(Step(name, maybe_resolve(step_call)))
    return normalised


def maybe_resolve(value: Any) -> Any:
    return resolve(value) if isinstance(value, str) else value


def levels_for(level: str) -> tuple[str, ...]:
    if level == "both":
        return LEVELS
    if level not in LEVELS:
        raise ValueError(f"level must be block, leaf or both, not {level!r}")
    return (level,)


@dataclass(frozen=True)
class CheckConfig:
    """How one target is checked: levels, backend, how to build and call it, limits.

    ``factory`` and ``call`` may be "pkg.mod:func" strings; ``steps`` makes a scenario (e.g.
    ["fuse_qkv_projections", "forward"]); ``timeout`` bounds each level's run in seconds (fallbacks included;
    None: no limit); ``offline`` keeps constructors off the Hugging Face hub."""

    level: str = "both"
    backend: str = AUTO
    factory: Callable[[], torch.nn.Module] | str | None = None
    call: Callable[..., Any] | str | None = None
    steps: Sequence[Any] | None = None
    options: OffloadOptions | None = None
    block_modules: list[str] | None = None
    timeout: float | None = DEFAULT_TIMEOUT
    offline: bool = True
    # Constructor arguments that enable the branch a finding sits in ((name, value) pairs).
    overrides: tuple[tuple[str, Any], ...] = ()
    # Offloading strategies to apply instead of ``level`` ("fsdp2", "group-leaf", ...; strategies/spec.py), and
    # the declarations made when applying them; the report then has one result per strategy.
    strategies: Sequence[str] = ()
    strategy_options: StrategyOptions | None = None


__all__ = ["CheckConfig", "LEVELS", "Step", "StepSpec", "levels_for", "maybe_resolve", "normalise_steps"]
