"""Names mistral-inference imports; the no-cache path the harness runs uses none of them."""


class AttentionBias:
    pass


class BlockDiagonalMask(AttentionBias):
    @classmethod
    def from_seqlens(cls, *a, **k):
        raise NotImplementedError


class BlockDiagonalCausalMask(BlockDiagonalMask):
    pass


class BlockDiagonalCausalWithOffsetPaddedKeysMask(BlockDiagonalMask):
    pass
