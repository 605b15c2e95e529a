"""Import stand-in: diffusion_policy's normalizer imports zarr only to name zarr.Array in a type check."""


class Array:  # noqa: D401 - stand-in
    pass
