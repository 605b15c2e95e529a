"""What the cheap index remembers of one file: plain, picklable records built from ``ast``.

The summaries are all the whole-program analysis needs (classes, bases, what ``__init__``
assigns, who calls whom); libcst only ever sees the methods they point at.
"""

from __future__ import annotations

from dataclasses import dataclass, field

# A ``self.a.b[0].c`` chain as steps: attribute names, with ``[]`` for a subscript.
Chain = tuple[str, ...]
INDEX = "[]"


# How a file's names for the tree's functions that copy a tensor to host memory are handed to the value flow with
# its names for ``math`` (``ProjectIndex.host_copy_names``): ``("to_numpy_array", "host:pkg.utils.to_numpy_array")``.
HOST_COPY_PREFIX = "host:"


@dataclass(frozen=True, slots=True)
class Assigned:
    """One ``self.<name> = <value>`` (or register_* / add_module) seen during construction.

    ``kind`` is what the value is, syntactically:
    - ``parameter``: ``nn.Parameter(...)`` or ``register_parameter``;
    - ``buffer``: ``register_buffer`` or ``nn.Buffer(...)``;
    - ``call``: a call of ``callee`` (a dotted name, resolved later to a class);
    - ``container``: ``nn.ModuleList/Sequential/ModuleDict(...)`` with ``elements`` callees;
    - ``wrap``: ``weight_norm(self.<name>)`` applied in a statement of its own (``wrapper`` set);
    - ``given``: an ``__init__`` parameter annotated with a class (``callee``: the annotation; a child only when it
      resolves to a module class; ``elements``: the parameter's name and its position after ``self``, then
      ``"isinstance"`` when an ``assert isinstance(<parameter>, <class>)`` gave the class instead),
      or a module fetched by name (``backbone.get_submodule(name)``, ``callee`` ``torch.nn.Module``);
    - ``class_built``: a call of a name that holds a class (``norm_layer(dim)``: an ``__init__`` parameter defaulted
      to or handed a class, a local bound to one, to ``partial(<class>, ...)`` or to a function returning classes,
      or an attribute of a holder object, ``holder:<class>:<attribute>``);
      ``callee``: the name, ``elements``: where its classes come from (``Scope.class_sources``);
    - ``untyped``: an unannotated ``__init__`` parameter (``callee``: its name; ``elements``: its position after
      ``self``, -1 keyword-only), typed by the constructions of the class the index sees;
    - ``other``: anything else (a name, a function result we cannot see through).

    Local names assigned earlier in the same method are followed (``conv = nn.Conv1d(...)``,
    ``self.conv = conv``).
    """

    name: str
    kind: str
    line: int
    callee: str | None = None
    elements: tuple[str, ...] = ()
    # A function wrapping the layer: ``weight_norm(nn.Conv1d(...))`` is recorded as a call of
    # ``nn.Conv1d`` with wrapper ``weight_norm`` (for containers: any wrapped element).
    wrapper: str | None = None
    # Spans as (line, column, end line, end column), lines 1-based and columns 0-based as ast
    # gives them: the constructing call (or register_* call), and the call applying ``wrapper``.
    site: tuple[int, int, int, int] | None = None
    wrapper_site: tuple[int, int, int, int] | None = None
    # Every layer call a container is built from, nested containers and local lists included:
    # (callee, line, column, end line, end column); a wrapping helper is recognised among them.
    element_calls: tuple[tuple[str, int, int, int, int], ...] = ()
    # A tensor whose construction is 0-dim (``torch.tensor(1.0)``, ``torch.ones([])``): ``()`` when
    # that is certain, else the config fields (``logit_scale_init_value``) that must be scalars;
    # None when the shape is unknown or not 0-dim.
    scalar: tuple[str, ...] | None = None
    # ``self.a, self.b = factory(...)`` (or through locals unpacked so): the position of ``<name>`` in the
    # tuple ``callee`` returns; None: the call's whole result.
    item: int | None = None
    items: int = 0  # how many names that tuple is unpacked into (the returns of that length apply)
    # Parameters the layer call turns off (``nn.Conv1d(..., bias=False)``): the name, or ``name:field`` when a
    # config field decides (``bias=config.conv_bias``; off if the config class defaults the field to False).
    absent: tuple[str, ...] = ()
    # Built only under options the constructor's defaults leave off (``nn.Linear(...) if requires_projection else
    # nn.Identity()``, ``if embedding_weight_norm: ...``): the parameters deciding it. Kept only when some call in the
    # linted tree passes one of them by keyword.
    option: tuple[str, ...] = ()
    # The option decides it only through a parameter ``__init__`` stores as it is (``self.flag = flag``, then ``if
    # self.flag:``): not read for a class users load from a config, where a checkpoint's config sets such values.
    option_stored: bool = False
    # Made on first use, under ``if self.<name> is None:`` (or ``if not hasattr(self, "<name>")``) in a method other
    # than ``__init__``: built when that method first runs, on a model offloading was already applied to.
    on_first_use: bool = False


