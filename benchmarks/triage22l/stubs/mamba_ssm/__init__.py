"""Stand-in for mamba_ssm (its CUDA kernels are absent here)."""
