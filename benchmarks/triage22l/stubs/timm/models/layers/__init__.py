"""Stand-ins for imports only (the checked MambaVisionMixer uses none of them)."""
import torch.nn as nn


def trunc_normal_(tensor, *args, **kwargs):
    return nn.init.normal_(tensor, std=0.02)


class DropPath(nn.Identity):
    def __init__(self, *args, **kwargs):
        super().__init__()


class LayerNorm2d(nn.LayerNorm):
    pass
