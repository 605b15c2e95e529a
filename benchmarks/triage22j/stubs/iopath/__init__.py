"""Stand-in package for iopath (ImageBind imports g_pathmgr for its BPE file, not on the checked paths)."""
