"""The device check behind scripts/gpu-check.sh.

On CUDA: every fixture case (the verdict semantics included: device reads, look-alikes, 0-dim mixes, excluded
kwargs) under plain, non_blocking, use_stream and use_stream+record_stream settings; the same calls with no
observer (a confirmed verdict must raise a device error on the GPU, a refuted one must run); numerical parity of
offloaded vs un-offloaded forward passes. ``--cpu-smoke`` runs the same cases
on the tracking backend (and parity on cpu) so the normal test suite keeps this script honest.
Exit status 0 when every check holds.
"""

from __future__ import annotations

import argparse
import copy
import re
import sys
import time
from typing import Any, Callable

import torch

from .backends import OffloadOptions, apply_offloading, make_backend
from .runner import confirm
from .limits import DEFAULT_TIMEOUT
from .observe import remove_offloading_hooks

SETTINGS: dict[str, OffloadOptions] = {
    "plain": OffloadOptions(),
    "non_blocking": OffloadOptions(non_blocking=True),
    "use_stream": OffloadOptions(use_stream=True),
    "use_stream+record_stream": OffloadOptions(use_stream=True, record_stream=True),
}


def cases() -> list[tuple[Any, str, str, str]]:
    import confirm_lookalikes as look  # fixtures/confirm on sys.path (the script puts it there)
    import confirm_models as m

    return [
        (m.TinyPrior, "post_process_latents", "confirmed", "confirmed"),
        (m.TinyPriorFixed, "post_process_latents", "refuted", "refuted"),
        (m.TinyPriorMetadata, "post_process_latents", "refuted", "refuted"),
        (m.TinyPriorDeviceRead, "post_process_latents", "confirmed", "confirmed"),
        (m.TinyNormalizer, "scale", "confirmed", "confirmed"),
        (m.FunctionalProjection, "forward", "refuted", "confirmed"),
        (m.NormWeightReader, "forward", "refuted", "confirmed"),
        (m.TinyVAE, "decode", "confirmed", "refuted"),
        (m.TinyVAEWithBlocks, "decode", "refuted", "refuted"),
        # a submodule called twice, 30 wrappers deep (one finding explains both calls)
        (m.DeepTwiceVAE, "decode", "confirmed", "refuted"),
        # what "confirmed" means: a device read alone, tensors that only reach hooked calls, 0-dim mixes
        (look.PositionsIntoBlocks, "forward", "refuted", "refuted"),
        (look.PositionsAsKeyword, "forward", "refuted", "refuted"),
        (look.IndexIntoOwningEmbedding, "forward", "refuted", "refuted"),
        (look.ZeroDimOnWeightDevice, "forward", "refuted", "refuted"),
        (look.HelperOnlyForwardCalls, "_modulate", "refuted", "refuted"),
        (look.ExcludedKwargOnInputDevice, "forward", "refuted", "refuted"),
        (look.PositionsAddedToInput, "forward", "confirmed", "confirmed"),
        (look.PositionsInExcludedKwarg, "forward", "confirmed", "refuted"),
    ]


def raw_outcome(cls: Any, method: str, level: str, options: OffloadOptions) -> str:
    """Run the method under real offloading on the GPU with no observer at all: "device error" or "ran".
    A confirmed verdict must mean the first, a refuted one the second (for device mix-ups; a stale copy
    computes without an error and is not told apart here)."""
    from .build import build_module
    from .trigger import reaching_entry, synthesise

    backend = make_backend("cuda", options)
    module = build_module(cls, None)
    apply_offloading(module, level, backend)
    entry = reaching_entry(cls, method) or method
    try:
        args, kwargs = synthesise(module, entry, backend.onload_device)[0].make()
        with torch.no_grad():
            getattr(module, entry)(*args, **kwargs)
        torch.cuda.synchronize()
        return "ran"
    except RuntimeError as error:
        return "device error" if is_device_error(error) else f"other error: {error}"
    finally:
        remove_offloading_hooks(module)


# A convolution given a cuda input and cpu weights names tensor types, not devices:
# "Input type (torch.cuda.FloatTensor) and weight type (torch.FloatTensor) should be the same".
_TYPE_MIX = re.compile(r"type \((torch\.(?:cuda\.)?)\w+\) and \w+ type \((torch\.(?:cuda\.)?)\w+\) should be the same")


def is_device_error(error: BaseException) -> bool:
    """Whether torch refused to mix devices: messages name the devices ("Expected all tensors to be on the same
    device", "mat1 is on cpu, different from other tensors on cuda:0"), or, for convolutions, the tensor types."""
    message = str(error)
    mixed_types = _TYPE_MIX.search(message)
    return "device" in message or (mixed_types is not None and mixed_types.group(1) != mixed_types.group(2))


