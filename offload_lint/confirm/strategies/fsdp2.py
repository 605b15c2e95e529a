"""FSDP2 on CPU: ``fully_shard`` over a gloo process group in spawned ranks (world size 2 by default).

Units are the classes named in ``StrategyOptions.fsdp_units`` or, as accelerate does, the model's
``_no_split_modules``; the root is the last unit (it owns every parameter no other unit holds). Every unit gets
``reshard_after_forward=True``: by default FSDP2 keeps the root unsharded after a forward, which hides the hazard
in inference runs until the next backward. The hooks sit on ``Module.__call__``: outside them a parameter is a
sharded ``DTensor`` and an op that mixes it with a plain tensor raises "got mixed torch.Tensor and DTensor".
``register_fsdp_forward_method`` is applied to the methods in ``fsdp_forward_methods`` after sharding (a no-op on
an unsharded module, so a model cannot register it in its own constructor). ``fully_shard`` refuses 0-dim
parameters (CLIP's ``logit_scale``): they are passed as ``ignored_params``, as users must, and the backend label
says how many stayed whole.
"""

from __future__ import annotations

from typing import Any

import torch

from ..observe import iter_tensors
from .common import Applied, MixWatch, run_in_process, tensor_names
from .distributed import RankJob, backend
from .spec import FSDP2, STRATEGIES, StrategyOptions


def unit_classes(module: torch.nn.Module, options: StrategyOptions) -> tuple[str, ...]:
    if options.fsdp_units is not None:
        return tuple(options.fsdp_units)
    return tuple(getattr(module, "_no_split_modules", None) or ())


def apply(module: torch.nn.Module, options: StrategyOptions, world_size: int) -> Applied:
    from torch.distributed.fsdp import fully_shard, register_fsdp_forward_method

    names = unit_classes(module, options)
    # The model's units, and the parts a re-run past an earlier access makes units of their own (what wrapping
    # that part would fix), innermost first.
    units = [(name, sub) for name, sub in module.named_modules()
             if name and (type(sub).__name__ in names or name in options.repaired_units)]
    units.sort(key=lambda pair: pair[0].count("."), reverse=True)
    # fully_shard refuses 0-dim parameters (a CLIP-style ``logit_scale``): users leave them out, and so does this,
    # so a model that holds one is sharded as it would be in training; they stay whole on every rank.
    scalars = {parameter for parameter in module.parameters() if parameter.dim() == 0} or None
    for _, unit in units:
        fully_shard(unit, reshard_after_forward=True, ignored_params=scalars)
    fully_shard(module, reshard_after_forward=True, ignored_params=scalars)
    for method in options.fsdp_forward_methods:
        register_fsdp_forward_method(module, method)
    label = backend(world_size) + (f", {len(scalars)} scalar parameter(s) left whole" if scalars else "")
    return Applied(module, torch.device("cpu"), label, _watch(module), to_reference=_sharded_result,
                   repairs_at_apply=True)


def _watch(module: torch.nn.Module) -> MixWatch:
    """Outside its unit's forward a parameter is the sharded DTensor FSDP2 registered (inside, the unsharded plain
    tensor): an op of the user's code that takes one, or a DTensor computed from one (``self.query_tokens.expand``),
    with a plain tensor is the access that raises "got mixed torch.Tensor and DTensor"; the watch names the weight
    before the op raises, so the finding that reads it is matched even when the op is a line later."""
    from torch.distributed.tensor import DTensor

    def offloaded(tensor: torch.Tensor) -> str | None:
        if not isinstance(tensor, DTensor):
            return None
        return tensor_names(module).get(id(tensor), "a sharded DTensor")

    return MixWatch(offloaded=offloaded, needs_partner=True, meaning=STRATEGIES[FSDP2].meaning)


def _sharded_result(value: Any) -> tuple[Any, str | None]:
    from torch.distributed.tensor import DTensor

    for tensor in iter_tensors(value, max_depth=4):
        if isinstance(tensor, DTensor):
            return value, "a sharded DTensor"
    return value, None



def run_rank(job: RankJob, world_size: int) -> Any:
    from ..build import resolve

    factory = resolve(job.factory) if job.factory is not None else None
    return run_in_process(FSDP2, job.target, list(job.scenario), job.options, factory, dict(job.overrides),
                          lambda module, options: apply(module, options, world_size), backend(world_size))
