"""A test's model stays suppressed when its file names ``prepare`` or ``initialize`` for something else (torchao's
quantization step ``"prepare"``, a search strategy's ``initialize()``; issue 22 round bh, cause NF): those apply
offloading only as methods of accelerate's, ray's or DeepSpeed's objects. A test that calls them on such an object, or
names a specific offloading call, stays judged."""

from __future__ import annotations

import pytest

from offload_lint.config import Settings
from offload_lint.engine import Options, lint
from offload_lint.strategies import names_offloading

TEST_FILE = '''
import unittest
{imports}
import torch
from torch import nn


class Toy(nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(4, 4)

    def forward(self, x):
        return self.linear(x)

    def example_inputs(self):
        return (torch.randn(2, 4, device=self.linear.weight.device),)


class TestToy(unittest.TestCase):
    def test_forward(self):
        model = Toy()
        {line}
        model(*model.example_inputs())
'''


@pytest.mark.parametrize(("imports", "line", "suppressed"), [
    ("", 'config = {"step": "prepare"}', True),
    ("", "strategy.initialize(model)", True),
    ("import deepspeed", "engine, *_ = deepspeed.initialize(model=model)", False),
    ("from accelerate import Accelerator", "model = Accelerator().prepare(model)", False),
    ("", "model.enable_group_offload('cuda')", False),
])
def test_a_generic_word_counts_only_as_the_offloading_librarys_call(tmp_path, imports, line, suppressed):
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_toy.py").write_text(TEST_FILE.format(imports=imports, line=line))
    found = lint(Options(paths=[str(tmp_path)], settings=Settings(), jobs=1, show_suppressed=True)).findings
    toy = [f for f in found if f.method == "example_inputs"]
    assert toy and all((f.suppressed_by is not None) is suppressed for f in toy), toy


def test_names_offloading_reads_specific_names_anywhere():
    assert names_offloading(["apply_group_offloading"], {}, [])
    assert not names_offloading(["prepare"], {"prepare": 1}, ["torchao.quantization"])
    assert names_offloading(["prepare"], {"prepare": 1}, ["accelerate"])
