"""Stand-in for timm.models.layers: drop_path, to_2tuple, trunc_normal_ (what MiniGPT-4's eva_vit.py imports)."""
import collections.abc

import torch


def drop_path(x, drop_prob: float = 0.0, training: bool = False):
    if drop_prob == 0.0 or not training:
        return x
    keep = 1 - drop_prob
    mask = x.new_empty((x.shape[0],) + (1,) * (x.ndim - 1)).bernoulli_(keep)
    return x * mask / keep


def to_2tuple(x):
    return tuple(x) if isinstance(x, collections.abc.Iterable) else (x, x)


def trunc_normal_(tensor, mean=0.0, std=1.0, a=-2.0, b=2.0):
    return torch.nn.init.trunc_normal_(tensor, mean, std, a, b)
