"""Stand-in: g_pathmgr (ImageBind opens its BPE vocabulary with it; not on the checked paths)."""
g_pathmgr = None
