"""Builds and calls for benchmarks/recall22t/runtime.sh: pretrained-models.pytorch's ResNets with one block per stage
(the layers' shapes are the real ones), and the two documented calls."""

import torch
from pretrainedmodels.models import fbresnet, cafferesnet


def fb():
    return fbresnet.FBResNet(fbresnet.Bottleneck, [1, 1, 1, 1], num_classes=10).eval()


def caffe():
    return cafferesnet.ResNet(cafferesnet.Bottleneck, [1, 1, 1, 1], num_classes=10).eval()


def features(model, device):
    return model.features(torch.randn(1, 3, 224, 224, device=device))


def logits(model, device):
    return model.logits(torch.randn(1, 2048, 7, 7, device=device))
