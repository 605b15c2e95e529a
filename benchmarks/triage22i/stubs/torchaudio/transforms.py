import torch


class Resample(torch.nn.Module):
    def __init__(self, *args, **kwargs):
        super().__init__()

    def forward(self, x):
        return x


class MelSpectrogram(torch.nn.Module):
    def __init__(self, *args, **kwargs):
        super().__init__()
