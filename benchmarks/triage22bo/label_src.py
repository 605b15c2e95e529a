"""Write benchmarks/triage22bo/labels.json (round bo; 60 rows drawn with seed 20314000 from the 135 shown findings of
twelve libraries, linter cf0dcd8).

Standard of rounds x-bm (see triage22bm/label_src.py): true when the hazard is real at (at least one of) the claimed
level(s) the way the library's README, docs, loaders, configs, examples, notebooks and tests use the class (training
counts; a documented entry method counts as called; examples count as library code); C when true only under a
non-default option; false with a cause letter otherwise. The offloaded object is the nn.Module a user holds: a pyhealth
model (a BaseModel subclass the user builds on a SampleDataset, run by the user or by pyhealth's Trainer / explainers),
an astroPT GPT, a torch-harmonics example model / solver, a torchphysics model. omnisafe's actors / critics / CRABS
modules, libreco's torch models, cellbender's pyro model and pyhealth's calibrators' inner modules are built and
driven by plain-object algorithms / pipelines (AL); TALENT's networks are built and driven by its Method / sklearn-style
estimators (AT, round be's mambular reading); the torch fact is stated where it was checked.

Letters, all earlier rounds': KA no weight is read (pyhealth's `model.dataset` is a litdata StreamingDataset and its
input_processors are plain Processor objects, not modules); AL a module the library builds and drives inside its own
flow; AT a module built and driven inside an estimator's fit / predict; EA a module moved by hand to the compute
device right before use (here the user-held pyhealth generator moves itself, `self.to(device)`, at the top of the
public method: round af's EA, its holder widened from a plain object to the module itself); P the value meets no
compute-device tensor (the whole path runs on the offload device); BE a method reached only through a forward() of its
class. No new letter.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from triage_labels import false as F, labels_of_rows, true as T, unsure as C, write_labels  # noqa: E402,F401

HERE = os.path.dirname(os.path.abspath(__file__))

GO = ("(diffusers 0.42.1: block level chunks the root's direct ModuleList / Sequential children into hooked groups and "
      "puts every other child and the root's own tensors in one group onloaded only by the root's forward; leaf level "
      "hooks each Conv / Linear (subclasses included) on its own forward and groups every other parameter / buffer on "
      "its closest owning module's forward (a ParameterList / ParameterDict, or a module without forward, is never "
      "called); the hooks replace the instance's `forward`.) ")

MHA = ("nn.MultiheadAttention.forward passes `self.out_proj.weight` / `.bias` to F.multi_head_attention_forward and never "
       "calls `out_proj` (a NonDynamicallyQuantizableLinear, a Linear subclass, so a hooked leaf at leaf level): its "
       "weight stays on the offload device while the attention runs (torch/nn/modules/activation.py). ")

PYI = ("pyhealth's explainers read `self.model.dataset.input_processors[key].schema()` / `.is_token()`: BaseModel binds "
       "`self.dataset = dataset` (models/base_model.py:40), a SampleDataset (datasets/sample_dataset.py:255, a litdata "
       "StreamingDataset, not an nn.Module), whose input_processors are plain Processor objects "
       "(processors/base_processor.py:21 / :45; schema :83, is_token :72): no module, no parameter or buffer is read "
       "(KA; the linter says it guesses from the names). This row: ")

OMNI = ("omnisafe: users run `omnisafe.Agent(algo, env_id).learn()`; the algorithm objects (BCQ, CRABS, the model-based "
        "dynamics, plain classes) build the actor / critic / VAE / CRABS modules, place them on their device and drive "
        "them in their own update / learn loops; nobody offloads them (AL, rounds be / bg / bi / bk / bm's reading). "
        "This row: ")

TALENT = ("TALENT: users run `train_model_deep.py --model_type ...`; TALENT's Method classes (model/methods/base.py:41, "
          "plain objects with fit / predict) and its sklearn-style estimators build the network in fit and drive it in "
          "their own training / prediction loops; nobody offloads the network (AT, round be's mambular reading). This "
          "row: ")

GEN = ("pyhealth's generators (HALO / CorGAN / GPT2 / PromptEHR, user-held BaseModels) start their public train_model / "
       "generate with `device = self._resolve_device(device); self.to(device)`: every weight is moved to the compute "
       "device by hand before the named call, and the inputs are placed with `self.device` (the same device); the "
       "offloading hooks never get to keep the weights on the offload device on this path (EA; what that `.to` does "
       "to offloading is OFL207's question, not this row's). This row: ")

KCAL = ("pyhealth calib/calibration/kcal/__init__.py: KCal.calibrate builds `self.proj = SkipELU(...).to(self.device)` "
        "(:237), trains it with its own Trainer and runs `self.proj.embed` right away (:310); offloading applied before "
        "calibrate() does not know the new module (AL: work the library does inside one call). ")

HARM = ("torch-harmonics torch_harmonics/examples/pde_sphere.py: SphereSolver (no forward; buffers only) is used by "
        "notebooks/helmholtz.ipynb: `solver = SphereSolver(...).to(device)`, `uspec0 = solver.randspec()`, "
        "`solver.plot_specdata(uspec0, fig)`, `uspec = uspec0.clone().to(device)`, `solver.dudtspec(uspec, pde=pde)`. ")

ASTRO = ("astropt src/astropt/model.py: GPT.generate_embeddings (the documented embedding entry, used by "
         "scripts/linear_probe*.py and scripts/samplers/sample_embeddings*.py with `xs.to(device)`) runs get_embeddings "
         "outside GPT.forward; with the llm backbone (scripts/train_from_llm.py:261, linear_probe_llm.py) ")

R = {
 1: ('pyhealth/pyhealth/interpret/methods/integrated_gradients.py', 301, 'OFL201', 'model.dataset.input_processors.[].schema', F("KA", PYI + "pyhealth/interpret/methods/integrated_gradients.py:301 attribute() `schema()`.")),
 2: ('pyhealth/pyhealth/models/generators/halo.py', 285, 'OFL102', 'auto1', F("EA", GEN + "pyhealth/models/generators/halo.py:285 FineAutoregressiveHead.sample `self.auto1`, reached from HALO.generate (:686), which runs `self.to(device)` first (:658-:659).")),
 3: ('omnisafe/omnisafe/algorithms/offline/bcq.py', 181, 'OFL202', '_actor.vae.loss', F("AL", OMNI + "omnisafe/bcq.py:181 BCQ._update_actor `self._actor.vae.loss` (OFL202 on VAE.decode, vae_actor.py:98).")),
 4: ('omnisafe/omnisafe/common/control_barrier_function/crabs/utils.py', 78, 'OFL101', 'std', F("AL", OMNI + "omnisafe/control_barrier_function/crabs/utils.py:78 Normalizer.update (the CRABS algorithm's state normalizer, built and updated by crabs.py / crabs/utils.py:169).")),
 5: ('pyhealth/pyhealth/models/generators/corgan.py', 170, 'OFL102', 'decoder', F("EA", GEN + "pyhealth/models/generators/corgan.py:170 CorGANLinearAutoencoder.decode, reached from CorGAN.train_model (:569), which runs `self.to(device)` first (:478-:479; generate too, :630-:631).")),
 6: ('talent/TALENT/model/models/snn.py', 68, 'OFL101', 'category_offsets', F("BE", "talent TALENT/model/models/snn.py:62 SNN.encode is called only from SNN.forward (:90 `self.calculate_output(self.encode(x_num, x_cat))`), where the root's buffer `category_offsets` is onloaded (TALENT's snn method also drives the model itself: AT on the other reading).")),
 7: ('pyhealth/pyhealth/models/medlink/model.py', 178, 'OFL103', 'embedding.weight', T("leaf", GO + "pyhealth models/medlink/model.py:178 AdmissionPrediction.forward reads `self.embedding.weight` (tied vocabulary embedding) after `self.embedding(input_ids)` returned (:174): at leaf level the Embedding's weight is grouped on its own forward and offloaded again, then `torch.matmul(x, vocab_emb.T)` (:179) meets the compute-device encoder output. MedLink (the user-held BaseModel) runs fwd_adm_pred / bwd_adm_pred (:298 / :307) in its forward.")),
 8: ('omnisafe/omnisafe/models/actor/vae_actor.py', 98, 'OFL102', '_decoder', F("AL", OMNI + "omnisafe/models/actor/vae_actor.py:98 VAE.decode, reached from PerturbationActor.predict (perturbation_actor.py:88), driven by BCQ (bcq.py:148 / :188).")),
 9: ('pyhealth/pyhealth/calib/calibration/kcal/__init__.py', 90, 'OFL102', 'bn', F("AL", KCAL + "kcal/__init__.py:90 SkipELU.embed `self.bn`.")),
 10: ('omnisafe/omnisafe/algorithms/off_policy/crabs.py', 231, 'OFL202', 's_opt.step', F("AL", OMNI + "omnisafe/algorithms/off_policy/crabs.py:231 CRABS.learn `self.s_opt.step()` (SLangevinOptimizer built by CRABS itself, crabs.py:171-:180).")),
 11: ('cellbender/cellbender/remove_background/model.py', 267, 'OFL102', 'decoder', F("AL", "cellbender remove_background/model.py:267 RemoveBackgroundPyroModel.model (the pyro model function) calls `self.decoder`; the module has no forward and is built and driven by cellbender's own pipeline (remove_background/run.py:732, SVI in its inference loop): the user runs `cellbender remove-background`, holds no module (AL).")),
 12: ('astropt/src/astropt/model.py', 922, 'OFL102', 'llm.generate', F("P", "astropt src/astropt/model.py:922 GPT.generate_with_modality_prompts: the tokenizer's input_ids stay on the CPU (never moved, :909-:919) and `self.llm.generate` runs the llm backbone, at block level a non-list child in GPT's unmatched group on the offload device: the whole path runs on the offload device, no compute-device tensor meets it (P; without offloading the method would fail on an accelerator instead).")),
 13: ('talent/TALENT/model/lib/tabnet/tab_network.py', 209, 'OFL102', 'att_transformers[i]', F("AT", TALENT + "talent/TALENT/model/lib/tabnet/tab_network.py:209 TabNetEncoder.forward_masks (from TabNetPretraining.forward_masks :406).")),
 14: ('talent/TALENT/model/models/PFN_v2.py', 1018, 'OFL201', 'bardist_.borders', F("AT", TALENT + "talent/TALENT/model/models/PFN_v2.py:1018 TabPFNRegressor.fit (an sklearn estimator, :603) rescales `self.bardist_.borders` of the FullSupportBarDistribution it loaded itself; the product meets only Python floats.")),
 15: ('pyhealth/pyhealth/interpret/methods/shap.py', 595, 'OFL201', 'model.dataset.input_processors.[].is_token', F("KA", PYI + "pyhealth/interpret/methods/shap.py:595 _generate_background_samples `is_token()`.")),
 16: ('pyhealth/pyhealth/models/generators/gpt2.py', 239, 'OFL102', 'gpt2', F("EA", GEN + "pyhealth/models/generators/gpt2.py:239 GPT2.train_model `self.gpt2(...)`, after `self.to(device)` (gpt2.py:213-:214).")),
 17: ('pyhealth/pyhealth/calib/calibration/kcal/__init__.py', 91, 'OFL102', 'act', F("AL", KCAL + "kcal/__init__.py:91 SkipELU.embed `self.act` (an nn.ELU: no weights either).")),
 18: ('omnisafe/omnisafe/algorithms/offline/bcq.py', 148, 'OFL202', '_actor.predict', F("AL", OMNI + "omnisafe/bcq.py:148 BCQ._update_reward_critic `self._actor.predict`.")),
 19: ('talent/TALENT/model/lib/tabnet/tab_network.py', 630, 'OFL102', 'tabnet.forward_masks', F("AT", TALENT + "talent/TALENT/model/lib/tabnet/tab_network.py:630 TabNet.forward_masks, called by TabModel.explain (abstract_model.py:366; TabModel is an sklearn BaseEstimator, :44).")),
 20: ('torch-harmonics/torch_harmonics/examples/pde_sphere.py', 145, 'OFL101', 'lap', F("P", HARM + "pde_sphere.py:145 randspec: `torch.randn_like(self.lap) / 4 / torch.pi` meets only Python scalars; the notebook moves the result `.to(device)` itself (`uspec = uspec0.clone().to(device)`).")),
 21: ('pyhealth/pyhealth/models/text_embedding.py', 340, 'OFL105', 'transformer.next(self.parameters())', T("leaf", GO + "pyhealth models/text_embedding.py:340 TextEmbedding.forward places its token tensors with `next(self.transformer.parameters()).device`, the HF encoder's word-embedding weight, on the offload device at leaf level outside its owner's forward; the hooked encoder / fc return compute-device outputs, and the default pooling=\"none\" pads them with `torch.zeros(..., device=device)` in `torch.cat` (:357-:358) (pooling=\"mean\": the `projected * mask` the message names, :282).")),
 22: ('librecommender/libreco/algorithms/torch_modules/graphsage_module.py', 65, 'OFL101', 'dense_embeds', F("AL", "librecommender libreco/algorithms/torch_modules/graphsage_module.py:65 get_raw_features (from user_repr) reads the root parameter `dense_embeds`; the torch model is built and driven by libreco's plain-object GraphSage algorithm (`self.torch_model`, algorithms/graphsage.py:173; get_user_repr, bases/sage_base.py:106-:108; recall H6, not counted) (AL). The torch fact is right.")),
 23: ('torch-harmonics/torch_harmonics/examples/pde_sphere.py', 184, 'OFL101', 'lats', F("P", HARM + "pde_sphere.py:184 plot_griddata: `self.lats` (offload device) goes to np.meshgrid with the data it moves to the CPU itself (:186-:189): no compute-device tensor.")),
 24: ('omnisafe/omnisafe/common/control_barrier_function/crabs/optimizers.py', 635, 'OFL202', 's_opt.step', F("AL", OMNI + "omnisafe/crabs/optimizers.py:635 BarrierCertOptimizer.train `self.s_opt.step()` (all CRABS-internal optimizer modules).")),
 25: ('pyhealth/pyhealth/interpret/methods/integrated_gradients.py', 427, 'OFL201', 'model.dataset.input_processors.[].is_token', F("KA", PYI + "pyhealth/interpret/methods/integrated_gradients.py:427 _integrated_gradients `is_token()`.")),
 26: ('omnisafe/omnisafe/models/actor/perturbation_actor.py', 88, 'OFL102', 'vae.predict', F("AL", OMNI + "omnisafe/models/actor/perturbation_actor.py:88 PerturbationActor.predict `self.vae.predict`, called by BCQ (bcq.py:148).")),
 27: ('omnisafe/omnisafe/algorithms/off_policy/crabs.py', 230, 'OFL202', 's_opt.debug', F("AL", OMNI + "omnisafe/crabs.py:230 CRABS.learn `self.s_opt.debug()`.")),
 28: ('talent/TALENT/model/lib/pfn_v2/tabpfn/model/transformer.py', 726, 'OFL103', 'feature_positional_embedding_embeddings.weight', F("AT", TALENT + "talent/TALENT/model/lib/pfn_v2/tabpfn/model/transformer.py:726 PerFeatureTransformer.add_embeddings (the TabPFN v2 network the TabPFN estimator loads in fit).")),
 29: ('pyhealth/pyhealth/interpret/methods/lime.py', 231, 'OFL201', 'model.dataset.input_processors.[].is_token', F("KA", PYI + "pyhealth/interpret/methods/lime.py:231 attribute `is_token()`.")),
 30: ('pyhealth/pyhealth/models/generators/promptehr.py', 299, 'OFL102', 'bart.get_input_embeddings()', F("EA", GEN + "pyhealth/models/generators/promptehr.py:299 PromptEHR._encoder_inputs_embeds `self.bart.get_input_embeddings()`, reached from generate, which runs `self.to(device)` first (:460-:461).")),
 31: ('pyhealth/pyhealth/interpret/methods/lime.py', 748, 'OFL201', 'model.dataset.input_processors.[].is_token', F("KA", PYI + "pyhealth/interpret/methods/lime.py:748 _generate_baseline `is_token()`.")),
 32: ('pyhealth/pyhealth/models/generators/halo.py', 334, 'OFL102', 'transformer', F("EA", GEN + "pyhealth/models/generators/halo.py:334 HALOModel.sample `self.transformer`, reached from HALO.generate (:686) after `self.to(device)` (:659).")),
 33: ('omnisafe/omnisafe/common/control_barrier_function/crabs/models.py', 363, 'OFL102', 'model.models[i]', F("AL", OMNI + "omnisafe/crabs/models.py:363 CrabsCore.u (CrabsCore built by CRABS, crabs.py:171, and by the evaluator, evaluator.py:343; recall H5, not counted).")),
 34: ('omnisafe/omnisafe/algorithms/model_based/base/ensemble.py', 380, 'OFL101', 'max_logvar', F("AL", OMNI + "omnisafe/algorithms/model_based/base/ensemble.py:380 EnsembleModel.forward_idx, driven by the plain-object EnsembleDynamicsModel (:444, `_predict` :767).")),
 35: ('pyhealth/pyhealth/interpret/methods/integrated_gradients.py', 451, 'OFL201', 'model.dataset.input_processors.[].schema', F("KA", PYI + "pyhealth/interpret/methods/integrated_gradients.py:451 _integrated_gradients `schema()`.")),
 36: ('pyhealth/pyhealth/interpret/methods/deeplift.py', 677, 'OFL201', 'model.dataset.input_processors.[].is_token', F("KA", PYI + "pyhealth/interpret/methods/deeplift.py:677 _generate_baseline `is_token()`.")),
 37: ('astropt/src/astropt/model.py', 950, 'OFL102', 'llm.get_input_embeddings()', T("block", ASTRO + "model.py:950 `self.llm.get_input_embeddings()(token_sequences)`: the llm backbone (an HF model, a non-list child in GPT's unmatched group) on the offload device with the caller's compute-device tokens.")),
 38: ('talent/TALENT/model/lib/tabnet/tab_network.py', 205, 'OFL102', 'initial_splitter', F("AT", TALENT + "talent/TALENT/model/lib/tabnet/tab_network.py:205 TabNetEncoder.forward_masks `initial_splitter`.")),
 39: ('pyhealth/pyhealth/models/generators/halo.py', 285, 'OFL102', 'auto2', F("EA", GEN + "pyhealth/models/generators/halo.py:285 FineAutoregressiveHead.sample `self.auto2`, as row 2.")),
 40: ('omnisafe/omnisafe/algorithms/offline/bcq_lag.py', 118, 'OFL202', '_actor.predict', F("AL", OMNI + "omnisafe/bcq_lag.py:118 BCQLag._update_cost_critic `self._actor.predict`.")),
 41: ('omnisafe/omnisafe/algorithms/offline/bcq.py', 188, 'OFL202', '_actor.predict', F("AL", OMNI + "omnisafe/bcq.py:188 BCQ._update_actor `self._actor.predict`.")),
 42: ('astropt/src/astropt/model.py', 962, 'OFL102', 'encoders[i]', T("block", ASTRO + "model.py:962 `self.encoders[mod_name](mod_data)`: `encoders` is an nn.ModuleDict (a non-list child, in GPT's unmatched group), its weights on the offload device with the caller's compute-device modality data.")),
 43: ('talent/TALENT/model/lib/tabpfn/layer.py', 43, 'OFL204', 'self_attn', F("AT", TALENT + "talent/TALENT/model/lib/tabpfn/layer.py:43 TransformerEncoderLayer.self_attn (TabPFN v1's network, built by TALENT's tabpfn method); the MHA out_proj leaf fact itself is right.")),
 44: ('pyhealth/pyhealth/interpret/methods/baseline.py', 125, 'OFL201', 'model.dataset.input_processors.[].schema', F("KA", PYI + "pyhealth/interpret/methods/baseline.py:125 RandomBaseline.attribute `schema()`.")),
 45: ('pyhealth/pyhealth/models/base_model.py', 111, 'OFL105', '_dummy_param', T("leaf", "pyhealth models/base_model.py:111 BaseModel.device (the root's `_dummy_param`). The use the message names (AdaCare.forward) is inside the root's own forward, where the root parameter is onloaded (P, round ba's rule); but the property is read outside forward by `forward_from_embedding`, which pyhealth's explainers call directly on the user's model (interpret/methods/shap.py:506, lime.py, integrated_gradients.py): StageAttentionNet.forward_from_embedding moves values to `self.device` (stagenet_mha.py:416), then StageNetAttentionLayer.step adds the `.to(device)` kernel output to the hooked recurrent_kernel's compute-device output; MLP.forward_from_embedding moves y_true there and meets the hooked fc's logits in the loss (mlp.py:321-:322). True through another path than the one named (bk row 43's practice; recall H1 / H3); P if the named path decided.")),
 46: ('omnisafe/omnisafe/common/control_barrier_function/crabs/optimizers.py', 626, 'OFL202', 's_opt.debug', F("AL", OMNI + "omnisafe/crabs/optimizers.py:626 BarrierCertOptimizer.debug `self.s_opt.debug()`.")),
 47: ('omnisafe/omnisafe/algorithms/offline/bcq.py', 181, 'OFL201', '_actor.vae.loss', F("AL", OMNI + "omnisafe/bcq.py:181 BCQ._update_actor `self._actor.vae.loss` (OFL201).")),
 48: ('pyhealth/pyhealth/interpret/methods/deeplift.py', 386, 'OFL201', 'model.dataset.input_processors.[].schema', F("KA", PYI + "pyhealth/interpret/methods/deeplift.py:386 attribute `schema()`.")),
 49: ('pyhealth/pyhealth/interpret/methods/deeplift.py', 393, 'OFL201', 'model.dataset.input_processors.[].is_token', F("KA", PYI + "pyhealth/interpret/methods/deeplift.py:393 attribute `is_token()`.")),
 50: ('talent/TALENT/model/lib/node/odst.py', 134, 'OFL101', 'feature_thresholds', F("AT", TALENT + "talent/TALENT/model/lib/node/odst.py:134 ODST.initialize (data-aware init on the first training batch, from ModuleWithInit.__call__), NODE built and trained by TALENT's node method.")),
 51: ('pyhealth/pyhealth/calib/calibration/dircal.py', 106, 'OFL101', 'weights', F("AL", "pyhealth calib/calibration/dircal.py:106 DirichletCalibration._forward reads `self.weights`, an nn.Parameter the calibrator creates inside calibrate() on `self.device` (:133-:134) and uses right there (:138-:164); offloading applied before calibrate() does not know the new parameter, and after calibrate() the read runs from forward (:~200, `self._forward(ret['logit'])`), where the root parameter is onloaded (AL: work the library does inside one call).")),
 52: ('torch-harmonics/torch_harmonics/examples/pde_sphere.py', 133, 'OFL101', 'lap', T("block and leaf", HARM + "pde_sphere.py:133 dudtspec: `self.coeff * self.lap * uspec` with the notebook's compute-device uspec (`dudtspec[nnew] = solver.dudtspec(uspec, pde=pde)`), `lap` a root buffer of a module with no forward (block: root group never onloaded; leaf: grouped on a forward nobody calls); `spec2grid` / `grid2spec` meet the same (isht / sht are non-list children at block level). Label risk: a numerical solver holding buffers only; offloading it is the premise, not a likely use.")),
 53: ('torch-harmonics/examples/baseline_models/segformer.py', 222, 'OFL204', 'attn', T("leaf", GO + MHA + "torch-harmonics examples/baseline_models/segformer.py:222 GlobalAttention.attn, called in its forward (:~231); Segformer with attention_mode=\"global\" is registered in examples/model_registry.py:340-:353 (recall H2 is the same class in transformer.py).")),
 54: ('omnisafe/omnisafe/algorithms/model_based/base/ensemble.py', 767, 'OFL202', '_ensemble_model.forward_idx', F("AL", OMNI + "omnisafe/ensemble.py:767 EnsembleDynamicsModel._predict `self._ensemble_model.forward_idx` (the dynamics object is a plain class, :444).")),
 55: ('talent/TALENT/model/models/switchtab.py', 16, 'OFL204', 'transformer_layers', F("AT", TALENT + "talent/TALENT/model/models/switchtab.py:16 Encoder's nn.TransformerEncoderLayer (SwitchTab built by TALENT's switchtab method); the MHA out_proj leaf fact itself is right.")),
 56: ('torch-harmonics/torch_harmonics/examples/pde_sphere.py', 43, 'OFL205', '', T("leaf", HARM + "pde_sphere.py:43 SphereSolver has no forward and owns buffers (lats / lons / l / lap / invlap, :107-:111) read in dudtspec (:133) with the compute-device uspec; same use as row 52.")),
 57: ('pyhealth/pyhealth/models/tfm_tokenizer.py', 208, 'OFL103', 'embedding.weight', T("leaf", GO + "pyhealth models/tfm_tokenizer.py:208 EMAVectorQuantizer.forward computes distances with `self.embedding.weight` (:208-:209) before calling `self.embedding(encoding_indices)` (:213): the weight is on the offload device while `flat_x` is on the compute device (the codebook shape of round bm row 56).")),
 58: ('omnisafe/omnisafe/common/control_barrier_function/crabs/optimizers.py', 369, 'OFL205', '', F("AL", OMNI + "omnisafe/crabs/optimizers.py:369 SSampleOptimizer (OFL205: no forward, own `z` parameter), built and driven by CRABS / BarrierCertOptimizer.")),
 59: ('talent/TALENT/model/lib/realmlp/alg_interfaces/nn_interfaces.py', 112, 'OFL207', 'model', F("AT", TALENT + "talent/TALENT/model/lib/realmlp/alg_interfaces/nn_interfaces.py:112 NNAlgInterface.predict (a plain AlgInterface, alg_interfaces.py:14) moves its own Lightning model to its device before trainer.predict.")),
 60: ('torchphysics/src/torchphysics/models/fcn.py', 189, 'OFL104', 'layers[i]', T("leaf", GO + "torchphysics src/torchphysics/models/fcn.py:189 Polynomial_FCN.forward multiplies compute-device points with `self.layers[i]` (an nn.ParameterList, never called: its tensors are grouped on a forward that never runs). Polynomial_FCN is exported in torchphysics.models (models/__init__.py) next to FCN, which users build themselves; no example builds it (label risk: AB api on the strict reading of public classes nothing in the tree builds).")),
}

if __name__ == "__main__":
    write_labels(HERE, labels_of_rows(HERE, R, "/tmp/corp65/"))
