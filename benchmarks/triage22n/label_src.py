"""Labels of the round n draw (docs/triage-issue22-n.md), in draw order; writes labels.json next to this file.
Each: (label, cause, runtime, why). Rows whose "api" flag is set are AB rows that turn true in the second reading
(a public method nothing in the tree calls counted as reached): none this round (row 21's values would stay on the
offload device). Rows are judged each on its own (round k's rule). Runtime texts name the harness of
benchmarks/triage22n_cases.py whose JSON is in runtime/, or say "read" with the reason no run was made."""
import json
from pathlib import Path

READ = "read"
GPTQ = ("OLMo vendors AutoGPTQ (inference/compression/dependencies/AutoGPTQ; run_quantization.py calls "
        "`AutoGPTQForCausalLM.from_pretrained(...).quantize(trainloader, use_triton=True)`)")
AA_Q = (GPTQ + ": `Quantizer` (no forward) is built by `GPTQ.__init__` (`self.quantizer = Quantizer()`, GPTQ a plain "
        "object) once per quantized layer, as scratch state of the GPTQ solver, and never held by a model: no offloading "
        "is ever applied to it (round g's AA: a forward-less helper module that no offloaded model holds)")
AL_PACK = (GPTQ + ": `QuantLinear.pack(linear, scales, zeros, g_idx)` runs once in `pack_model` after quantization, on "
           "the CPU (`intweight.numpy()`), converting a float layer into the packed one before the model is saved or "
           "used: a one-time conversion before any offloading (AL); the buffers it reads are the ones it has just "
           "assigned (`self.scales = scales.clone().half()`, `self.g_idx = g_idx.clone()`)")
SB3_ROOT = ("stable-baselines3's algorithms (PPO, A2C, SAC; plain objects) build the policy in `_setup_model` and keep it "
            "as `model.policy`: the policy is its own offload root (a module held by a non-module wrapper, round m's "
            "rule); block level puts every direct child (features_extractor, mlp_extractor, action_net, value_net; "
            "SAC: actor, critic, critic_target) in the root's unmatched group, onloaded only by the policy's forward")
PPO_TRAIN = ("PPO.train/A2C.train call `self.policy.evaluate_actions(rollout_data.observations, actions)` with the "
             "rollout batch on the algorithm's device (`get_device('auto')`, the GPU), outside the policy's forward: the "
             "offloaded weights meet device inputs (block)")
SAC_TRAIN = ("SAC.train calls `self.actor.action_log_prob(replay_data.observations)` (the replay batch on the "
             "algorithm's device), never the policy's forward: with the policy (or the actor) as root, the actor's "
             "Linear heads stay in the unmatched group, offloaded, and meet device inputs (block). The message names "
             "Actor as the root; with SACPolicy as the root the same line breaks (the whole actor is offloaded)")
WR_BLOCK_A = ("WaveRNN/Tacotron have no ModuleList/Sequential direct child, so at block level every child sits in the "
              "root's unmatched group; `generate` (gen_wavernn.py, gen_tacotron.py) places its inputs and states with "
              "`next(self.parameters()).device` (line 172 / 370), which is then the offload device: the whole method "
              "computes on the offload device (CPU, slowly) and no offloaded weight meets a compute-device tensor")
R_WR_GEN = ("harness wavernn_generate (gen_wavernn.py's call, CPU mel): the run stops at get_gru_cell "
            "(fatchord_version.py:275-278, the GRU weights copied into fresh GRUCells: a leaf break the linter does not "
            "report, see Recall); the block 'confirmed' there is an artifact of the tracking backend, which takes the "
            "fresh GRUCell (built on the default device) for a compute-device module, whereas on a GPU machine the "
            "default device is the CPU, the offload device")
R_TAC_GEN = ("harness tacotron_generate (gen_tacotron.py's call): block refuted (everything on the offload device); leaf "
             "confirmed elsewhere (LSA.init_attention's device read, tacotron.py:182 -> 193/203, not reported by the "
             "linter)")
DETR = ("detr's main.py builds DETR (or DETRsegm with --masks, the panoptic training the README documents) and trains "
        "it with `outputs = model(samples)`")
MHA = (DETR + "; its Transformer's encoder/decoder layers hold nn.MultiheadAttention, whose forward hands "
       "`out_proj.weight`/`out_proj.bias` to F.multi_head_attention_forward without calling out_proj (a Linear "
       "subclass, a leaf group of its own): offloaded at leaf level")
