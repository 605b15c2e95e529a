"""Small builds and calls for the issue-22 "ax" triage (docs/triage-issue22-ax.md), run by
benchmarks/triage22ax_runtime.sh through `offload-lint confirm --factory/--call` (tracking backend, CPU) with
PYTHONPATH=/tmp/wt_ax (the linter the round measures). zeta is imported from the corpus copy (/tmp/corp48/zeta: the
measured commit) through bare namespace packages (its package __init__ imports the whole zoo and optional
dependencies). einops comes from /tmp/t22ax/site (pip --target --no-deps; nothing installed into the environment).
"""

from __future__ import annotations

import sys
import types

import torch

C48 = "/tmp/corp48"


def _ns(name: str, path: str) -> None:
    if name not in sys.modules:
        module = types.ModuleType(name)
        module.__path__ = [path]
        sys.modules[name] = module


def _chain(dotted: str, root: str) -> None:
    parts = dotted.split(".")
    for i in range(1, len(parts) + 1):
        _ns(".".join(parts[:i]), "/".join([root] + parts[1:i]))


for pkg in ("zeta.nn.attention", "zeta.nn.modules", "zeta.nn.quant", "zeta.nn.biases", "zeta.structs", "zeta.ops",
            "zeta.utils"):
    _chain(pkg, f"{C48}/zeta/zeta")

from zeta.nn.attention.multi_modal_causal_attention import SimpleMMCA  # noqa: E402
from zeta.nn.modules.perceiver_resampler import PerceiverResampler  # noqa: E402
from zeta.nn.quant.residual_vq import ResidualVectorQuantizer  # noqa: E402
from zeta.nn.biases.alibi import AlibiPositionalBias  # noqa: E402
from zeta.structs.simple_transformer import ParallelTransformerBlock  # noqa: E402
from zeta.nn.quant.lfq import LFQ  # noqa: E402
from zeta.nn.modules.cross_modal_reparametization import CrossModalReParametrization  # noqa: E402


def _seed():
    torch.manual_seed(0)


# zeta SimpleMMCA: two nn.MultiheadAttention (rows 29, 32: OFL204 leaf)
def mmca():
    _seed()
    return SimpleMMCA(dim=8, heads=2).eval()


def mmca_call(module, device=None):
    with torch.no_grad():
        return module(torch.randn(3, 1, 8, device=device), torch.randn(3, 1, 8, device=device))


# zeta PerceiverResampler (row 40) is not run: its PerceiverAttention.forward raises in einsum on the CPU without
# offloading (a library bug), so the case is kept for the record only.
def perceiver():
    _seed()
    return PerceiverResampler(dim=8, depth=2, dim_head=4, heads=2, num_latents=4, num_media_embeds=2).eval()


def perceiver_call(module, device=None):
    with torch.no_grad():
        return module(torch.randn(1, 2, 3, 8, device=device))


# zeta ResidualVectorQuantizer: embed.weight read without calling embed (row 30: OFL103 leaf)
def rvq():
    _seed()
    return ResidualVectorQuantizer(dim=8, dim_out=8, n_embed=16).eval()


def rvq_call(module, device=None):
    with torch.no_grad():
        return module(torch.randn(4, 8, device=device))


# zeta AlibiPositionalBias (rows 13, 44): cannot be built (AlibiPositionalBias.__init__ calls super().__init__() and
# BaseBias.__init__ requires num_heads: TypeError), recorded by the run as `untriggered: could not build`
def alibi():
    _seed()
    return AlibiPositionalBias(heads=4, num_heads=4).eval()


def alibi_call(module, device=None):
    with torch.no_grad():
        return module(6, 6)


# zeta ParallelTransformerBlock: mask registered None, filled at run time on x.device (row 18: P, expected refuted)
def ptb():
    _seed()
    return ParallelTransformerBlock(dim=8, dim_head=4, heads=2, ff_mult=2).eval()


def ptb_call(module, device=None):
    with torch.no_grad():
        x = torch.randn(1, 5, 8, device=device)
        module(x)
        return module(x)


# zeta LFQ.indices_to_codes outside forward (row 4: OFL102 block)
def lfq():
    _seed()
    return LFQ(dim=8, codebook_size=16).eval()


def lfq_call(module, device=None):
    with torch.no_grad():
        return module.indices_to_codes(torch.randint(0, 16, (1, 5), device=device))


# zeta CrossModalReParametrization.merge: the module's own tensors only (row 25: P, expected refuted)
def cmr():
    _seed()
    return CrossModalReParametrization(torch.nn.Linear(8, 8), torch.nn.Linear(8, 8)).eval()


def cmr_call(module, device=None):
    with torch.no_grad():
        return module.merge()
