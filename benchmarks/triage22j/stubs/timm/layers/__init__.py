"""Stand-in for timm.layers: `trunc_normal_` (initialisation), `DropPath`/`drop_path` (identity at eval, as timm's), `to_2tuple`."""
import torch
from torch import nn


def trunc_normal_(tensor, mean=0.0, std=1.0, a=-2.0, b=2.0):
    return nn.init.trunc_normal_(tensor, mean=mean, std=std, a=a, b=b)


class DropPath(nn.Module):
    def __init__(self, drop_prob=0.0):
        super().__init__()
        self.drop_prob = drop_prob

    def forward(self, x):
        return x


def drop_path(x, drop_prob=0.0, training=False):
    return x


def to_2tuple(x):
    return tuple(x) if isinstance(x, (list, tuple)) else (x, x)