R_MHA = ("harness detr_transformer (Transformer, 1+1 layers, d_model 16): block refuted; leaf confirmed "
         "(encoder.layers.0.self_attn.out_proj.weight/bias in F.multi_head_attention_forward at transformer.py:155)")
QE = (DETR + ": `self.query_embed.weight` (an nn.Embedding, a leaf group of its own, never called) is read at leaf "
      "level offloaded and handed to the Transformer, where `tgt = torch.zeros_like(query_embed)` and the query "
      "positions are on the offload device and meet the hooked attention's device output (`tgt + dropout(tgt2)`)")
MHAM = (DETR + " (--masks): MHAttentionMap.forward computes `F.conv2d(k, self.k_linear.weight[..., None, None], "
        "self.k_linear.bias)` without calling k_linear (a leaf group of its own): offloaded at leaf level, meeting the "
        "transformer's device memory")
DAC_WN = ("descript-audio-codec's WNConv1d/WNConvTranspose1d wrap convs in the legacy `weight_norm`, whose forward "
          "pre-hook derives `weight` from `weight_g`/`weight_v` before the conv's leaf hook onloads them; nothing in "
          "the tree calls remove_weight_norm")
R_DAC_WN = ("harness dac_decoder_block (Snake1d/WNConvTranspose1d/WNConv1d, DecoderBlock's layers in a stand-in holder: "
            "dac.model imports audiotools, absent): leaf confirmed (conv_transpose1d with the weight derived from "
            "block.1.weight_g/weight_v); harness dac_vq confirms the same for VectorQuantize.in_proj at leaf")
CLEANRL_SAC = ("cleanrl's sac_continuous_action.py (the documented script) builds `actor = Actor(envs).to(device)` and "
               "calls `actor.get_action(obs)`: `self(x)` runs the forward (its hook onloads and then offloads the "
               "root's group), after which `y_t * self.action_scale + self.action_bias` (line 145) reads the root's "
               "buffers offloaded at both levels")
R_CLEANRL = ("harness cleanrl_sac_actor (Actor with a stand-in env; gymnasium/tyro/sb3 buffers stubbed for the import): "
             "block and leaf confirmed (action_scale via mul, action_bias via add at sac_continuous_action.py:145)")

