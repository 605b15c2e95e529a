"""Stand-in: jukebox.utils.audio_utils imports librosa (loss/IO helpers only, not on the checked paths)."""
