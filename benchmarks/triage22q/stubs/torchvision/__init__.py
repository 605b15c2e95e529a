"""Stand-in for torchvision (not installed here), imported at module level by normalizing_flows' glow.py/maf.py/data.py;
nothing of it runs in the triage22q harnesses."""
from . import datasets, transforms, utils  # noqa: F401
