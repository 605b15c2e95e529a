"""The premise behind ``Strategy.applied_at_load`` (fixtures/strategies/after_load.py), run with the real libraries on
the CPU: transformers' ``from_pretrained(device_map=...)`` leaves the loaded model under accelerate's hooks with meta
weights where the map offloads, so ``resize_position_embeddings()`` called on it afterwards fails, while the same
call on a model loaded without a map works. And what the linter says of the installed DistilBERT's method, per
strategy."""

from __future__ import annotations

import json
import subprocess
import sys
import warnings

import pytest
import torch

pytest.importorskip("accelerate")
transformers = pytest.importorskip("transformers")


def _saved_model(tmp_path):
    from transformers import DistilBertConfig, DistilBertModel

    config = DistilBertConfig(vocab_size=50, dim=16, n_layers=1, n_heads=2, hidden_dim=32, max_position_embeddings=32)
    torch.manual_seed(0)
    DistilBertModel(config).save_pretrained(tmp_path / "model")
    return tmp_path / "model"


def test_a_resize_after_a_device_map_load_runs_on_meta_weights(tmp_path):
    from transformers import DistilBertModel

    warnings.simplefilter("ignore")
    saved = _saved_model(tmp_path)
    plain = DistilBertModel.from_pretrained(saved)
    plain.resize_position_embeddings(40)  # works without offloading
    loaded = DistilBertModel.from_pretrained(saved, device_map={"embeddings": "disk", "transformer": "cpu"},
                                             offload_folder=str(tmp_path / "offload"))
    assert hasattr(loaded.embeddings, "_hf_hook")  # the hooks came with the load
    assert loaded.embeddings.position_embeddings.weight.device.type == "meta"
    with pytest.raises(NotImplementedError, match="meta tensor"):
        loaded.resize_position_embeddings(40)


def _findings(path: str, strategy: str) -> list[dict]:
    done = subprocess.run([sys.executable, "-m", "offload_lint", path, "--strategy", strategy, "--no-cache",
                           "--output-format", "json", "--exit-zero"], capture_output=True, text=True, check=True)
    return [f for f in json.loads(done.stdout) if f["method"] == "resize_position_embeddings"]


def test_the_installed_distilbert_resize_is_reported_only_where_the_load_offloads():
    import os

    path = os.path.join(os.path.dirname(transformers.__file__), "models", "distilbert", "modeling_distilbert.py")
    loaded = _findings(path, "accelerate-sequential")
    assert loaded and all("called on a loaded model" in f["message"] for f in loaded)
    assert _findings(path, "group-block,group-leaf,model-cpu-offload,fsdp2") == []
