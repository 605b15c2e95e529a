"""Write benchmarks/triage22ab/labels.json (round ab; all 8 rows: the pool holds 8 shown findings).

New cause letters: none. Standard of rounds x-aa: true when the hazard is real at the claimed level(s) the way the tree
runs its code (training counts); false with a cause letter otherwise (a branch only a file's `__main__` debug block
takes does not count). Runtime column filled from runtime_column.json where a run exists.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from triage_labels import false as F, true as T, write_labels  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
_RT = os.path.join(HERE, "runtime_column.json")
RT = {int(k): v for k, v in json.load(open(_RT)).items()} if os.path.exists(_RT) else {}

WN = ("ban-vqa, legacy torch.nn.utils.weight_norm (imported from torch.nn.utils.weight_norm): its forward pre-hook "
      "recomputes the weight from weight_g/weight_v before the module's leaf-level group (hooked on the module's own "
      "forward) is onloaded, so a CPU weight meets the device input. base_model.py:105-121 build_ban builds BanModel "
      "(v_att BiAttention, b_net BCNet(h_out None), q_prj/c_prj FCNet, classifier SimpleClassifier); main.py:71 builds "
      "it on CUDA and trains it (train.py), test.py/main.py evaluate it; nothing removes the weight norm (no "
      "remove_weight_norm in the tree). ")
UN = ("UNITER model/attention.py MultiheadAttention.forward passes self.out_proj.weight/.bias into "
      "multi_head_attention_forward, which applies them with F.linear (:258) to the attention output; out_proj is a "
      "Linear whose forward is never called, so at leaf its own group is never onloaded and its CPU weight meets the "
      "device activations. Built twice by model/nlvr2.py:135/:138 UniterForNlvr2PairedAttn (attn1/attn2, "
      "kdim=vdim=hidden), the model of config/train-nlvr2-base-1gpu.json and -large-2gpu.json (`paired-attn`, "
      "train_nlvr2.py:83-84, model.to(device) :116; inf_nlvr2.py:35). kdim=vdim=embed_dim, so the branch that runs is "
      ":399 (the finding's 'same cause at' site); the reported :383 is the separate-projection branch, not taken. ")

L = {
    1: T("block+leaf", "PyTorch-RL models/mlp_policy.py Policy.get_fim (:59) computes cov_inv from the root parameter "
         "self.action_log_std after self.forward(x) (:58) has returned, i.e. after the root's group (block: the "
         "unmatched group; leaf: the root's own-parameter group, hooked on Policy) is offloaded again; cov_inv stays on "
         "the CPU and is returned. core/trpo.py:76 Fvp_fim -> :84 `MJv = M * Jv.detach()` multiplies it with Jv on the "
         "device. Run by examples/trpo_gym.py:100 trpo_step (use_fim=True by default, :41) with Policy for continuous "
         "envs (default Hopper-v2) and states on the device (:89)."),
    2: T("leaf", UN + "This row: out_proj.weight."),
    3: T("leaf", UN + "This row: out_proj.bias (the same F.linear call)."),
    4: T("leaf", WN + "This row: attention.py:20 BiAttention.logits = weight_norm(BCNet(..., glimpse), name='h_mat'): "
         "the pre-hook sits on BCNet itself and recomputes h_mat from h_mat_g/h_mat_v, BCNet's own parameters, whose "
         "leaf-level group is hooked on BCNet's forward (diffusers groups a non-leaf module's direct parameters under "
         "it) and is onloaded only after the pre-hook ran; h_mat (CPU) then meets v_/q_ in the einsum (bc.py:52). "
         "glimpse = --gamma (main.py:26, 8; 1 for flickr) <= 32, so h_mat exists."),
    5: T("leaf", WN + "This row: classifier.py:15 SimpleClassifier.main, two weight-normed Linears (:15, :18), built by "
         "build_ban (base_model.py:118)."),
    6: F("BB", "ban-vqa bc.py:39 BCNet.h_net (a weight-normed Linear) is built only when h_out > 32 (bc.py:34-39); "
         "the tree's builders pass h_out None (base_model.py:115, b_net) or gamma (attention.py:20, main.py:26 "
         "default 8, 1 for flickr), so the model never has h_net. Only bc.py's own `__main__` debug block (:96, "
         "BCNet(1024,1024,1024,1024).cuda(), no offloading) takes the branch, which the standard does not count."),
    7: T("leaf", "DiffPIR utils/utils_resizer.py Resizer.forward (:69) multiplies x[fov] by w, a tensor of the "
         "ParameterList self.weights (fov from the ParameterList self.field_of_view); at leaf those parameters' group "
         "is hooked on the ParameterList (their closest parent), whose forward never runs, so they stay on the CPU "
         "while x is on the device. Built and run as the super-resolution degradation operator: main_ddpir_sisr.py:209 "
         "/ :339 / :347 and main_ddpir.py:87 / :294 (`Resizer(...).to(device)`, then down_sample(x)). Label risk: a "
         "helper operator, not the diffusion model; the same third-party code (assafshocher/resizer) as round aa's "
         "row 56 (DPS), so not an independent observation."),
    8: T("leaf", WN + "This row: fc.py:27 FCNet.main (weight-normed Linears :22/:27), the most used block: BCNet "
         "v_net/q_net (bc.py:27-28), q_prj and c_prj (base_model.py:116-117)."),
}

for number, runtime in RT.items():
    L[number] = {**L[number], "runtime": runtime}

if __name__ == "__main__":
    write_labels(HERE, L)
