"""Stand-in for icefall.utils: make_pad_mask as icefall defines it; AttributeDict, str2bool for imports."""
import argparse

import torch


def make_pad_mask(lengths: torch.Tensor, max_len: int = 0) -> torch.Tensor:
    assert lengths.ndim == 1, lengths.ndim
    max_len = max(max_len, int(lengths.max()))
    n = lengths.size(0)
    seq_range = torch.arange(0, max_len, device=lengths.device)
    expanded = seq_range.unsqueeze(0).expand(n, max_len)
    return expanded >= lengths.unsqueeze(-1)


class AttributeDict(dict):
    def __getattr__(self, key):
        return self[key]

    def __setattr__(self, key, value):
        self[key] = value


def str2bool(v):
    if isinstance(v, bool):
        return v
    if v.lower() in ("yes", "true", "t", "y", "1"):
        return True
    if v.lower() in ("no", "false", "f", "n", "0"):
        return False
    raise argparse.ArgumentTypeError("Boolean value expected.")