@dataclass(frozen=True)
class LayerFactory:
    """A module-level function returning a wrapped layer, e.g.
    ``def _wn_conv(*a, **k): return weight_norm(nn.Conv1d(*a, **k))``, or a container holding one."""

    name: str
    layer: str  # the layer class as spelled in its file
    wrapper: str  # the wrapper function as spelled in its file
    line: int  # of the wrapper call
    column: int
    # The container the function returns the wrapped layer in (``nn.Sequential`` as spelled); "" for the layer itself.
    container: str = ""


@dataclass(frozen=True)
class ModuleWrapper:
    """A module-level function that applies ``weight_norm``/``spectral_norm`` to the modules of what it is handed:
    every module a loop over its first parameter's ``modules()`` (``named_modules()``, ``children()``) reaches
    (``walks``: miles-credit's ``apply_spectral_norm(model)``), or that parameter itself, for ``nn.Module.apply``
    (``def add_sn(m): if isinstance(m, nn.Conv2d): spectral_norm(m)``)."""

    name: str
    wrapper: str  # as spelled in its file
    line: int  # of the wrapper call
    column: int
    walks: bool


@dataclass(frozen=True, slots=True)
class ModulesWrapped:
    """A statement of ``__init__`` that applies a layer wrapper to every layer of the module being built, rather than to
    one child: ``apply_spectral_norm(self)`` (``how`` "call"), ``self.apply(add_sn)`` ("apply"), or ``spectral_norm(m)``
    inside ``for m in self.modules()`` ("loop"). ``callee``: the helper, the function handed to ``apply``, or the
    wrapper itself, as spelled."""

    callee: str
    how: str
    site: tuple[int, int, int, int]
    # As :class:`Assigned`: the constructor options it runs under, when the defaults leave them off.
    option: tuple[str, ...] = ()
    option_stored: bool = False


@dataclass(frozen=True, slots=True)
class CallSiteRecord:
    """``<receiver chain>.<method>(...)`` where the receiver is not ``self`` itself."""

    receiver: Chain  # rooted at ``self`` (first item "self") or at a local/global name
    method: str
    line: int
    column: int  # 0-based, as ast gives it
    # ``.to(<device>)`` / ``.cuda()``: a move across devices (not a dtype-only ``.to()``).
    moves_to_device: bool = False
    # The call's result is moved to a device at once: ``lora.get_weight().to(org_weight.device)``.
    result_moved: bool = False


