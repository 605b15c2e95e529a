"""Stand-in for VITS's Cython `monotonic_align` (only `SynthesizerTrn.forward`, the training path, calls
`maximum_path`; the round j runs call `infer`/`voice_conversion`, which do not)."""


def maximum_path(neg_cent, mask):
    raise NotImplementedError("monotonic_align stand-in: maximum_path is not on the checked paths")
