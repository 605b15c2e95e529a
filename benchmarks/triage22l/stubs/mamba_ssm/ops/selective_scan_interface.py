"""Stand-in for mamba_ssm's selective_scan_fn: the reference recurrence (mamba_ssm's selective_scan_ref, real-valued
A, B/C of shape (b, n, l)) in plain torch, so every tensor argument (delta_bias and D included) is computed with."""
import torch
import torch.nn.functional as F


def selective_scan_fn(u, delta, A, B, C, D=None, z=None, delta_bias=None, delta_softplus=False,
                      return_last_state=False):
    dtype_in = u.dtype
    u, delta = u.float(), delta.float()
    if delta_bias is not None:
        delta = delta + delta_bias[..., None].float()
    if delta_softplus:
        delta = F.softplus(delta)
    delta_a = torch.exp(torch.einsum("bdl,dn->bdln", delta, A))
    delta_b_u = torch.einsum("bdl,bnl,bdl->bdln", delta, B.float(), u)
    x = A.new_zeros((u.shape[0], A.shape[0], A.shape[1]))
    ys = []
    for i in range(u.shape[2]):
        x = delta_a[:, :, i] * x + delta_b_u[:, :, i]
        ys.append(torch.einsum("bdn,bn->bd", x, C[:, :, i].float()))
    y = torch.stack(ys, dim=2)
    if D is not None:
        y = y + u * D[..., None]
    if z is not None:
        y = y * F.silu(z)
    last = x
    y = y.to(dtype_in)
    return (y, last) if return_last_state else y