# Slots: a run holds one of these per method of the tree (59,000 on transformers ``models/``), and an instance
# dictionary of 32 fields was the largest part of the index's memory.
@dataclass(slots=True)
class MethodSummary:
    name: str
    line: int  # of ``def``
    start_line: int  # first decorator, or ``def``
    end_line: int
    column: int
    params: tuple[str, ...]
    decorators: tuple[str, ...]
    annotations: tuple[str, ...] = ()  # one per param ("" when absent)
    # Names of methods of the same class it calls or references through ``self``.
    self_calls: frozenset[str] = frozenset()
    # Names of base methods it runs through ``super().<name>(...)`` (``super(Cls, self)`` too).
    super_calls: frozenset[str] = frozenset()
    # ``self.<attribute> = self.<method>``: (attribute, method); a later ``self.<attribute>(...)`` runs the method.
    method_aliases: tuple[tuple[str, str], ...] = ()
    # The method a pure forwarder hands every argument to (``def generate_next(self, *args, **kwargs): return
    # self.generate_one(*args, **kwargs)``), or "".
    forwards_to: str = ""
    # Every maximal ``self...`` chain it reads (attribute/subscript steps, no call markers).
    self_chains: frozenset[Chain] = frozenset()
    # The ``self...`` chains handed whole to a call (``helper(tower=self.text_encoder.vision_tower)``).
    passed_chains: frozenset[Chain] = frozenset()
    # The ``self...`` chains called themselves (``self.vision_tower(x)``, ``self.blocks[i](x)``).
    called_chains: frozenset[Chain] = frozenset()
    # The ``self...`` chains only ever read back to host memory (``self.w.to(torch.uint8).cpu().numpy()``).
    host_read_chains: frozenset[Chain] = frozenset()
    # The ``self...`` chains only ever moved to a device (``self.std.float().to(z.device)``) or asked for
    # metadata (``self.w.device``): no value read where the weight sits.
    placed_chains: frozenset[Chain] = frozenset()
    # The ``self...`` chains only ever tested for identity (``self.cond_pos_emb is not None``): no value read.
    compared_chains: frozenset[Chain] = frozenset()
    # Classes (as spelled) it builds into a local it neither returns nor stores (``wrapper = Wrapper(...)``).
    local_builds: tuple[str, ...] = ()
    # ``return self.<name>``: the attributes it hands back whole.
    returned_attributes: frozenset[str] = frozenset()
    calls_next_parameters: bool = False
    # An accessor (``get_base_layer()``, a property) that returns a ``self`` attribute chain: that chain.
    returns_chain: Chain = ()
    # ``self.<chain>.forward = ...`` (or a loop variable over ``self.<chain>``, chain ending in ``[]``):
    # (chain, line, column, end column) of each assignment that replaces a module's forward.
    forward_patches: tuple[tuple[Chain, int, int, int], ...] = ()
    # Replacements that keep the hooked forward first (``self.org_forward = self.org_module.forward``, then
    # ``self.org_module.forward = self.forward``): (replaced chain, the attribute it is kept in, the replacing method).
    saved_forwards: tuple[tuple[Chain, str, str], ...] = ()
    # Methods it installs as a module's forward on any receiver (``m.forward = m.fuseforward`` in a fold): their names.
    installed_forwards: tuple[str, ...] = ()
    call_sites: tuple[CallSiteRecord, ...] = ()
    # Construction facts, filled only for methods that assign ``self.x`` attributes.
    assigns: tuple[Assigned, ...] = ()
    # Line spans (first, last) of ``with deepspeed.zero.GatheredParameters(...):`` bodies.
    gathered: tuple[tuple[int, int], ...] = ()
    # Whole-parameter writes into parameters handed in (an argument annotated ``Iterable[nn.Parameter]``):
    # ``param.data.copy_(...)``, ``param.data = ...``, ``torch._foreach_copy_([p.data for p in parameters], ...)``
    # (diffusers' ``EMAModel.copy_to``): (line, column, what is written: ``param.data`` or ``param``).
    parameter_writes: tuple[tuple[int, int, str], ...] = ()
    # Whole writes into the module's own ``self`` chains outside ``__init__``: ``nn.init.zeros_(self.proj.weight)``,
    # ``self.norm.weight.data.fill_(1)`` ("init": from the tensor alone), ``self.to_kv.weight.copy_(w)``,
    # ``self.proj.weight.data = w`` ("copy": a value from elsewhere), ``self.w.data = weight.to(dtype)`` with ``weight``
    # read from ``self.w`` ("cast": its own values cast back): (line, column, the chain without ``.data``, kind).
    own_weight_writes: tuple[tuple[int, int, Chain, str], ...] = ()
    # ``self.<name>[key] = ...`` outside ``__init__``: containers whose elements the class creates on demand (peft's
    # ``self.lora_B[adapter_name] = nn.Linear(...)`` in ``update_layer``): their names.
    filled_items: tuple[str, ...] = ()
    # ``unet.down_blocks.state_dict()`` on a module handed in as an argument (diffusers' ``ControlNetModel.from_unet``):
    # (line, column, the receiver as spelled). Judged against the argument's annotation in ``analyze/facts.py``.
    handed_state_dicts: tuple[tuple[int, int, str], ...] = ()
    # ``<model>....weight.data`` of a model the object holds in a collection (a loop over ``self.text_encoders``):
    # (line, column, the receiver as spelled, "value" or "size"). Judged for classes that are no module.
    held_weight_data: tuple[tuple[int, int, str, str], ...] = ()
    # The method only sets ``requires_grad`` on parameters it collects (``freeze_base_params``): metadata, no values.
    only_toggles_grad: bool = False
    # ``forward()`` yields (karlo's super-resolution models): calling the module returns a generator, so the hooks
    # have run their post_forward before the body runs (recorded for forward() only).
    is_generator: bool = False
    # Its body (past a docstring) only raises ``NotImplementedError``: a base leaving it to subclasses (asked of forward).
    not_implemented: bool = False
    # ``p.numel()`` over ``self.parameters()`` (or another model's), in a method that reads no ``ds_numel``:
    # (line, column, as spelled).
    parameter_counts: tuple[tuple[int, int, str], ...] = ()
    # Children named in ``@force_accelerate_hooks(...)``: their accelerate hooks fire around the method.
    forced_hooks: tuple[str, ...] = ()
    # Calls handing ``self`` itself to a function: (the function as spelled, its position or keyword).
    handed_self: tuple[tuple[str, int | str], ...] = ()
    # ``<receiver>.register_forward_pre_hook(<callback>)`` in this method: (callback, receiver as spelled,
    # "forward pre-hook" or "forward hook", first line, last line). The callback is ``self.<method>``'s name, or a
    # function nested in this method (its lines given; 0, 0 for a method): it runs when the receiver runs.
    registered_hooks: tuple[tuple[str, str, str, int, int], ...] = ()
    # A digest of the method's code modulo comments, blank lines and indentation: the same method of a class of the
    # same name in another file is the same code (vendored copies; ``related.py``).
    copy_key: str = ""
    # ``__init__`` only: wrappers applied to every layer of the module at once (``apply_spectral_norm(self)``).
    modules_wrapped: tuple[ModulesWrapped, ...] = ()
    # ``__init__`` only: the options it hands on under their own name to a class it builds (``Block(dim,
    # filter_type=filter_type)``): (callee as spelled, keyword), one per call; and the literal defaults of its
    # parameters, as ``repr`` (``("filter_type", "'linear'")``). An option handed on with the default the built class
    # has itself leaves that class's option as the defaults leave it, unless the holder's own option is set.
    forwarded_options: tuple[tuple[str, str], ...] = ()
    option_defaults: tuple[tuple[str, str], ...] = ()
    # The line of a statement of the method's own body (not under a test or a loop) that moves the whole module to a
    # device by hand (``self.to(device)``, ``model = self.eval().to(device)``) in a method that never runs the
    # module's forward; 0 for none. What the method reaches after it finds the weights moved (pyhealth's generators).
    moves_self_at: int = 0

    @property
    def is_property(self) -> bool:
        return any(d.split(".")[-1] in {"property", "cached_property"} for d in self.decorators)

    @property
    def is_static(self) -> bool:
        """No instance: ``@staticmethod``, ``@classmethod`` and the implicit class methods."""
        if self.name in ("__init_subclass__", "__new__", "__class_getitem__"):
            return True
        return any(d.split(".")[-1] in {"staticmethod", "classmethod"} for d in self.decorators)


