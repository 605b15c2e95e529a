"""A component's attribute the index cannot type, called with a method only plain classes of the tree define
(span_marker's ``self.model.model_card_data.set_label_examples(...)``, a dataclass; issue 22 round bf, cause KA): no
submodule is reached, so nothing is reported. Where a module class of the tree defines that method too, the call may
reach a submodule and stays reported as a guess."""

from __future__ import annotations

import pytest

from offload_lint.config import Settings
from offload_lint.engine import Options, lint

SOURCE = '''
from dataclasses import dataclass, field

from torch import nn


@dataclass
class CardData:
    label_examples: list = field(default_factory=list)

    def set_label_examples(self, examples):
        self.label_examples = list(examples)
{module_too}

class SpanModel(nn.Module):
    def __init__(self, config, model_card_data=None):
        super().__init__()
        self.encoder = nn.Linear(8, 8)
        self.model_card_data = model_card_data or config.model_card_data_class()

    def forward(self, x):
        return self.encoder(x)


class Trainer:
    def __init__(self, model: SpanModel):
        self.model = model

    def preprocess_dataset(self, dataset):
        self.model.model_card_data.set_label_examples(dataset[:3])
        return dataset
'''

MODULE_TOO = '''

class ExampleHead(nn.Module):
    def set_label_examples(self, examples):
        self.examples = examples
'''


@pytest.mark.parametrize(("module_too", "codes"), [("", []), (MODULE_TOO, ["OFL201"])])
def test_a_method_only_plain_classes_define_reaches_no_submodule(tmp_path, module_too, codes):
    (tmp_path / "m.py").write_text(SOURCE.format(module_too=module_too))
    found = lint(Options(paths=[str(tmp_path)], settings=Settings(), jobs=1)).findings
    assert [f.code for f in found if f.method == "preprocess_dataset"] == codes


KERAS_WRAPPER = '''
import tensorflow as tf
{torch_import}

class QcQuantizeWrapper({base}):
    def __init__(self, layer_to_wrap: {annotation}, **kwargs):
        super().__init__(**kwargs)
        self._layer_to_wrap = layer_to_wrap

    def restore_params(self, saved):
        for i, weight in enumerate(self._layer_to_wrap.weights):
            self._layer_to_wrap.weights[i].assign(saved[i])

    def call(self, inputs):
        return self._layer_to_wrap(inputs)
'''


@pytest.mark.parametrize(("torch_import", "base", "annotation", "codes"), [
    ("", "tf.keras.layers.Layer", "tf.keras.layers.Layer", []),
    ("from torch import nn", "object", "nn.Module", ["OFL201"]),
])
def test_another_frameworks_layer_holds_no_torch_component(tmp_path, torch_import, base, annotation, codes):
    """aimet's Keras ``QcQuantizeWrapper`` (issue 22 round bh, cause TF): ``weights[i].assign(...)`` is Keras variable
    assignment on a Keras layer, no torch component's internals. A plain class holding a torch module stays judged."""
    (tmp_path / "m.py").write_text(KERAS_WRAPPER.format(torch_import=torch_import, base=base, annotation=annotation))
    found = lint(Options(paths=[str(tmp_path)], settings=Settings(), jobs=1)).findings
    assert [f.code for f in found if f.method == "restore_params"] == codes