L = {
 1: ("false", "AA", READ, AA_Q + ". This row: GPTQ.fasterquant's `self.quantizer.quantize(...)` (gptq.py:142)"),
 2: ("true", "", "harness detr_transformer: leaf confirmed on the encoder layer's self_attn; the decoder layer's "
     "self_attn is the same nn.MultiheadAttention", MHA + ". This row: TransformerDecoderLayer `self_attn` "
     "(transformer.py:192)"),
 3: ("false", "AA", READ, AA_Q + ". This row: Quantizer.find_params `self.zero` (quantizer.py:85)"),
 4: ("false", "AL", READ, AL_PACK + ". This row: qlinear_cuda QuantLinear.pack `self.scales` (line 108)"),
 5: ("false", "AL", READ, AL_PACK + ". This row: qlinear_cuda_old QuantLinear.pack `self.scales` (line 116)"),
 6: ("true", "", READ + ": SB3 needs gymnasium (absent)", SB3_ROOT + ". " + SAC_TRAIN + ". This row: "
     "`self.log_std(latent_pi)` (sac/policies.py:162, the default non-gSDE branch)"),
 7: ("false", "A", R_TAC_GEN, WR_BLOCK_A + ". This row: Tacotron.generate `self.encoder_proj(...)` (tacotron.py:397)"),
 8: ("false", "AA", READ, AA_Q + ". This row: GPTQ.fasterquant reads `self.quantizer.scale` (gptq.py:133)"),
 9: ("true", "", "harness videomae_attention (Attention, dim 16, qkv_bias): block refuted; leaf confirmed (qkv.weight "
     "in F.linear at modeling_finetune.py:85)", "VideoMAE's run_class_finetuning.py/run_mae_pretraining.py build the "
     "ViT whose Blocks hold this Attention; `F.linear(input=x, weight=self.qkv.weight, bias=qkv_bias)` reads the Linear's "
     "weight without calling it: offloaded at leaf level"),
 10: ("true", "", READ + ": DETR needs torchvision (absent); the mechanism (a leaf's weight read without its call) "
      "is confirmed by harnesses videomae_attention and swinv2_attention", QE + ". This row: DETR.forward (detr.py:65)"),
 11: ("false", "AK", READ, "hf_olmo's OLMoForCausalLM `gradient_checkpointing` setter calls "
      "`self.model.set_activation_checkpointing(...)`, which only sets a flag on each block (model.py:508-514, "
      "1062-1067): no weight is touched"),
 12: ("true", "", R_CLEANRL, CLEANRL_SAC + ". This row: `action_scale`"),
 13: ("false", "A", R_TAC_GEN, WR_BLOCK_A + ". This row: Tacotron.generate `self.postnet(...)` (tacotron.py:417)"),
 14: ("true", "", READ + ": SB3 needs gymnasium (absent)", SB3_ROOT + ". " + PPO_TRAIN + "; evaluate_actions calls "
      "`self.mlp_extractor.forward_actor(...)`, which runs `self.policy_net(features)` (torch_layers.py:258) with "
      "policy_net inside the offloaded mlp_extractor"),
 15: ("false", "AL", READ, AL_PACK + ". This row: qlinear_triton QuantLinear.pack `self.scales` (line 85)"),
 16: ("false", "A", R_WR_GEN, WR_BLOCK_A + ". This row: WaveRNN.generate `self.I(x)` (fatchord_version.py:209)"),
 17: ("true", "", READ + ": SB3 needs gymnasium (absent)", SB3_ROOT + ". " + PPO_TRAIN + ". This row: "
      "`self.value_net(latent_vf)` (policies.py:739)"),
 18: ("true", "", READ + ": SB3 needs gymnasium (absent)", SB3_ROOT + ". " + SAC_TRAIN + ". This row: "
      "`self.mu(latent_pi)` (sac/policies.py:157)"),
 19: ("true", "", READ + ": SB3 needs gymnasium (absent)", SB3_ROOT + ". " + PPO_TRAIN + "; evaluate_actions and "
      "predict_values (collect_rollouts' bootstrap with `obs_as_tensor(new_obs, self.device)`, the GPU) call "
      "`forward_critic`, which runs `self.value_net(features)` (torch_layers.py:261) inside the offloaded mlp_extractor"),
 20: ("false", "AA", READ, AA_Q + ". This row: Quantizer.quantize `self.zero` (quantizer.py:121)"),
 21: ("false", "AB", READ, "ResidualVectorQuantize.from_latents (quantize.py:252) has no caller in the tree (code, "
      "README, scripts); the class is built only as DAC's `quantizer`, so its `quantizers` are never block-hooked (AH), "
      "and latents from the README's `model.encode(x)` (x placed with `model.device`, the offloaded first parameter's "
      "device) stay on the offload device at block level: no break even if called (the second reading leaves it false)"),
 22: ("true", "", "harness dac_decoder_block confirms the weight_norm break at leaf on DAC's WNConv layers (the "
      "discriminator's WNConv2d is the same helper; discriminator.py imports audiotools, absent)", DAC_WN + "; "
      "scripts/train.py trains the GAN discriminator (`Discriminator` of MPD/MSD/MRD). This row: MSD's `convs` "
      "(discriminator.py:13)"),
 23: ("false", "AL", READ, AL_PACK + ". This row: qlinear_cuda QuantLinear.pack `self.g_idx` (line 96; read only when "
      "no g_idx is passed, which pack_model always passes)"),
 24: ("true", "", READ + ": SB3 needs gymnasium (absent)", SB3_ROOT + ". " + PPO_TRAIN + ". This row: "
      "`self.mlp_extractor(features)` (policies.py:732)"),
 25: ("true", "", R_DAC_WN, DAC_WN + "; DAC.decode/DAC.forward (README's `model.decode(z)`, `model.decompress`; "
      "scripts/train.py) run the Decoder's DecoderBlocks. This row: DecoderBlock's WNConvTranspose1d (layers.py:14)"),
 26: ("true", "", R_DAC_WN, DAC_WN + "; DAC.decode runs Decoder.model. This row: Decoder's WNConv1d (layers.py:10)"),
 27: ("false", "A", R_WR_GEN, WR_BLOCK_A + ". This row: WaveRNN.generate `self.fc2(x)` (fatchord_version.py:221)"),
 28: ("false", "A", R_TAC_GEN, WR_BLOCK_A + ". This row: Tacotron.generate `self.post_proj(...)` (tacotron.py:418)"),
 29: ("false", "AA", READ, AA_Q + ". This row: GPTQ.fasterquant reads `self.quantizer.zero` (gptq.py:134)"),
 30: ("true", "", READ + ": segmentation.py needs torchvision/PIL utilities (absent); mechanism as rows 9, 45",
      MHAM + ". This row: `k_linear.weight` (segmentation.py:160)"),
 31: ("true", "", R_CLEANRL, CLEANRL_SAC + ". This row: `action_bias`"),
 32: ("true", "", "harness detr_transformer: leaf confirmed on the encoder layer's self_attn (the decoder's cross "
      "attention is the same nn.MultiheadAttention)", MHA + ". This row: TransformerDecoderLayer `multihead_attn` "
      "(transformer.py:193)"),
 33: ("false", "AY", READ, "Tacotron.load (tacotron.py:449) reads `next(self.parameters()).device` only as "
      "`torch.load(path, map_location=device)` before `load_state_dict`, which copies into the parameters wherever "
      "they are (and the scripts load before any offloading could be applied): no compute with a weight"),
 34: ("false", "A", R_WR_GEN, WR_BLOCK_A + ". This row: WaveRNN.generate `self.fc1(x)` (fatchord_version.py:218)"),
 35: ("false", "P", "harness wavernn_forward (train_wavernn.py's call, x and mels on the device): block and leaf "
      "refuted", "WaveRNN.forward (fatchord_version.py:132) places h1/h2 with the first parameter's device (the conv_in "
      "leaf, offloaded at leaf level), but they reach only `self.rnn1(x, h1)`/`self.rnn2(x, h2)`, GRUs whose own leaf-"
      "level groups hook them and move their arguments to the device"),
 36: ("true", "", "harness dac_vq (VectorQuantize, 8->4 dims, 16 codes): block refuted; leaf confirmed (codebook.weight "
      "in the matmul at quantize.py:89, and in_proj's weight_norm at 58)", "DAC's training forward and README's "
      "`model.encode(x)` run VectorQuantize.forward -> decode_latents, which reads `self.codebook.weight` "
      "(quantize.py:80; an nn.Embedding, a leaf group of its own, never called): offloaded at leaf, meeting the "
      "device encodings at line 89"),
 37: ("false", "Y", R_TAC_GEN + "; the run stops before line 411", "Tacotron.generate compares `mel_frames < "
      "self.stop_threshold` (tacotron.py:411): `stop_threshold` is a 0-dim buffer (torch.tensor(-3.4)), which torch "
      "combines with a tensor on any device; at block level both are on the offload device anyway"),
 38: ("true", "", READ + ": SB3 needs gymnasium (absent)", SB3_ROOT + ". " + PPO_TRAIN + ". This row: "
      "`self.mlp_extractor.forward_actor(pi_features)` (policies.py:735)"),
 39: ("true", "", READ + ": SB3 needs gymnasium (absent)", SB3_ROOT + ". " + PPO_TRAIN + ". This row: "
      "`self.mlp_extractor.forward_critic(vf_features)` (policies.py:736)"),
 40: ("true", "", READ + ": DETRsegm needs torchvision (absent); mechanism as row 10", QE + ". This row: "
      "DETRsegm.forward reads `self.detr.query_embed.weight` (segmentation.py:47)"),
 41: ("true", "", R_WR_GEN + "; the row's own break (line 208) is after the run's stop: read",
      "WaveRNN.generate (gen_wavernn.py; fatchord_version.py:172) takes `device = next(self.parameters()).device`, "
      "`upsample.resnet.conv_in.weight`'s device: at leaf level that conv's own hook has offloaded it, so h1/h2/x are "
      "made on the offload device and meet the hooked layers' device outputs in `torch.cat([x, m_t, a1_t])` (line "
      "208); block: no break (the whole method on the offload device)"),
 42: ("false", "AA", READ, AA_Q + ". This row: OFL205 on Quantizer (quantizer.py:16)"),
 43: ("false", "AL", READ, AL_PACK + ". This row: qlinear_exllama QuantLinear.pack `self.g_idx` (line 107)"),
 44: ("false", "AA", READ, AA_Q + ". This row: Quantizer.quantize `self.scale` (quantizer.py:121)"),
 45: ("true", "", "harness swinv2_attention (WindowAttention, window 2x2, dim 16): block refuted; leaf confirmed "
      "(qkv.weight in F.linear at swin_transformer_v2.py:150)", "Swin-Transformer's main.py trains the SwinV2 configs "
      "(configs/swinv2/*.yaml); WindowAttention.forward computes `F.linear(input=x, weight=self.qkv.weight, "
      "bias=qkv_bias)` without calling qkv: offloaded at leaf level"),
 46: ("false", "AL", READ, AL_PACK + ". This row: qlinear_triton QuantLinear.pack `self.g_idx` (line 73)"),
 47: ("false", "AA", READ, AA_Q + ". This row: Quantizer.find_params `self.scale` (quantizer.py:74)"),
 48: ("false", "AY", READ, "WaveRNN.load (fatchord_version.py:416) reads `next(self.parameters()).device` only as "
      "`torch.load(path, map_location=device)` for `load_state_dict`: no compute with a weight"),
 49: ("false", "A", READ + ": SB3 needs gymnasium (absent)", SB3_ROOT + ". get_distribution is reached only from "
      "`predict` (`_predict`), which places the observation with `self.device` (BaseModel.device: the first "
      "parameter's device, offloaded at block level) via obs_to_tensor: the whole call runs on the offload device, so "
      "`self.mlp_extractor.forward_actor(features)` (policies.py:751) meets no compute-device tensor"),
 50: ("true", "", READ + ": as row 30", MHAM + ". This row: `k_linear.bias` (segmentation.py:160)"),
 51: ("false", "AA", READ, AA_Q + ". This row: GPTQ.fasterquant calls `self.quantizer.find_params(...)` (gptq.py:72)"),
 52: ("true", "", READ + ": SB3 needs gymnasium (absent)", SB3_ROOT + ". collect_rollouts ends with "
      "`values = self.policy.predict_values(obs_as_tensor(new_obs, self.device))` (on_policy_algorithm.py:260; the "
      "algorithm's device, the GPU), outside the forward: `self.mlp_extractor.forward_critic(features)` "
      "(policies.py:762) runs the offloaded mlp_extractor on device features (block)"),
 53: ("true", "", "harness tacotron_train (train_tacotron.py's call, training mode, inputs on the device): block "
      "refuted; leaf confirmed (the zoneout mask placed on decoder.prenet.fc1.weight's device meets the LSTM state in "
      "the mul at tacotron.py:227)", "Tacotron's Decoder.zoneout (tacotron.py:225, called in training mode by "
      "train_tacotron.py) places its mask with `next(self.parameters()).device`, prenet.fc1's weight, which its own "
      "leaf hook has offloaded again after prenet ran: `prev * mask` meets the device LSTM state"),
 54: ("true", "", "as row 22", DAC_WN + "; scripts/train.py trains MRD. This row: MRD's `band_convs` "
      "(discriminator.py:21)"),
 55: ("true", "", R_MHA, MHA + ". This row: TransformerEncoderLayer `self_attn` (transformer.py:132)"),
 56: ("false", "A", READ + ": dac.model needs audiotools (absent)", "ResidualVectorQuantize is built only as DAC's "
      "`quantizer` (the row judges it as a root whose `quantizers` are block-hooked: AH); with DAC the root, "
      "`from_codes` is reached from DAC.decompress (README), which places the codes with `self.device` (audiotools "
      "BaseModel.device: the first parameter's, offloaded) and runs from_codes and decode wholly on the offload device "
      "at block level: no break (quantize.py:218)"),
 57: ("false", "P", READ + ": dac.model needs audiotools (absent)", "VectorQuantize.embed_code (quantize.py:73) is "
      "reached from from_codes <- DAC.decompress, which places the codes with `self.device` (the offloaded first "
      "parameter's device): `F.embedding(ids, self.codebook.weight)` computes on the offload device and its value "
      "reaches only `out_proj`, a hooked conv that moves its input (the weight_norm break of out_proj is rows 25/26's "
      "kind, judged there)"),
 58: ("true", "", READ + ": SB3 needs gymnasium (absent)", SB3_ROOT + ". With gSDE (`use_sde=True`, documented in "
      "docs/modules/sac.md), SAC.train and collect_rollouts call `self.actor.reset_noise()`: sample_weights draws "
      "`exploration_mat` from the offloaded `log_std` parameter (sac/policies.py:145) on the offload device, and "
      "get_noise multiplies it with the device `latent_sde` in training (judged on its own, the actor's heads "
      "assumed onloaded)"),
 59: ("false", "AV", READ, GPTQ + ": BaseGPTQForCausalLM.quantize moves the embeddings and the first layer to "
      "`cur_layer_device` by hand (`move_to_device`, _base.py:285-290), wraps layers[0] in a LayerHijacker that "
      "raises after capturing the inputs, and then calls `self.model(**example)` (line 300): the call runs only "
      "modules the method has just placed itself (AV); AutoGPTQ manages devices layer by layer during quantization"),
 60: ("false", "AL", READ, AL_PACK + ". This row: qlinear_exllama QuantLinear.pack `self.scales` (line 119)"),
}

out = {str(k): {"label": v[0], "cause": v[1], "runtime": v[2], "why": v[3]} for k, v in L.items()}
Path(__file__).with_name("labels.json").write_text(json.dumps(out, indent=1))
print(len(out), "labels;", sum(v["label"] == "true" for v in out.values()), "true")