@dataclass(frozen=True)
class FunctionUses:
    """What a module-level function (a training script's ``main()``, diffusers' ``cast_training_params``) does with the
    parameters of models it reaches through ``<model>.parameters()`` / ``.named_parameters()``: the analysis reads
    classes' methods, and these functions drive models from outside any of them. Positions are (line, 0-based
    column) as ``ast`` gives them."""

    name: str
    line: int
    # Whole-parameter writes into those parameters: (line, column, what is written, whether the value is the
    # parameter itself cast: ``p.data = p.to(dtype)``).
    writes: tuple[tuple[int, int, str, bool], ...] = ()
    # ``<local>.<method>(<model>.parameters())`` where the local is bound in the function to a constructed class
    # (``ema_unet = EMAModel(...)`` then ``ema_unet.copy_to(unet.parameters())``): (line, column, the classes the
    # local is bound to as spelled, the method, the model as spelled).
    handed: tuple[tuple[int, int, tuple[str, ...], str, str], ...] = ()
    # ``p.numel()`` of those parameters (``sum(p.numel() for p in model.parameters())``): (line, column, as spelled).
    counts: tuple[tuple[int, int, str], ...] = ()
    # Line spans of ``with deepspeed.zero.GatheredParameters(...):`` bodies.
    gathered: tuple[tuple[int, int], ...] = ()
    # The function reads DeepSpeed's own sizes (``ds_numel``, ``ds_shape``): its counts know partitions.
    partition_aware: bool = False


