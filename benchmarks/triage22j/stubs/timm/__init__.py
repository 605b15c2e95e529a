"""Stand-in package for timm (ImageBind and CogVLM import two helpers from it)."""