def check_raw(settings: dict[str, OffloadOptions]) -> list[str]:
    failures = []
    for setting, options in settings.items():
        for cls, method, block, leaf in cases():
            for level, verdict in (("block", block), ("leaf", leaf)):
                expected = "device error" if verdict == "confirmed" else "ran"
                got = raw_outcome(cls, method, level, options)
                status = "ok" if got == expected else "FAIL"
                print(f"  {status:4} raw {setting:26} {cls.__name__}.{method} {level}: {got} (verdict {verdict})")
                if status == "FAIL":
                    failures.append(f"raw {setting} {cls.__name__}.{method} {level}: {got}, verdict {verdict}")
    return failures


def parity_models() -> list[tuple[Callable[[], torch.nn.Module], Callable[[], torch.Tensor]]]:
    import confirm_models as m

    return [
        (lambda: m.TinyPrior(embedding_dim=16, num_layers=3), lambda: torch.randn(4, 16)),
        (lambda: m.TinyVAEWithBlocks(latent_channels=4), lambda: torch.randn(2, 4, 16, 16)),
        (lambda: m.TinyAttention(dim=16), lambda: torch.randn(4, 16)),
    ]


def check_verdicts(backend: str, settings: dict[str, OffloadOptions],
                   time_limit: float | None = DEFAULT_TIMEOUT) -> list[str]:
    failures = []
    for setting, options in settings.items():
        for cls, method, block, leaf in cases():
            report = confirm(cls, method, backend=backend, options=options, timeout=time_limit)
            got = (report.verdict_at("block"), report.verdict_at("leaf"))
            status = "ok" if got == (block, leaf) else "FAIL"
            print(f"  {status:4} {setting:26} {cls.__name__}.{method}: block={got[0]} leaf={got[1]}")
            if status == "FAIL":
                failures.append(f"{setting} {cls.__name__}.{method}: {report.to_text()}")
    return failures


def check_parity(device: torch.device, settings: dict[str, OffloadOptions]) -> list[str]:
    """Offloaded forward == un-offloaded forward, twice in a row (the second call uses stream prefetch)."""
    failures = []
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    for make, make_input in parity_models():
        torch.manual_seed(0)
        reference_model = make().eval()
        inputs = make_input()
        with torch.no_grad():
            expected = reference_model.to(device)(inputs.to(device)).cpu()
        for setting, options in settings.items():
            for level in ("block", "leaf"):
                model = copy.deepcopy(reference_model).cpu()
                backend = make_backend("cuda" if device.type == "cuda" else "tracking", options)
                apply_offloading(model, level, backend)
                with torch.no_grad():
                    outputs = [model(inputs.to(device)).cpu() for _ in range(2)]
                remove_offloading_hooks(model)
                worst = max(float((out - expected).abs().max()) for out in outputs)
                status = "ok" if worst <= 1e-5 else "FAIL"
                print(f"  {status:4} parity {type(model).__name__:18} {setting:26} {level:5} max|diff|={worst:.2e}")
                if status == "FAIL":
                    failures.append(f"parity {type(model).__name__} {setting} {level}: {worst}")
    return failures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="gpu-check")
    parser.add_argument("--cpu-smoke", action="store_true", help="tracking backend on cpu, no GPU needed")
    parser.add_argument("--time-limit", type=float, default=DEFAULT_TIMEOUT,
                        help=f"seconds per confirmation (default {DEFAULT_TIMEOUT:g}; 0: none, for loaded machines)")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    if args.cpu_smoke:
        backend, device, settings = "tracking", torch.device("cpu"), {"plain": SETTINGS["plain"]}
    else:
        if not torch.cuda.is_available():
            print("gpu-check: no CUDA device; use --cpu-smoke", file=sys.stderr)
            return 2
        backend, device, settings = "cuda", torch.device("cuda", torch.cuda.current_device()), SETTINGS
        print(f"device: {torch.cuda.get_device_name(device)}; torch {torch.__version__}")
    print(f"verdicts on backend {backend}:")
    failures = check_verdicts(backend, settings, args.time_limit or None)
    if backend == "cuda":
        print("the same calls with no observer, on the GPU (a confirmed verdict must raise there):")
        failures += check_raw(settings)
    print("parity against the un-offloaded model:")
    failures += check_parity(device, settings)
    print(f"gpu-check: {len(failures)} failure(s) in {time.perf_counter() - started:.1f}s")
    for failure in failures:
        print("FAILURE:", failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
