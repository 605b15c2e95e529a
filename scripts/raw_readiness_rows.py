"""Readiness rows on a GPU with nothing watching: each component of each pipeline group-offloaded at each level, with
and without streams, and the call made as diffusers' offloading test makes it, with no observer installed.

`offload-lint readiness --confirm --backend cuda` runs the same rows under the confirmer's observer, which names the
weight behind a failure; this script tells a failure of the pipeline from one the observer itself causes.

    python scripts/raw_readiness_rows.py diffusers.pipelines.anyflow.pipeline_anyflow_far.AnyFlowFARPipeline \\
        --tests <diffusers checkout>/tests/pipelines
Prints one JSON object per row; needs a CUDA device.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
import warnings


def raw_rows(qualified: str, tests_dir: str | None) -> list[dict]:
    import torch

    from offload_lint.confirm.backends import OffloadOptions, apply_offloading, make_backend
    from offload_lint.confirm.caller import quiet_libraries
    from offload_lint.confirm.limits import offline_hub
    from offload_lint.confirm.observe import remove_offloading_hooks
    from offload_lint.confirm.readiness import (ATOL, Recipe, RowJob, _call, _difference, as_array, device_reference,
                                                inputs_on, make_recipe, place_components)

    path = importlib.import_module(qualified.rsplit(".", 1)[0]).__file__ or ""
    rows: list[dict] = []
    with offline_hub(), torch.no_grad(), quiet_libraries(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        recipe = make_recipe(RowJob(qualified, path, "", "block"), tests_dir)
        if not isinstance(recipe, Recipe):
            return [{"pipeline": qualified, "verdict": "unknown", "why": recipe.reason}]
        device = make_backend("cuda").onload_device
        reference = device_reference(recipe, device)
        if isinstance(reference, str):
            return [{"pipeline": qualified, "verdict": "unknown", "why": reference}]
        names = [name for name, value in recipe.build().components.items() if isinstance(value, torch.nn.Module)]
        for name in names:
            for level in ("block", "leaf"):
                for streams in (False, True):
                    pipeline = recipe.build()
                    place_components(pipeline, device, keep=name)
                    module = getattr(pipeline, name)
                    row = {"pipeline": qualified, "component": name, "level": level, "streams": streams}
                    try:
                        apply_offloading(module, level, make_backend("cuda", OffloadOptions(use_stream=streams)))
                        difference = _difference(reference, as_array(_call(pipeline, inputs_on(recipe.inputs, device)())))
                        row["verdict"] = "passes" if difference is not None and difference <= ATOL else "fails"
                        row["why"] = f"max abs difference {difference}"
                    except Exception as error:  # the row's outcome, whatever the pipeline raised
                        row["verdict"], row["why"] = "fails", f"{type(error).__name__}: {str(error)[:300]}"
                    finally:
                        remove_offloading_hooks(module)
                    rows.append(row)
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="raw_readiness_rows")
    parser.add_argument("pipelines", nargs="+", help="qualified pipeline classes")
    parser.add_argument("--tests", help="a diffusers checkout's tests/pipelines (its dummies build the pipelines)")
    args = parser.parse_args(argv)
    import torch

    if not torch.cuda.is_available():
        print("raw_readiness_rows: needs a CUDA device", file=sys.stderr)
        return 2
    for qualified in args.pipelines:
        for row in raw_rows(qualified, args.tests):
            print(json.dumps(row), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
