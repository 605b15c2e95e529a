"""Round l, a diagnostic (not a label): does byobnet.py:986 (``MobileOneBlock.reparameterize``,
``self.reparam_conv.weight.data = kernel``) itself lose its write under accelerate's sequential offload, once the
reads before it (``_get_kernel_bias``, which raises on the offloaded branches) are served from an un-offloaded copy?

    PYTHONPATH=benchmarks/truth/runs_j:/tmp/mine/extra python benchmarks/truth/runs_l/mobileone_line_986.py
"""
import copy
import json

import torch
from accelerate import cpu_offload
from timm.models.byobnet import MobileOneBlock

torch.manual_seed(0)
block = MobileOneBlock(8, 8, kernel_size=3, num_conv_branches=2).eval()
reference = copy.deepcopy(block)
kernel, bias = reference._get_kernel_bias()
cpu_offload(block, execution_device=torch.device("cpu"))
block._get_kernel_bias = lambda: (kernel.clone(), bias.clone())  # the reads before line 986, served un-offloaded
block.reparameterize()
x = torch.randn(1, 8, 4, 4)
reference.reparameterize()
written = block.reparam_conv.weight
print(json.dumps({"reparam_conv.weight.device": str(written.device),
                  "lands (equals the kernel)": bool(torch.equal(written.detach().cpu(), kernel)),
                  "forward matches the un-offloaded block": bool(torch.allclose(block(x), reference(x), atol=1e-5))}))
