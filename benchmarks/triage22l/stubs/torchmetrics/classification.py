"""Stand-in: MulticlassAccuracy is only built in vall-e's __init__ and used in training forward."""
import torch.nn as nn


class MulticlassAccuracy(nn.Module):
    def __init__(self, *args, **kwargs):
        super().__init__()


class BinaryAccuracy(MulticlassAccuracy):
    pass
