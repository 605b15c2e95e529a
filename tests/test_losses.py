"""transformers' loss selection and what its losses do with a device: the lint's tables, the readers that
derive them from source, and the tables checked against the installed transformers."""

import importlib.metadata
import importlib.util
from pathlib import Path

import pytest

from offload_lint.index import torch_nn
from offload_lint.index.losses import (
    LOSS_TYPES,
    MOVES_ONLY_TENSORLESS_CRITERIA,
    TABLES_FROM,
    loss_ignores_argument,
    read_function,
    read_mapping,
    skips_base_init,
)
from offload_lint.index.project import ProjectIndex

_UTILS = b'''
from .loss_detr import DetrLoss
from .loss_deformable import DeformableLoss

def ForCausalLMLoss(logits, labels, vocab_size, **kwargs):
    return logits

LOSS_MAPPING = {
    "ForCausalLM": ForCausalLMLoss,
    "ForObjectDetection": DetrLoss,
    "DeformableDetrForObjectDetection": DeformableLoss,
}
'''

_DETR = b'''
from torch import nn
from .matcher import Matcher

class ImageLoss(nn.Module):
    def __init__(self, num_classes):
        super().__init__()
        self.empty_weight = nn.Buffer(torch.ones(num_classes))

class LightLoss(ImageLoss):
    def __init__(self, num_classes):
        nn.Module.__init__(self)
        self.num_classes = num_classes

def DetrLoss(logits, labels, device, config, **kwargs):
    criterion = ImageLoss(config.num_labels)
    criterion.to(device)
    return criterion(logits, labels)

def PlacingLoss(logits, labels, device):
    criterion = LightLoss(4)
    criterion.to(device)
    return criterion(logits, labels) + torch.zeros(1, device=device)
'''


def test_the_class_name_selects_the_loss_as_transformers_does():
    mapping = read_mapping(_UTILS, "transformers.loss.loss_utils")
    assert mapping.loss_type("DeformableDetrForObjectDetection") == "DeformableDetrForObjectDetection"
    assert mapping.loss_type("TableTransformerForObjectDetection") == "ForObjectDetection"
    assert mapping.loss_type("BertModel") is None
    assert mapping.functions["ForObjectDetection"] == "transformers.loss.loss_detr.DetrLoss"


def test_a_parameter_only_moved_to_is_told_from_one_that_places_tensors():
    detr = read_function(_DETR, "transformers.loss.loss_detr", "DetrLoss")
    assert detr.parameter(2) == "device" and detr.parameter("device") == "device"
    assert detr.uses["device"].moved_modules == ("transformers.loss.loss_detr.ImageLoss",)
    assert not detr.uses["device"].other_uses
    placing = read_function(_DETR, "transformers.loss.loss_detr", "PlacingLoss")
    assert placing.uses["device"].other_uses


def test_an_init_running_only_module_init_skips_its_bases_assignments():
    assert skips_base_init(_DETR, "LightLoss")
    assert not skips_base_init(_DETR, "ImageLoss")


def test_the_tables_pick_the_loss_and_its_device_parameter():
    assert loss_ignores_argument("DeformableDetrForObjectDetection", 2)
    assert loss_ignores_argument("DeformableDetrForObjectDetection", "device")
    assert not loss_ignores_argument("DeformableDetrForObjectDetection", 0)
    # ``ForObjectDetection`` is found in the name first: DETR's loss, whose criterion owns a buffer.
    assert not loss_ignores_argument("TableTransformerForObjectDetection", 2)
    assert not loss_ignores_argument("BertModel", 2)


def _installed_loss_sources() -> dict[str, bytes] | None:
    spec = importlib.util.find_spec("transformers")  # locates the package without running it
    if spec is None or not spec.submodule_search_locations:
        return None
    folder = Path(next(iter(spec.submodule_search_locations))) / "loss"
    if not folder.is_dir():
        return None
    return {f"transformers.loss.{path.stem}": path.read_bytes() for path in folder.glob("*.py")}


def _owns_tensors_when_built(project: ProjectIndex, qualified: str, sources: dict[str, bytes]) -> bool:
    info = project.lookup_class(qualified)
    assert info is not None, qualified
    module, _, name = qualified.rpartition(".")
    if not skips_base_init(sources[module], name):
        return info.has_weights
    own = (project.describe(info, record) for method in info.summary.methods.values() for record in method.assigns)
    return any(owned is not None and (owned.is_tensor or owned.kind in (torch_nn.LEAF, torch_nn.MODULE))
               for owned in own)


def test_the_tables_match_the_installed_transformers():
    sources = _installed_loss_sources()
    if sources is None:
        pytest.skip("transformers is not installed")
    mapping = read_mapping(sources["transformers.loss.loss_utils"], "transformers.loss.loss_utils")
    if importlib.metadata.version("transformers") == TABLES_FROM:
        assert tuple(mapping.functions) == LOSS_TYPES
    else:
        # Another release (a fresh environment resolves the newest): the lint keeps the tables of TABLES_FROM, so
        # its results do not depend on what is installed; a key they name must not have gone.
        assert set(LOSS_TYPES) <= set(mapping.functions)
    project = ProjectIndex([])
    derived = {}
    for key, qualified in mapping.functions.items():
        if key not in LOSS_TYPES:
            continue  # added after TABLES_FROM: not in the tables
        module, _, name = qualified.rpartition(".")
        function = read_function(sources[module], module, name)
        for parameter, use in function.uses.items():
            if use.moved_modules and not use.other_uses and not any(
                    _owns_tensors_when_built(project, criterion, sources) for criterion in use.moved_modules):
                derived[key] = (parameter, function.parameters.index(parameter))
    assert derived == MOVES_ONLY_TENSORLESS_CRITERIA
