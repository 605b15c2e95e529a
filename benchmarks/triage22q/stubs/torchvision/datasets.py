"""Stand-in (triage22q): only names."""


class MNIST:
    def __init__(self, *args, **kwargs):
        raise RuntimeError("torchvision stand-in: no datasets")


CIFAR10 = MNIST
