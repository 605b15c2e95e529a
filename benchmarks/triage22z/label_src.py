"""Write benchmarks/triage22z/labels.json (round z; rows 1-10, the drawn-order prefix labelled in the time; read, no runs).

New cause letters: none. Rows 11-60 are unlabelled (time): the labelled rows are a random prefix of the draw.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from triage_labels import false as F, true as T  # noqa: E402

R = "read: no harness (time)"
NS = ("NATSpeech glow_modules.py InvConvNear: store_inverse (:133-135) computes _get_weight from l/log_s/u/p/sign_s and "
      "stores weight_inv (a plain attribute) on next(self.parameters()).device; forward's reverse path (:109-110) uses "
      "weight_inv in F.conv2d with x on the device. tasks/tts/ps.py test_start (:159, the documented `--infer` run) calls "
      "model.store_inverse_all() on the task's model outside forward: a model the user group-offloaded before the test "
      "has every InvConvNear weight on the offload device there (block: the root's/blocks' groups; leaf: InvConvNear's "
      "own-parameter group, hooked on its forward), so weight_inv lands on the CPU and meets the device x at :120. Label "
      "risk: inference/tts/ps_flow.py calls store_inverse_all inside build_model, before a user can offload (no hazard there).")
L = {
 1: T("block+leaf", "SELFRec model/sequential/SASRec.py SASRec.predict `self.model.item_emb` (:59): item_emb is SASRec_Model's own parameter (the root's unmatched group at block; its own-parameter group hooked on the root's forward at leaf), offloaded again after self.model.forward (:57); seq_emb on the device (train() moved the model with .cuda()) meets it in torch.matmul. Reached: main.py runs the model named in conf (SASRec.yaml); predict is the evaluation path.", R),
 2: T("block+leaf", NS + " This row: sign_s (:129).", R),
 3: T("block+leaf", "Diffusion-Policies toy_experiments/ql_diffusion.py QL_Diffusion.train `self.actor.sample_last_few(state)` (:166) under `--mode last_few` (run_toy_ql.py's --mode option; default whole_grad): Diffusion.sample_last_few runs p_sample -> self.model (MLP, a direct child, the actor root's unmatched group) outside Diffusion.forward, and reads device from self.betas (its own buffer, offloaded at both levels); state on the device.", R),
 4: F("AB", "Diffusion-Policies toy_experiments/bc_cvae.py VAE.decode (:50 d1) runs outside forward only via VAE.sample, called only by BC_CVAE.sample_action, which nothing calls (run_toy_bc.py calls cvae_agent.train only; train calls self.vae(state, action), whose forward calls decode inside forward)."),
 5: T("block", "RVC-WebUI infer/module/models.py SynthesizerTrnMs256NSFsid.infer `self.emb_g(sid)` (:676): the WebUI's inference (infer/vc/pipeline.py:225 `net_g.infer(...)`) calls infer, never forward; emb_g/enc_p/flow/dec are direct children (no ModuleList) in the root's unmatched group, onloaded only by forward; sid on the device.", R),
 6: F("BB", "GeneFace modules/audio2motion/transformer_base.py MultiheadAttention.in_proj_v (:533) is the qkv_same_dim False branch (kdim/vdim != embed_dim); in_proj_v is called only from MultiheadAttention.forward (:372, :377), where at leaf its own-parameter group is onloaded by its forward hook; GeneFace builds the attention with kdim/vdim defaulted to embed_dim (qkv_same_dim True). Label risk: not every construction was read."),
 7: F("AB", "GeneFace modules/audio2motion/flow_base.py InvConvNear._get_weight (:302 u): called from forward (:~295, onloaded there at both levels) and from store_inverse (:308), whose only caller is the enclosing flow's store_inverse (:816), which nothing in GeneFace calls: the outside-forward path is never run."),
 8: T("block+leaf", NS + " This row: p (:130).", R),
 9: F("A", "RVC-WebUI tools/pymss_core/.../bandit/tfmodel.py SeqBandModellingModule.forward (:148, the parallel_mode branch): block-level offloading makes blocks only of the root's direct ModuleList/Sequential children; SeqBandModellingModule is the separator's tf_model child, not the root, so self.seqband is no block group: it sits in the root's unmatched group, onloaded with the root's forward. (The parallel_mode branch is also off by default.)"),
 10: T("block+leaf", NS + " This row: the OFL105 device read at :135 `next(self.parameters()).device` (the offload device), which places weight_inv on the CPU.", R),
}
if __name__ == "__main__":
    import json
    here = os.path.dirname(os.path.abspath(__file__))
    # rows 11-60 unlabelled (write_labels wants every row): write the labelled prefix only
    json.dump({str(k): v for k, v in sorted(L.items())}, open(os.path.join(here, "labels.json"), "w"), indent=1, ensure_ascii=False)
