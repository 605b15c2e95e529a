# The same start-up as round h's (the truth folder's stand-ins on the path, diffusers' examples): one copy.
from pathlib import Path

exec((Path(__file__).resolve().parent.parent / "runs_h" / "sitecustomize.py").read_text())
