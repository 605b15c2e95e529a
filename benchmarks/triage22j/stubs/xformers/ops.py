"""Stand-in: xformers.ops (only `memory_efficient_attention` with xattn=True, not on the checked path)."""
