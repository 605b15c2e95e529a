"""Stand-in for torchaudio (not installed here) in the round i runtime checks: only what StyleTTS2's ASR layers use
at import and in `MFCC` (functional.create_dct, copied from torchaudio's definition) and a Resample placeholder."""
from . import functional, transforms  # noqa: F401
