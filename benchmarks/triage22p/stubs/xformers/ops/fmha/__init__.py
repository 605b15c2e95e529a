"""memory_efficient_attention(q, k, v, bias) for (B, M, H, K) tensors, unmasked, written with torch SDPA."""
import torch


def memory_efficient_attention(q, k, v, attn_bias=None):
    if attn_bias is not None:
        raise NotImplementedError("attention biases are not stood in for")
    if k.shape[2] != q.shape[2]:
        k = k.repeat_interleave(q.shape[2] // k.shape[2], dim=2)
        v = v.repeat_interleave(q.shape[2] // v.shape[2], dim=2)
    out = torch.nn.functional.scaled_dot_product_attention(q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2))
    return out.transpose(1, 2)
