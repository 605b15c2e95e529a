"""Row j158 (csm _merge_input_ids_with_input_values, FSDP2) run without the confirmer's warm-up forward: the method on
the offloaded model before any forward. PYTHONPATH=benchmarks/truth/runs_j:/tmp/extra python THIS fsdp2 (repository root)."""
import json, os, sys
sys.path.insert(0, "benchmarks/truth"); sys.path.insert(0, ".")
import torch
import label_strategies_e as e
import label_strategies_h as h
from label_strategies_d import Check

build = h._built("transformers.models.csm.modeling_csm:CsmForConditionalGeneration")

def merge_first(module, forward, device):
    """_merge_input_ids_with_input_values(input_ids) on the offloaded model, before any forward."""
    ids = torch.randint(0, 8, (1, 4)).to(device)
    return module._merge_input_ids_with_input_values(input_ids=ids)

print(json.dumps(e.judge_traced(Check(build, merge_first), sys.argv[1])), flush=True)
os._exit(0)
