import sys
from pathlib import Path

# The truth folder (stand-in modules such as torchvision_stub), wherever the checkout is.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.append("/tmp/corp/examples")
sys.path.append("/tmp/corp/examples/community")
try:
    import torchvision  # noqa: F401
except Exception:
    try:
        import torchvision_stub  # noqa: F401
    except Exception:
        pass
