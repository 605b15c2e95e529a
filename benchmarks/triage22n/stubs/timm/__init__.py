# Stand-in for timm (not installed): only what VideoMAE's and Swin-Transformer's model files import.
