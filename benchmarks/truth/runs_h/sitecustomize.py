import sys
sys.path.insert(0, "/work/wt-strat4/benchmarks/truth")
sys.path.append("/tmp/corp/examples")
sys.path.append("/tmp/corp/examples/community")
try:
    import torchvision  # noqa: F401
except Exception:
    try:
        import torchvision_stub  # noqa: F401
    except Exception:
        pass
