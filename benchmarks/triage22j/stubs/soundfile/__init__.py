"""Stand-in: jukebox.utils.audio_utils imports soundfile (file I/O only, not on the checked paths)."""
