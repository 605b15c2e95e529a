import torch, torch.nn.functional as F
from torch import nn
class M(nn.Module):
    def __init__(self):
        super().__init__(); self.conv = nn.Conv1d(4, 4, 1, bias=False)
    def forward(self, z): return self.conv(z)
    def rev_inverse(self, z):
        W = self.conv.weight.squeeze()
        return F.conv1d(z, W.float().inverse()[..., None])
    def rev_plain(self, z):
        W = self.conv.weight.squeeze()
        return F.conv1d(z, W.float()[..., None])
def make(): torch.manual_seed(0); return M()
def call_inv(m, device=None): return m.rev_inverse(torch.randn(1, 4, 3, device=device))
def call_plain(m, device=None): return m.rev_plain(torch.randn(1, 4, 3, device=device))
def Mc(): return M
from torch.autograd import Variable
def rev_var(self, z):
    W = self.conv.weight.squeeze()
    Wi = Variable(W.float().inverse()[..., None])
    print("Wi device", Wi.device, type(Wi))
    return F.conv1d(z, Wi)
M.rev_var = rev_var
def call_var(m, device=None): return m.rev_var(torch.randn(1, 4, 3, device=device))
