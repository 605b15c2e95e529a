"""Models no one keeps, so no one offloads: a class an application's function builds into a local and drives within
the same call (imaginAIry's ``describe_image_clip``; issue 22 round bd, cause AL), and an adapter that patches itself
into another module's ``forward`` while keeping that module in a plain list (LyCORIS; round bd, cause OW). Their
findings are kept, suppressed with the reason. The look-alikes stay reported: a model the function returns, offloads
or hands on; a class a library exports by name; an adapter registered around its base layer."""

from __future__ import annotations

import pytest

from offload_lint.config import Settings
from offload_lint.engine import Options, lint

MODEL = '''
import torch
from torch import nn


class Clip(nn.Module):
    def __init__(self):
        super().__init__()
        self.visual = nn.Linear(4, 4)
        self.positional_embedding = nn.Parameter(torch.zeros(3, 4))

    def encode_text(self, text):
        return text + self.positional_embedding

    def forward(self, image, text):
        return self.visual(image), self.encode_text(text)


def similarity(image, text):
    model = Clip().eval()
{use}


if __name__ == "__main__":
    similarity(torch.ones(3, 4), torch.ones(3, 4))
'''

DRIVEN = "    return model.visual(image) @ model.encode_text(text).t()"


def _encode_text_findings(tmp_path, use: str, tree_kind: str = "application", exported: bool = False) -> list:
    (tmp_path / "m.py").write_text(MODEL.format(use=use) + ('__all__ = ["Clip"]\n' if exported else ""))
    found = lint(Options(paths=[str(tmp_path)], settings=Settings(tree_kind=tree_kind), jobs=1,
                         show_suppressed=True)).findings
    return [f for f in found if f.method == "encode_text"]


def test_a_model_a_function_builds_and_drives_is_suppressed_with_the_reason(tmp_path):
    (finding,) = _encode_text_findings(tmp_path, DRIVEN)
    assert finding.code == "OFL101"
    assert finding.suppressed_by == "built only inside similarity(), as a local: never offloaded"


@pytest.mark.parametrize("use", [
    "    return model",  # the caller keeps it
    "    model.enable_group_offload('cuda')",  # the function offloads it
    "    run(model, image)",  # handed on: the callee may keep or offload it
    "    models.append(model)",
])
def test_a_model_the_function_hands_on_or_offloads_stays_reported(tmp_path, use):
    (finding,) = _encode_text_findings(tmp_path, f"    scores = model.encode_text(text)\n{use}")
    assert finding.suppressed_by is None


def test_a_class_a_library_exports_stays_reported(tmp_path):
    """Its users build and keep their own, whatever the library's functions do with theirs."""
    (finding,) = _encode_text_findings(tmp_path, DRIVEN, tree_kind="library", exported=True)
    assert finding.suppressed_by is None
    (unexported,) = _encode_text_findings(tmp_path, DRIVEN, tree_kind="library")
    assert unexported.suppressed_by is not None


ADAPTER = '''
import torch
from torch import nn


class Adapter(nn.Module):
    def __init__(self, org_module, rank=2):
        super().__init__()
        self.org_module = {kept}
        self.w_a = nn.Parameter(torch.zeros(org_module.out_features, rank))
        self.w_b = nn.Parameter(torch.ones(rank, org_module.in_features))

    def get_weight(self):
        return self.w_a @ self.w_b

    def merge_to(self):
        self.org_module{index}.weight.data.add_(self.get_weight())

    def apply_to(self):
        self.org_forward = self.org_module{index}.forward
        self.org_module{index}.forward = self.forward

    def forward(self, x):
        return self.org_forward(x) + x @ self.get_weight().t()


class Network(nn.Module):
    def __init__(self, base):
        super().__init__()
        self.loras = nn.ModuleList(Adapter(m) for m in base.modules() if isinstance(m, nn.Linear))

    def merge_to(self):
        for lora in self.loras:
            lora.merge_to()
'''


def _adapter_findings(tmp_path, kept: str, index: str) -> list:
    (tmp_path / "m.py").write_text(ADAPTER.format(kept=kept, index=index))
    found = lint(Options(paths=[str(tmp_path)], settings=Settings(), jobs=1, show_suppressed=True)).findings
    return [f for f in found if f.method == "get_weight"]


def test_an_adapter_patched_into_a_module_it_keeps_in_a_list_is_suppressed(tmp_path):
    found = _adapter_findings(tmp_path, "[org_module]", "[0]")
    assert found and all(f.suppressed_by and "self.org_module[i].forward = self.forward in apply_to()"
                         in f.suppressed_by for f in found)


def test_an_adapter_registered_around_its_base_layer_stays_reported(tmp_path):
    found = _adapter_findings(tmp_path, "org_module", "")
    assert found and all(f.suppressed_by is None for f in found)


def test_offloading_the_patched_model_leaves_the_adapter_alone():
    """The premise, under diffusers' real hooks on the CPU: the base model offloaded at block level, an adapter kept
    outside its tree patched into one of its layers. None of the adapter's tensors is in the model, so no group moves
    it, and the patched call computes what the un-offloaded one does."""
    torch = pytest.importorskip("torch")
    hooks = pytest.importorskip("diffusers.hooks")
    namespace: dict = {}
    exec(compile(ADAPTER.format(kept="[org_module]", index="[0]"), "adapter.py", "exec"), namespace)
    torch.manual_seed(0)
    base = torch.nn.Sequential(torch.nn.Linear(4, 4), torch.nn.ReLU(), torch.nn.Linear(4, 4))
    network = namespace["Network"](base)
    inputs = torch.randn(2, 4)
    for adapter in network.loras:
        adapter.apply_to()
    expected = base(inputs)
    hooks.apply_group_offloading(base, onload_device=torch.device("cpu"), offload_device=torch.device("cpu"),
                                 offload_type="block_level", num_blocks_per_group=1)
    in_model = {id(p) for p in base.parameters()}
    assert not any(id(p) in in_model for p in network.parameters())
    assert torch.equal(base(inputs), expected)


def test_a_model_only_tests_build_stays_reported(tmp_path):
    """A test building a class and running it is one of the class's users (flash-attn's ``test_fused_mlp()``), not
    its only holder: the class is for users to build and keep (issue 22 labelled pool, rounds ao / ap)."""
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "demo"\n')
    (tmp_path / "demo").mkdir()
    (tmp_path / "demo" / "__init__.py").write_text("")
    (tmp_path / "demo" / "m.py").write_text(MODEL.format(use=DRIVEN).split("def similarity")[0])
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_m.py").write_text(
        "from demo.m import Clip\n\n\ndef test_similarity(image, text):\n    model = Clip().eval()\n"
        "    assert model.visual(image) @ model.encode_text(text).t() is not None\n")
    found = lint(Options(paths=[str(tmp_path)], settings=Settings(), jobs=1, show_suppressed=True)).findings
    (finding,) = [f for f in found if f.method == "encode_text"]
    assert finding.suppressed_by is None, finding.suppressed_by