@dataclass(frozen=True)
class DeclaredList:
    """A class-level ``_group_offload_block_modules = <value>`` as written; positions are
    (line, UTF-8 byte column) as ``ast`` gives them."""

    kind: str  # "list", "tuple", or "" for any other expression
    start: tuple[int, int]
    end: tuple[int, int]
    last_element_end: tuple[int, int] | None  # None: no elements
    all_strings: bool  # every element a string literal


@dataclass(frozen=True)
class ClassBodyLayout:
    """Where a new class-level declaration can go: what the fix declaring a block module edits."""

    first_line: int  # of the body's first statement (its decorators included); 0: on the class line
    docstring_end: int | None  # the last line of the docstring the body opens with
    block_modules: DeclaredList | None  # the class's own ``_group_offload_block_modules``
    # Each body statement as (first line, decorators included; last line), in order; None when two
    # share a line. A fix inside one method parses only the statements it needs, not the class.
    statements: tuple[tuple[int, int], ...] | None = None


@dataclass(slots=True)
class ClassSummary:
    name: str
    qualname: str  # dotted within the module (``Outer.Inner``)
    line: int
    column: int
    end_line: int
    bases: tuple[str, ...]  # dotted source spellings, resolved later
    methods: dict[str, MethodSummary] = field(default_factory=dict)
    # The class decorators as spelled (``ARCH_REGISTRY.register``): a registry may build the class by name.
    decorators: tuple[str, ...] = ()
    # Its ``__init__`` warns (``deprecate(...)``, ``warnings.warn(...)``): kept for users' code that builds it.
    deprecated: bool = False
    block_modules: tuple[str, ...] | None = None  # _group_offload_block_modules
    supports_group_offloading: bool | None = None  # _supports_group_offloading
    # ``__init__`` parameter annotations (pipelines declare components this way).
    init_annotations: dict[str, str] = field(default_factory=dict)
    # ``__init__`` takes ``**kwargs``: keywords passed to the class may be forwarded to the classes it builds.
    init_kwargs: bool = False
    # The other classes of a union annotation (``text_encoder: ClapTextModelWithProjection | ClapModel``).
    init_alternatives: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # Names passed to ``self.register_modules(name=...)``.
    registered_modules: tuple[str, ...] = ()
    # Children ``__init__`` also lists in a ModuleList/Sequential of its own (DI-engine's ``self.actor =
    # nn.ModuleList([self.encoder, self.actor_head])``): block level hooks each of them as a block.
    listed_children: tuple[str, ...] = ()
    # Fields known to hold Python scalars: class attributes annotated or assigned as
    # float/int/bool (configs) and ``__init__`` parameters typed or defaulted so.
    scalar_fields: frozenset[str] = frozenset()
    # ParameterList / ParameterDict attributes whose every tensor is 0-dim, as ``__init__`` builds and fills them
    # (``nn.ParameterList([nn.Parameter(torch.tensor(0.0)) for _ in range(n)])``, ``.append(nn.Parameter(torch.randn(())))``).
    scalar_containers: frozenset[str] = frozenset()
    # Fields defaulted to False: class attributes (configs) and ``__init__`` parameters.
    false_fields: frozenset[str] = frozenset()
    # Fields given a number, a bool or None by default, with that default: ``__init__`` parameters
    # (``pretraining_tp=1``) and class attributes (``pretraining_tp: int = 1``), sorted by name. What a config class
    # gives a field no config sets (``analyze.config_branches``).
    field_defaults: tuple[tuple[str, object], ...] = ()
    # Attribute names the class binds: in its body (attributes, nested classes), by stores on
    # ``self.<name>`` in its methods, ``setattr(self, "<name>", ...)`` and ``register_*("<name>", ...)``.
    bound_attributes: frozenset[str] = frozenset()
    # ``setattr(self, <computed name>, ...)`` or ``self.__dict__``: attributes not known by name.
    dynamic_attributes: bool = False
    # Offloading declarations made as class attributes: ``_no_split_modules``,
    # ``_exclude_from_cpu_offload`` (lists of names), ``model_cpu_offload_seq`` (split on ``->``).
    declared: dict[str, tuple[str, ...]] = field(default_factory=dict)
    body_layout: ClassBodyLayout | None = None
    # What ``__init__`` builds that only a training wrapper holds: ``(line, what)`` for an accelerate
    # ``Accelerator`` and for an optimizer built over parameters other than the class's own.
    training_signs: tuple[tuple[int, str], ...] = ()
    # A digest of the class's code modulo comments, blank lines and indentation (``index/copies.py``): the same
    # class vendored in several files has the same one, so their findings are one cause (``related.py``).
    # Each method has its own (``MethodSummary.copy_key``).
    copy_key: str = ""
    # Class-body attributes bound to a class (``conv_norm_act: Type[nn.Module] = ConvNormAct``, a ``partial`` of one:
    # the source as :func:`~offload_lint.index.extract.class_source` gives it) or, annotated as a class, to None
    # (``"none"``), for children built by calling a holder object's attribute (timm's ``LayerFn``).
    class_attributes: dict[str, str] = field(default_factory=dict)
    # Methods whose one return is ``nn.Sequential(...)`` (timm's ``self.layer1 = self._make_layer(...)``), as
    # :attr:`FileSummary.returned_sequentials`.
    returned_sequentials: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # Methods whose one return is a ParameterDict/ParameterList they build: the container's callee as spelled.
    returned_containers: dict[str, str] = field(default_factory=dict)


