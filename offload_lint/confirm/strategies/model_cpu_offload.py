"""Model CPU offload: ``cpu_offload_with_hook(model, execution_device=...)`` onto a GPU when there is one, else
onto ``lazy:0``, which stands in for it on a CPU (:func:`execution_device`).

One hook per model: ``forward`` (and a diffusers ``@apply_forward_hook`` method) moves the whole model to the
execution device; it goes back to cpu only when the next model in the sequence starts or the pipeline frees its
hooks. torch's lazy-tensor device stands in for the accelerator: it has real storage and a real ``Module.to``,
and most ops refuse a cpu operand next to a lazy one ("Input tensor is not a lazy tensor"). The failure depends
on call order, so the model's forward runs first and the model is offloaded again (``hook.offload()``, what the
next model's hook does) before the method is called with inputs on the execution device.

``layer_norm`` on a lazy input accepts cpu weights without an error: the watch records every op of the user's
code that mixes a cpu weight of the model with a lazy tensor, so that case is confirmed too. The lazy backend
itself refuses some ops real accelerators run (a diffusers AutoencoderKL's own forward fails on it): an error
that the watch does not explain is re-run with the model onloaded, and one that happens there too is no verdict.
A warm-up forward that fails (such a backend limit, or a bug of the model's own forward) is skipped, saying so:
``hook.offload()`` puts the model back on the CPU after it anyway, so the method's ground is the same.
"""

from __future__ import annotations

from typing import Any, Callable

import torch

from ..backends import init_lazy
from ..observe import iter_tensors
from ..report import DERIVED_PREFIX
from ..scenario import Step
from .common import Applied, MixWatch, run_in_process, tensor_names, tensor_or_module
from .spec import MODEL_CPU_OFFLOAD, STRATEGIES, StrategyOptions

LAZY_DEVICE = "lazy:0"
def execution_device() -> torch.device:
    """Where the hook puts the model: ``cuda:0`` when CUDA is there (what ``enable_model_cpu_offload`` picks), else
    torch's lazy-tensor device, which has real storage and refuses a cpu operand next to its own, as a GPU does."""
    if torch.cuda.is_available():
        return torch.device("cuda", 0)
    init_lazy()
    return torch.device(LAZY_DEVICE)


def backend_name(device: torch.device) -> str:
    return f"accelerate ({device} execution device)"


def backend() -> str:
    return backend_name(execution_device())


def apply(module: torch.nn.Module, options: StrategyOptions) -> Applied:
    from accelerate import cpu_offload_with_hook

    device = execution_device()
    module, hook = cpu_offload_with_hook(module, execution_device=device)

    def offloaded(tensor: torch.Tensor) -> str | None:
        if tensor.device.type != "cpu":
            return None
        return tensor_names(module).get(id(tensor))

    watch = MixWatch(offloaded=offloaded, needs_partner=True, partner=lambda t: t.device.type == device.type,
                     meaning=STRATEGIES[MODEL_CPU_OFFLOAD].meaning,
                     derived_namer=lambda t: "a tensor on the CPU" if t.device.type == "cpu" else None)

    def returned_offloaded(value: Any) -> tuple[Any, str | None]:
        """A call that met no tensor on the execution device (given none, it computes with the model's own weights
        alone, and matches the un-offloaded run whatever its caller then does) and returned a weight, or a tensor
        computed from one, still on the CPU: its caller meets that value with tensors on the execution device. A call
        given such a tensor that ran on the CPU all the same (it placed its input with the model's ``.device``) did
        what it says, and is judged by its result."""
        if watch.met_partner:
            return value, None
        for tensor in iter_tensors(value, max_depth=4):
            if tensor.device.type != "cpu":
                continue
            name = offloaded(tensor) or watch.derived.get(id(tensor), (None, None))[1]
            if name is not None:
                what = f"a value {name}" if name.startswith(DERIVED_PREFIX) else name
                return value, f"{what} (on the CPU, where the hook left the model)"
        return value, None

    return Applied(module, device, backend_name(device), watch, after_warm_up=hook.offload, warm_up_undone=True,
                   onload=lambda: module.to(device), onload_part=lambda path: onload_part(module, path, device),
                   onloads_tensors=True, to_reference=returned_offloaded)


def onload_part(module: torch.nn.Module, path: str, device: torch.device) -> None:
    """A submodule, or a tensor of the model, on the execution device: what a fix of an access to it gives."""
    part = tensor_or_module(module, path)
    if not isinstance(part, torch.Tensor):
        part.to(device)
        return
    owner_path, _, name = path.rpartition(".")
    owner = module.get_submodule(owner_path)
    if name in owner._parameters:  # a new Parameter: ``.data =`` refuses a tensor of the lazy device's type
        owner._parameters[name] = torch.nn.Parameter(part.detach().to(device), requires_grad=part.requires_grad)
    else:
        owner._buffers[name] = part.to(device)


def run(target: Any, scenario: list[Step], options: StrategyOptions,
        factory: Callable[[], torch.nn.Module] | None = None, overrides: dict[str, Any] | None = None) -> Any:
    return run_in_process(MODEL_CPU_OFFLOAD, target, scenario, options, factory, overrides, apply,
                          backend_name(execution_device()))
