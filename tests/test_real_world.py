"""The installed diffusers tree is the real-world corpus (needs the 'confirm' extra installed)."""

from __future__ import annotations

import os

import pytest

from offload_lint.config import Settings
from offload_lint.engine import Options, lint

diffusers = pytest.importorskip("diffusers")
TREE = os.path.dirname(diffusers.__file__)


@pytest.fixture(scope="module")
def findings(tmp_path_factory):
    options = Options(paths=[TREE], settings=Settings(), cache_dir=tmp_path_factory.mktemp("cache"))
    return lint(options).findings


def test_reports_the_unclip_normalizer(findings):
    normalizer = {(f.method, f.attribute) for f in findings if f.class_name == "StableUnCLIPImageNormalizer"}
    assert {("scale", "mean"), ("scale", "std"), ("unscale", "mean"), ("unscale", "std")} <= normalizer


def test_does_not_report_the_fixed_prior(findings):
    assert not [f for f in findings if f.class_name == "PriorTransformer"]


def test_group_offload_aware_models_are_understood(findings):
    # AutoencoderKL declares its encoder/decoder as block modules: encode()/decode() are safe.
    assert not [f for f in findings if f.class_name == "AutoencoderKL"]
    assert all(f.code != "OFL000" for f in findings), "every file of the installed tree parses"


def test_a_child_reached_from_its_parents_decode_is_judged_at_block_level(findings):
    # MMAudioVAE.decode() calls self.vae.decode(z) outside MMAudioVAE.forward(): the inner autoencoder's own lines.
    inner = {(f.method, f.attribute, f.levels) for f in findings if f.class_name == "MMAudioAutoencoder"}
    assert ("decode", "decoder", ("block",)) in inner
    assert any(method == "decode" and attribute == "data_std" and "block" in levels
               for method, attribute, levels in inner)


def test_a_buffer_only_copied_to_the_host_is_no_use(findings):
    assert not [f for f in findings if f.class_name == "IFWatermarker"]



def test_weight_norm_reparametrization_methods_are_setup():
    """transformers' UnivNet vocoder re-parametrizes its convs in apply_weight_norm()/remove_weight_norm(),
    through its children's methods of the same name: setup, computing with no input (they were OFL102 in the
    whole models/ tree)."""
    from offload_lint.analyze.entry_points import Context, EntryPoints
    from offload_lint.analyze.semantics import OffloadSemantics
    from offload_lint.engine import _index_files
    from offload_lint.index.project import ProjectIndex

    transformers = pytest.importorskip("transformers")
    univnet = os.path.join(os.path.dirname(transformers.__file__), "models", "univnet", "modeling_univnet.py")
    project = ProjectIndex([entry.summary for entry in _index_files([univnet])])
    semantics = OffloadSemantics(project, ("block", "leaf"))
    entry_points = EntryPoints(project, semantics, Settings().setup_methods)
    block = next(cls for cls in project.project_classes() if cls.name == "UnivNetLvcBlock")
    assert entry_points.context(block, "apply_weight_norm").context is Context.SETUP
    assert entry_points.context(block, "remove_weight_norm").context is Context.SETUP
