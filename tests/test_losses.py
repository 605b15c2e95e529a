"""transformers' loss selection and parameter uses, read from source text (no transformers needed)."""

from offload_lint.index.losses import read_function, read_mapping, skips_base_init

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
