"""OFL201 on a component the linter cannot type: the block_modules fix names submodules only. A method named after
forward (speechbrain's ``transformer.forward_mt_decoder_only``) is no submodule, and no block hook fires for it."""

from __future__ import annotations

from offload_lint.config import Settings
from offload_lint.engine import Options, lint

SOURCE = '''
import unittest

import torch
from torch import nn


class Translator:
    def __init__(self, text_encoder):
        self.text_encoder = text_encoder

    @torch.no_grad()
    def translate(self, tokens):
        return self.text_encoder.transformer.forward_decoder_only(tokens)

    @torch.no_grad()
    def embed(self, tokens):
        return self.text_encoder.transformer.embeddings(tokens)


class Dissolver:
    """kornia's _DissolvingWraper_HF: a diffusers pipeline handed in as ``model: nn.Module``."""

    def __init__(self, model: torch.nn.Module):
        self.model = model

    @torch.no_grad()
    def to_latent(self, image):
        return self.model.vae.encode(image)

    @torch.no_grad()
    def scale(self, latent, t):
        return self.model.scheduler.scale_model_input(latent, t)


class SnapshotTest(unittest.TestCase):
    """torchtitan's checkpoint test: the component's own parameters copied and zeroed with tensor methods."""

    def setUp(self):
        self.model_part = nn.Linear(2, 2)

    def test_snapshot(self):
        return self.model_part.weight.clone(), self.model_part.bias.detach()

    def test_reset(self):
        with torch.no_grad():
            self.model_part.weight.zero_()
'''


def _messages(tmp_path):
    path = tmp_path / "translator.py"
    path.write_text(SOURCE)
    found = lint(Options(paths=[str(path)], settings=Settings(), jobs=1)).findings
    return {f.method: f.message for f in found if f.code == "OFL201"}


def test_a_submodule_call_may_be_made_a_block(tmp_path):
    message = _messages(tmp_path)["embed"]
    assert "block_modules=['transformer', 'embeddings']" in message


def test_a_model_method_gets_no_block_modules_fix(tmp_path):
    message = _messages(tmp_path)["to_latent"]
    assert "block_modules" not in message and "leaf level" in message


def test_a_scheduler_is_no_submodule(tmp_path):
    assert "scale" not in _messages(tmp_path)


def test_a_tensor_method_is_no_submodule_call(tmp_path):
    messages = _messages(tmp_path)
    assert "test_snapshot" not in messages and "test_reset" not in messages


def test_a_forward_named_method_gets_no_block_modules_fix(tmp_path):
    message = _messages(tmp_path)["translate"]
    assert "block_modules" not in message and "forward_decoder_only'" not in message
    assert "a method other than forward() fires no hook" in message and "leaf level" in message