# Class attributes that declare how a strategy groups or places the model.
DECLARATION_ATTRIBUTES = ("_no_split_modules", "_exclude_from_cpu_offload", "model_cpu_offload_seq")
# Calls that declare what a strategy hooks: the function's name -> what its string/name arguments are.
DECLARATION_CALLS = {
    "register_fsdp_forward_method": "fsdp_forward_methods",
    "set_z3_leaf_modules": "z3_leaf_modules",
    "preload_module_classes": "preload_module_classes",  # the keyword of cpu_offload / dispatch_model
}


@dataclass
class FileSummary:
    path: str
    module: str  # dotted import name derived from the package layout
    is_package: bool
    imports: dict[str, str]  # local name -> dotted target
    # Keyword names any call of the file passes, and string keys of its dict literals (``dict(global_pool="map")``,
    # ``{"reg_tokens": 4}``): the constructor options something here may set.
    keywords: frozenset[str] = frozenset()
    # Keyword names passed to calls with a dotted callee, by the callee as spelled (``Mamba(d_conv=4)``;
    # ``partial(Mamba, ...)`` and ``super().__init__(...)`` under the class they build): options set for what the
    # call may build (see ``ProjectIndex.keywords_for``).
    call_keywords: dict[str, frozenset[str]] = field(default_factory=dict)
    # Keywords handed on under their own name (``Block(dim, filter_type=filter_type)``), not in ``call_keywords``:
    # (callee as ``call_keywords`` keys it, keyword, how many calls of the file do so).
    forwarded_keywords: tuple[tuple[str, str, int], ...] = ()
    # Module-level functions -> whether each takes ``**kwargs``.
    module_functions: dict[str, bool] = field(default_factory=dict)
    classes: list[ClassSummary] = field(default_factory=list)
    # Class constructions handed a constructed object (``Wrapper(model=Unet(...))``): (class as spelled, argument
    # position or keyword, the argument's callee as spelled, line, whether the object is built in the argument
    # itself rather than kept in a local first); types the untyped modules a class is handed.
    constructions: tuple[tuple[str, str, str, int, bool], ...] = ()
    # The same constructions handed a class itself (``MAR(norm_layer=partial(nn.LayerNorm, eps=1e-6))``): (class as
    # spelled, argument position or keyword, ``class:<class>`` or ``off:<class>`` (a partial turning the affine
    # weights off), line); types a child built by calling that parameter (``Assigned`` kind ``class_built``).
    class_arguments: tuple[tuple[str, str, str, int], ...] = ()
    # Module-level functions whose every ``return`` gives a class (``model_name_to_cls``): the classes as spelled.
    class_returns: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # Every ``from X import Y`` re-export, also under TYPE_CHECKING (for resolving).
    star_imports: tuple[str, ...] = ()
    # What the file's import statements at any depth name, absolute (``from`` sources, ``source.name`` and
    # ``import a.b`` modules): a function's lazy import of a module makes that module one the tree runs.
    imported_modules: tuple[str, ...] = ()
    # Every import under another name at any depth: local name -> absolute target (``as evaluate``).
    import_renames: dict[str, str] = field(default_factory=dict)
    # Module-level functions that return a wrapped layer, by name.
    factories: dict[str, LayerFactory] = field(default_factory=dict)
    # Module-level functions that wrap the modules of the module they are handed, by name.
    module_wrappers: dict[str, ModuleWrapper] = field(default_factory=dict)
    # Module-level functions and what they may return: one entry per ``return``, each (whether it returns a
    # tuple display, and per position the values that may be there as spelled in this file: ``"nn.Linear"``,
    # a call's callee, or ``"_create_pool[0]"``, an item of a call's returned tuple). Layer factories
    # (``create_classifier`` returning ``(global_pool, fc)``) are followed to the classes they build.
    function_returns: dict[str, tuple[tuple[bool, tuple[tuple[str, ...], ...]], ...]] = field(default_factory=dict)
    # Module-level functions whose one return is ``nn.Sequential(...)``: its elements' callees in order when they are
    # literal calls (a child built by one is a container whose first module gets the call's arguments), else empty.
    returned_sequentials: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # Capitalised names and attributes the file refers to, with their lines (``SoftNormBottleneck`` in a factory's
    # dict, ``models.Encoder``): whether anything names a class. A class's own ``class`` line is no reference.
    mentions: dict[str, tuple[int, ...]] = field(default_factory=dict)
    # Calls per attribute name anywhere in the file (``lora.get_weight().to(d)`` counts ``get_weight`` once).
    attribute_calls: dict[str, int] = field(default_factory=dict)
    # Class names the file loads or exposes by name: ``<Name>.from_pretrained``/``from_config``,
    # ``register(<Config>, <Name>)``, a string that is a capitalised name (an auto mapping, an ``__all__``; quoted in a
    # docstring too).
    loaded_names: tuple[str, ...] = ()
    # How often the file's code (not its strings) loads each class name: ``<Name>.from_pretrained``/``from_config``.
    load_counts: dict[str, int] = field(default_factory=dict)
    # Every identifier the file uses as a name, an attribute of anything but ``self`` or an identifier string
    # (``getattr(m, "forward_old")``), sorted; then the attributes it reads only on ``self`` (``self.get_last_layer()``):
    # whether a method is named anywhere but on its ``def`` line, and by whom.
    words: tuple[str, ...] = ()
    self_words: tuple[str, ...] = ()
    # ``words`` by the top-level class or function they are written in, module-level code under ``""``
    # (``index.extract.MODULE_CODE``): what each definition names, for what an application's entry points reach.
    definition_words: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # What each top-level definition reads by a computed name (``index.extract._computed_read``): ``*`` for
    # ``globals()``/``eval(...)``, else the names ``getattr(<name>, <computed>)`` reads from.
    computed_reads: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # The dotted strings each top-level definition writes (``"config.locomotion"``, ``"models.unet.UNet"``): modules
    # and classes that code loads by name (``importlib.import_module(args.config)``, a registry's dotted path).
    dotted_strings: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # The packages the file imports modules from by computed names (``import_module(f"model.{name}")``: ``model``).
    import_prefixes: tuple[str, ...] = ()
    # Command-line switches the file defines off by default (``add_argument("--masks", action="store_true")``), by
    # dest; and the bodies of its ``if <name>.<attribute>:`` tests as (attribute, first line, last line): what a body
    # builds exists only when the option is on (DETR's ``if args.masks: model = DETRsegm(model, ...)``).
    cli_switches: tuple[str, ...] = ()
    switch_blocks: tuple[tuple[str, int, int], ...] = ()
    # How many ``"--<option>"`` strings name each dest (every ``add_argument`` has one; more are passed somewhere),
    # and the dests code may set (``args.masks = True`` on a plain name, ``parser.set_defaults(masks=True)``).
    option_strings: dict[str, int] = field(default_factory=dict)
    options_set: tuple[str, ...] = ()
    # The classes (as spelled) whose instances' ``.device`` the file reads through a name typed to them: a parameter
    # annotated with the class (``model: Mamba``), a local built from it (``model = Zonos.from_pretrained(...)``).
    typed_device_reads: tuple[str, ...] = ()
    # For each name typed nowhere whose ``.device`` a scope reads, the other attributes the scope reads on it
    # (``model.device`` beside ``model.resample(...)``): what the name may be.
    untyped_device_reads: tuple[tuple[str, ...], ...] = ()
    # Top-level classes and functions with a decorator that may register them (not ``@dataclass``, ``@torch.no_grad()``).
    decorated: tuple[str, ...] = ()
    # Lines of each call of a name with a capital (``Foo(...)``, ``models.Foo(...)``, ``Foo(`` written in a string);
    # ``Foo (`` in a string separately (a docstring's "STFT (MS-STFT)" is no call).
    name_calls: dict[str, tuple[int, ...]] = field(default_factory=dict)
    spaced_name_calls: dict[str, tuple[int, ...]] = field(default_factory=dict)
    # How often a capitalised name is written in a class statement's bases or keywords (no reference to build it).
    base_mentions: dict[str, int] = field(default_factory=dict)
    # Module-level functions taking a pipeline first (``def get_embeddings(pipe, ...)``), read as methods of it.
    pipeline_functions: dict[str, MethodSummary] = field(default_factory=dict)
    # Module-level functions that touch the parameters of models they reach (:class:`FunctionUses`), by name; only
    # those that do.
    function_uses: dict[str, FunctionUses] = field(default_factory=dict)
    # Module-level functions that build an object into a local they neither return, store, hand to a call nor offload
    # (an application's ``describe_image()`` building a CLIP and running it): the classes as spelled, by function.
    function_local_builds: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # Module-level functions that read their first argument's first parameter (timm's
    # ``get_device_dtype(module)``: ``next(module.parameters())``), by name.
    first_parameter_readers: frozenset[str] = frozenset()
    # Module-level functions that return their first argument copied to host memory (deepmd's ``to_numpy_array``:
    # ``xx.detach().cpu().numpy()``), by name: a tensor handed to one is read back, not computed with.
    host_copies: frozenset[str] = frozenset()
    # Module-level functions a method of the file hands ``self`` to (scvi-tools' ``forward`` returning
    # ``_generic_forward(self, ...)``): by name, per positional parameter, the methods the function calls on it
    # (``module.inference(...)``): they run inside the method that hands ``self`` over.
    handed_self_calls: dict[str, tuple[tuple[str, ...], ...]] = field(default_factory=dict)
    # Module-level ``NAME = dotted.name`` aliases (``WN = nn.utils.weight_norm``).
    aliases: dict[str, str] = field(default_factory=dict)
    # Declarations made by calls anywhere in the file (:data:`DECLARATION_CALLS`): kind -> names.
    declarations: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # (first, last) line of each top-level statement, decorators included, for fixes that parse
    # only the statement they edit; None when two statements share a line.
    statements: tuple[tuple[int, int], ...] | None = None
    # Whether the file runs code of its own when executed: an ``if __name__ == "__main__":`` block, or a top-level
    # call, loop or ``with`` (a script), not only definitions, imports and assignments.
    script: bool = False

    def number_names(self) -> tuple[tuple[str, str], ...]:
        """The local names bound to the ``math`` module or one of its members (``from math import log, pi``,
        ``import math as m``), each with what it names: their values and what their calls return are Python
        numbers, which mix with a tensor on any device. Sorted: it keys the libcst results of the file's methods."""
        return tuple(sorted((local, target) for local, target in self.imports.items()
                            if target == "math" or target.startswith("math.")))
