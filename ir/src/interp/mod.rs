//! The IR interpreter: runs lowered programs with Puppet 7's semantics and
//! builds the catalog. No AST is walked at run time.
//!
//! One call of an IR function is a frame: a register file indexed by SSA
//! value, the scope its variables live in, and its match data. Calls
//! between bodies go through [`Interp::call_body`], the one calling
//! convention (argument binding, defaults, parameter types) that the JIT
//! reuses. Errors and non-local exits (`break`, `next`, `return`) travel as
//! [`Flow`]; an error carries the location of the innermost failing
//! instruction, which is what Puppet reports.
//!
//! Evaluation order follows Puppet's compiler: the main manifest, then the
//! matching node body; `include` evaluates a class at once; defined-type
//! instances are evaluated after the code that declared them, in waves,
//! until none are left.

mod alias_table;
pub mod catalog;
mod catalog_json;
mod compiler;
mod define_memo;
mod files;
mod manifest_dirs;
pub mod memo;
mod lookup;
pub mod resource_types;
mod erb;
pub use erb::ErbStats;
mod foreign;
pub mod scope;
pub mod settings;
pub mod storeconfigs;
pub mod tier;

/// The interpreter's maps are keyed by names and ids it makes itself and
/// never iterated where order shows: a fast hasher instead of SipHash.
type HashMap<K, V, S = foldhash::fast::FixedState> = std::collections::HashMap<K, V, S>;
use std::rc::Rc;
use std::sync::Arc;

use cranelift_entity::EntityRef;
use indexmap::{IndexMap, IndexSet};
use pjit_runtime::functions::{self as rtf, FnResult, Host, LogLevel, Unwind};
use pjit_runtime::types::init as rtf_init;
use pjit_runtime::types::{CallableType, IntRange, TypeAlias, calc, format::type_to_string};
use pjit_runtime::value::CallableValue;
use pjit_runtime::{Error, Type, Value, display, ops};

use crate::ir::*;
use catalog::{Catalog, capitalize_name, name_tags, valid_tag};
use scope::Scope;

/// Puppet's `strict` setting.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub enum Strict {
    Off,
    #[default]
    Warning,
    Error,
}

#[derive(Clone, Debug, Default)]
pub struct Options {
    pub node: String,
    pub environment: String,
    pub facts: IndexMap<String, Value>,
    pub strict_variables: bool,
    pub strict: Strict,
    /// Module directories searched by the autoloader, in order.
    pub modulepath: Vec<std::path::PathBuf>,
    /// The global `hiera.yaml` (`--hiera-config`); None: no global data.
    pub hiera_config: Option<std::path::PathBuf>,
    /// The environment's directory, whose `hiera.yaml` is the environment
    /// data layer; None: no environment layer.
    pub environment_dir: Option<std::path::PathBuf>,
    /// Whether `generate()` may run commands on this machine (off by
    /// default: a compilation then only reads files).
    pub allow_generate: bool,
    /// Runs the modules' Ruby code pjit has no native implementation for
    /// (see `foreign.rs`); None: such code is an error naming its module.
    pub foreign: Option<Arc<dyn pjit_runtime::foreign::Foreign>>,
    /// `$trusted` (a Hash, as Puppet builds it from a verified client
    /// certificate); None: Puppet's for a compile without a certificate
    /// (`authenticated => 'local'`, empty names).
    pub trusted: Option<Value>,
    /// `$server_facts` entries the compiling server adds between
    /// `serverversion` and `environment` (`servername`, `serverip`).
    pub server_facts: Vec<(String, Value)>,
    /// Node parameters from an external node classifier: top-scope
    /// variables that win over facts of the same name.
    pub parameters: IndexMap<String, Value>,
    /// Node classes from an external node classifier, evaluated after the
    /// node definition as Puppet's `evaluate_node_classes` does: those with
    /// parameters resource-like first, then the others `include`-like.
    pub classes: IndexMap<String, Option<IndexMap<String, Value>>>,
    /// Set by whoever runs the compile to stop it (a server's time and
    /// memory limits): the next body call or iteration step fails. Its
    /// memory bound is checked there too.
    pub cancel: Option<Arc<Cancel>>,
    /// Storeconfigs (PuppetDB): exported collectors and `puppetdb_query`
    /// use it; None is Puppet's `storeconfigs = false`.
    pub storeconfigs: Option<Arc<dyn storeconfigs::StoreConfigs>>,
    /// What the driver stores of this compile when it stores into
    /// PuppetDB, and for which agent run.
    pub persistence: storeconfigs::Persistence,
    /// `$settings::<name>`, shared by the compiles of one configuration;
    /// None: Puppet's defaults ([`settings::SettingsTable::defaults`]).
    pub settings: Option<Arc<settings::SettingsTable>>,
    /// The environment's main manifest (a file or a directory), as
    /// `$settings::manifest`; None: the setting's own value.
    pub manifest: Option<std::path::PathBuf>,
    /// Whether compiles of a [`Warm`] program are remembered and replayed
    /// (batch mode, see `memo.rs`).
    pub memo: memo::Mode,
}

/// A request to stop a running compile, with the reason its error gives.
#[derive(Debug, Default)]
pub struct Cancel {
    requested: std::sync::atomic::AtomicBool,
    reason: std::sync::Mutex<String>,
    memory: Option<MemoryBound>,
}

/// A bound on the memory one compile may take, measured on the thread
/// that runs it: `allocated` reads that thread's allocated-minus-freed
/// byte count (the embedder's allocator keeps it); the compile stops once
/// the count has grown by more than `limit` since the bound was made
/// ([`MemoryBound::from_now`]).
#[derive(Debug)]
pub struct MemoryBound {
    pub allocated: fn() -> usize,
    pub limit: usize,
    /// The error of a compile over the bound.
    pub message: String,
    base: usize,
}

impl MemoryBound {
    /// A bound measured from now, on the calling thread (the one that
    /// will run the compile).
    pub fn from_now(allocated: fn() -> usize, limit: usize, message: String) -> MemoryBound {
        MemoryBound { allocated, limit, message, base: allocated() }
    }
}

impl Cancel {
    /// A compile that also stops when it takes more memory than `bound`.
    pub fn with_memory(bound: MemoryBound) -> Cancel {
        Cancel { memory: Some(bound), ..Cancel::default() }
    }

    /// Asks the compile to stop; its error says `reason`.
    pub fn request(&self, reason: &str) {
        *self.reason.lock().unwrap_or_else(|e| e.into_inner()) = reason.to_string();
        self.requested.store(true, std::sync::atomic::Ordering::Release);
    }

    pub fn is_requested(&self) -> bool {
        self.requested.load(std::sync::atomic::Ordering::Acquire)
    }

    /// Whether the compile must stop: asked to, or (read on the compile's
    /// own thread) over its memory bound.
    #[inline]
    fn must_stop(&self) -> bool {
        if let Some(m) = &self.memory
            && (m.allocated)().wrapping_sub(m.base) as isize > m.limit as isize
            && !self.is_requested()
        {
            self.request(&m.message);
        }
        self.is_requested()
    }
}

/// What the autoloader looks for.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
enum LoadKind {
    /// Classes and defined types: `<module>/manifests/...`, the way
    /// Puppet's type loader searches (see [`Interp::autoload`]).
    Class,
    Define,
    Function,
    TypeAlias,
}

/// A log line the program produced.
#[derive(Clone, Debug, PartialEq)]
pub struct Log {
    pub level: LogLevel,
    /// `Class[main]`, `Foo[x]`, ... (`Scope(...)` in Puppet's output).
    pub scope: Option<String>,
    pub message: String,
}

/// An evaluation error: Puppet's message and where it happened.
#[derive(Clone, Debug, PartialEq)]
pub struct EvalError {
    pub issue: &'static str,
    pub message: String,
    pub loc: Option<Loc>,
}

impl EvalError {
    /// Errors Puppet's compiler raises outside its evaluator's error
    /// wrapping: shown without the "Evaluation Error: " prefix and without
    /// a column.
    pub fn is_compiler_error(&self) -> bool {
        matches!(
            self.issue,
            "NO_NODE"
                | "ILLEGAL_BREAK"
                | "ILLEGAL_NEXT"
                | "ILLEGAL_RETURN"
                | "LOAD_ERROR"
                | "STACK_OVERFLOW"
                | "LOOP_LIMIT"
                | "REDEFINITION"
                | "DEFAULT_REDEFINED"
                | "INVALID_REFERENCE"
                | "MISSING_REFERENCE"
                | "UNRESOLVED_OVERRIDE"
                | "UNREALIZED"
                | "MISSING_RELATIONSHIP"
                | "OVERRIDE_NOT_SUBCLASS"
                | "PARAMETER_ALREADY_SET"
                | "UNKNOWN_ATTRIBUTE"
                | "OVERRIDE_EVALUATED"
                | "INVALID_TAG"
                | "LOOKUP_ERROR"
                | "STORECONFIGS"
                | "STORE_FAILED"
                | "DUPLICATE_EXPORTED"
                | "NODE_PARAMETER"
                | "COMPILER_ARGUMENT_ERROR"
        )
    }
}

/// Ways out of a body other than its value.
#[derive(Debug)]
pub enum Flow {
    Error(EvalError),
    Break(Loc),
    Next(Value, Loc),
    Return(Value, Loc),
}

type R<T> = Result<T, Flow>;

/// The issue of the errors that binding by name raises about the
/// parameters themselves (Puppet's `validate_parameters` list, a default
/// reading a parameter that has no value): the statement that declared
/// the class or resource, or called the template, reports them as its own,
/// without a location of theirs.
pub(crate) const PARAMETER_ERROR: &str = "PARAMETER_ERROR";

/// The issue of an `Init` that cannot be initialized met by binding by
/// name (Puppet's `ArgumentError` out of `validate_parameters`): a class's
/// declaring statement and a template's call report it as their own, as a
/// [`PARAMETER_ERROR`]; out of a defined type's evaluation it is the
/// compiler's bare failure.
pub(crate) const BIND_INIT_ERROR: &str = "BIND_INIT_ERROR";

/// The default of a parameter being evaluated (Puppet's `ParameterScope`,
/// see `Interp::check_param_guard`).
struct ParamGuard {
    /// The scope the default runs in, holding the parameters bound so far.
    scope: Rc<Scope>,
    /// The body's parameters, in order.
    params: Vec<Sym>,
    /// The parameter whose default this is.
    from: usize,
    /// How Puppet's message names the body (`Mydef[x]`, `f`, `lambda`).
    callee: String,
    /// Bound by position (a function or lambda call).
    by_position: bool,
    /// Where binding happens (the call or declaration).
    loc: Loc,
}

fn error(issue: &'static str, message: impl Into<String>, loc: Loc) -> Flow {
    Flow::Error(EvalError { issue, message: message.into(), loc: Some(loc) })
}

fn rt_error(e: Error, loc: Loc) -> Flow {
    Flow::Error(EvalError { issue: e.issue(), message: e.message().to_string(), loc: Some(loc) })
}

/// The error for a flow that escaped every body that could take it: an
/// error stays itself; `break`/`next`/`return` become Puppet's "from context
/// where this is illegal" errors.
fn illegal_exit(f: Flow) -> EvalError {
    let (issue, word, loc) = match f {
        Flow::Error(e) => return e,
        Flow::Break(l) => ("ILLEGAL_BREAK", "break", Some(l)),
        Flow::Return(_, l) => ("ILLEGAL_RETURN", "return", Some(l)),
        Flow::Next(_, l) => ("ILLEGAL_NEXT", "next", Some(l)),
    };
    EvalError { issue, message: format!("{word}() from context where this is illegal"), loc }
}

/// A lambda: its body and the scope and match data it closes over.
struct Closure {
    func: FuncId,
    scope: Rc<Scope>,
    matches: Option<Rc<Vec<Option<String>>>>,
    /// The lambda value: once it is gone nothing can call the closure,
    /// and its entry (with the scope it keeps alive) is reused.
    value: std::sync::Weak<CallableValue>,
}

/// Closures are swept for dead entries when their table reaches this
/// size, or twice the number alive after the last sweep.
const CLOSURE_SWEEP_MIN: usize = 1024;

/// Arguments of a body call.
enum Args {
    Positional(Vec<Value>),
    Named(catalog::Params),
    /// By name, the given values being the parameters of catalog resource
    /// `i` as they are when binding starts (a class or defined type: read
    /// in place, no copy of the map and its names).
    OfResource(usize),
}

/// Maximum nesting of body calls before "stack level too deep" (Puppet
/// reports endless recursion the same way, as an error).
const MAX_CALL_DEPTH: u32 = 2000;

pub struct Interp {
    pub prog: Program,
    pub opts: Options,
    pub logs: Vec<Log>,
    pub catalog: Catalog,
    top: Rc<Scope>,
    node_scope: Option<Rc<Scope>>,
    class_scopes: HashMap<String, Rc<Scope>>,
    closures: Vec<Closure>,
    /// Entries of `closures` whose lambda value is gone, to reuse.
    free_closures: Vec<usize>,
    /// The table size at which to sweep `closures` next.
    closure_sweep_at: usize,
    /// Collectors, relationships and overrides waiting for the catalog.
    state: compiler::CompileState,
    /// Module functions by name, as the modulepath provides them.
    module_functions: HashMap<String, ModuleFunction>,
    /// Keys of the deprecation warnings already given.
    warned: std::collections::HashSet<String>,
    /// Ruby resource types by name (None: no such type), read on demand.
    ruby_types: HashMap<String, Option<Rc<resource_types::TypeInfo>>>,
    /// Types whose `.resource_types` file Puppet would refuse, with its message.
    generated_type_errors: HashMap<String, String>,
    labels: Vec<Rc<str>>,
    depth: u32,
    reg_pool: Vec<Vec<Value>>,
    signatures: HashMap<FuncId, Type, foldhash::fast::FixedState>,
    /// Values of type thunks made of constants and type names (parameter
    /// types naming aliases: `Stdlib::Absolutepath`), once computed in
    /// this compile (see [`Interp::type_value`]).
    type_thunks: HashMap<FuncId, Value, foldhash::fast::FixedState>,
    /// Type thunk values that every compile of the program computes alike
    /// with no effect but resolving plain aliases: kept across compiles
    /// (see [`Warm`] and [`Interp::type_value`]).
    shared_thunks: HashMap<FuncId, Value, foldhash::fast::FixedState>,
    /// How many times an access read the catalog (`Class['c']['x']`,
    /// `File['f']['mode']`): a thunk whose run did is not remembered.
    catalog_reads: u64,
    /// How many times resolving a type name did more than resolve a plain
    /// alias whose body did nothing else (a resource type looked up or
    /// loaded, an Object or TypeSet defined, the catalog read): a thunk
    /// whose run did is not shared with later compiles.
    type_effects: u64,
    /// The aliases of `aliases` whose resolution had no such effect.
    plain_aliases: std::collections::HashSet<String>,
    /// Type names (`Op::TypeRef`) resolved in this compile: the value, and
    /// whether resolving it had no effect (see [`Interp::type_ref`]).
    type_refs: HashMap<Sym, (Value, bool), foldhash::fast::FixedState>,
    /// Plain aliases (see `plain_aliases`) an earlier compile of the
    /// program resolved, by lower-case name: kept across compiles.
    shared_aliases: HashMap<String, Arc<TypeAlias>>,
    /// Parameter names by symbol, shared by the resources that have them
    /// (see [`Interp::param_name`]): kept across compiles.
    param_names: Vec<Option<catalog::ParamName>>,
    /// EPP output buffers, innermost last, and whether a Sensitive part
    /// went into one.
    renders: Vec<(String, bool)>,
    /// Lowered templates by source text (inline) or path (files).
    templates: HashMap<String, FuncId>,
    /// ERB template files by the name `template()` was given (see
    /// `erb.rs`).
    erb_files: ErbFiles,
    /// What this compile's ERB renders did (`--verbose` reports it).
    pub erb_stats: ErbStats,
    /// Files (indexes into `autoloads.files`) the autoloader has read in
    /// this compile (each is read once).
    loaded: Vec<bool>,
    /// What the autoloader found, kept across the compiles that reuse
    /// `prog` (see [`Warm`]).
    autoloads: Autoloads,
    /// The definition tables of the main manifest alone, when `prog` is
    /// reused (see [`Warm`]).
    base: Option<Definitions>,
    /// Compiled code for hot bodies (off unless a backend is installed).
    pub tier: tier::Tier,
    /// Hiera (see `lookup.rs`).
    lookup: lookup::LookupState,
    /// Shared with the other compiles of the environment.
    env_cache: Arc<EnvCache>,
    /// Match data without captures, which hides outer match data from a
    /// function body (shared, so that a call allocates none).
    no_matches: scope::MatchData,
    /// The parameter default being evaluated, if any (innermost).
    param_guard: Option<Box<ParamGuard>>,
    /// The error of a read `param_guard` refused, until the default's
    /// evaluation ends (Puppet throws it past everything in between).
    guard_hit: Option<EvalError>,
    /// Per thunk (by `FuncId`): 0 not yet known, 1 a parameter default
    /// that sees nothing of the parameter scope (`plain_default`), 2 one
    /// that may. Kept across the compiles of a `Warm` program.
    plain_defaults: Vec<u8>,
    /// The symbols of the variables every class and defined-type scope
    /// gets (interned once: a lookup in the symbol table per scope cost
    /// more than the rest of setting them).
    names: ScopeNames,
    /// Puppet's stack of manifest frames (`Puppet::Pops::PuppetStack`),
    /// innermost last: the location of every function call the evaluator
    /// is in (Puppet pushes one per call it makes, not per body), and
    /// [`MAIN_FRAME`] while the main manifest runs. stdlib's
    /// `deprecation` shows its two innermost frames.
    puppet_stack: Vec<Loc>,
    /// Remembered compiles of the program, and what this compile asks
    /// when it is recorded (see `memo.rs`).
    memo: memo::State,
    /// The type aliases resolved in this compile. The last field, so the
    /// last dropped: its drop frees the aliases' reference cycles that
    /// nothing else holds, and every value of the compile is gone by then.
    aliases: alias_table::AliasTable,
}

/// The frame of the main manifest in [`Interp::puppet_stack`] (Puppet's
/// `eval_Program` pushes its file with line 0; which file is the one of
/// the call made from it, the frame above).
const MAIN_FRAME: Loc = Loc { file: u32::MAX, line: 0, col: 0 };

/// What the compiles of one environment share on every thread (batch
/// mode's workers): what depends only on the environment's files, never
/// on a node. See [`Warm::share`].
#[derive(Default, Debug)]
pub struct EnvCache {
    /// Hiera's configurations and data files, read and parsed.
    pub hiera_files: Arc<pjit_runtime::hiera::files::Files>,
}

/// ERB template files by name: parsed (or the syntax error) and path.
type ErbFiles = HashMap<String, (Result<Rc<pjit_runtime::erb::Template>, pjit_runtime::erb::ErbError>, String)>;

/// See [`Interp::names`].
#[derive(Clone, Copy)]
struct ScopeNames {
    title: Sym,
    name: Sym,
    module_name: Sym,
    caller_module_name: Sym,
}

/// The autoloader's memory: which file defines each name it was asked
/// for, and the definitions each file it lowered makes. Valid as long as
/// the program the files were lowered into.
#[derive(Default)]
pub(crate) struct Autoloads {
    /// By [`LoadKind`]: lower-case name to the files to load for it, in
    /// groups: after each group the loader checks whether the name is
    /// defined (indexes into `files`).
    found: [HashMap<String, Rc<[Vec<u32>]>, foldhash::fast::FixedState>; 4],
    files: Vec<std::path::PathBuf>,
    /// Per file: the name its path stands for (see `Interp::autoload_file`).
    namespaces: Vec<Option<String>>,
    /// Files by path bytes (hashing a `Path` walks its components).
    index: HashMap<Vec<u8>, u32, foldhash::fast::FixedState>,
    /// Module name to its directory (None: no such module), once asked.
    module_dirs: HashMap<String, Option<std::path::PathBuf>>,
    /// The modules' Ruby functions, once listed (see
    /// `Interp::ruby_functions`).
    ruby_functions: Option<Rc<HashMap<String, Rc<str>>>>,
    /// The modules' Ruby resource types, once listed (see
    /// `Interp::ruby_type_files`).
    ruby_type_files: Option<Rc<RubyTypeFiles>>,
    /// The module directories of the modulepath, once listed.
    pub(crate) modules: Option<Rc<[std::path::PathBuf]>>,
    /// Per file of the program (`Loc::file`): the module it belongs to,
    /// once asked.
    file_modules: Vec<Option<Value>>,
    /// Per file of the program: its path, shared by the resources it
    /// declares (see `Interp::file_name`).
    file_names: Vec<Option<Rc<str>>>,
    /// Per file: its definitions, once lowered into the program.
    fragments: Vec<Option<Vec<Definition>>>,
    /// Per file: where it is inside a module's `manifests` directory, when
    /// it was found by listing one (opened relative to it).
    in_dirs: Vec<Option<manifest_dirs::InDir>>,
    /// The modules' `manifests` directories, listed once and kept open
    /// for reading their files; by module name (None: no such module).
    manifest_dirs: manifest_dirs::ManifestDirs,
    manifest_dir_index: HashMap<String, Option<u32>>,
}

impl Autoloads {
    /// Reads autoloaded file `file` (at `path`).
    fn read_file(&mut self, file: usize, path: &std::path::Path) -> std::io::Result<Vec<u8>> {
        self.manifest_dirs.read(path, self.in_dirs[file].as_ref())
    }
}

/// A lowered program kept for more compiles of the same environment
/// (batch mode: many nodes, one environment). A compile through
/// [`Interp::from_warm`] sees exactly what a compile of a fresh program
/// would: the definition tables start from the main manifest's, and a file
/// an earlier compile autoloaded becomes visible only when this compile
/// loads it, by replaying its definitions instead of parsing and lowering
/// it again. Lowered bodies, EPP templates, module resource types, module
/// functions and compiled code are kept: they depend only on the
/// environment's files.
///
/// Not `Send` (bodies are `Rc`): each thread keeps its own.
pub struct Warm {
    prog: Program,
    base: Definitions,
    autoloads: Autoloads,
    /// The size of the last catalog (room for the next one).
    resources: usize,
    templates: HashMap<String, FuncId>,
    erb_files: ErbFiles,
    env_cache: Arc<EnvCache>,
    ruby_types: HashMap<String, Option<Rc<resource_types::TypeInfo>>>,
    module_functions: HashMap<String, ModuleFunction>,
    reg_pool: Vec<Vec<Value>>,
    /// The values of the program's pure thunks (see `tier::Tier::take_pure`).
    pure: Vec<Option<Option<Value>>>,
    /// Type thunk values every compile computes alike (see
    /// `Interp::type_value`).
    shared_thunks: HashMap<FuncId, Value, foldhash::fast::FixedState>,
    /// Plain aliases resolved so far (see `Interp::resolve_type_name`).
    shared_aliases: HashMap<String, Arc<TypeAlias>>,
    /// Parameter names by symbol (see `Interp::param_name`).
    param_names: Vec<Option<catalog::ParamName>>,
    /// Which default thunks are plain (see `Interp::plain_default`): a
    /// property of the thunk's code, which never changes.
    plain_defaults: Vec<u8>,
    /// The code generator and its threshold (None: interpreted). Compiled
    /// code stays valid: bodies are never removed from `prog`.
    jit: Option<(Box<dyn tier::Backend>, u32)>,
    /// Compiles of this program remembered by their node inputs.
    memo: memo::Memo,
    /// The text of the latest catalogs' resources (see
    /// `catalog_json::ResourceTexts`).
    texts: Box<catalog_json::ResourceTexts>,
}

impl Warm {
    /// A program with its main manifest lowered, before any compile.
    pub fn new(prog: Program) -> Warm {
        let base = prog.definitions();
        Warm {
            prog,
            base,
            autoloads: Autoloads::default(),
            resources: 0,
            templates: HashMap::default(),
            erb_files: HashMap::default(),
            env_cache: Arc::default(),
            ruby_types: HashMap::default(),
            module_functions: HashMap::default(),
            reg_pool: vec![],
            pure: vec![],
            shared_thunks: HashMap::default(),
            shared_aliases: HashMap::default(),
            param_names: vec![],
            plain_defaults: vec![],
            jit: None,
            memo: memo::Memo::default(),
            texts: Box::default(),
        }
    }

    /// Shares `cache` with the other compiles of the environment (other
    /// threads' programs), instead of this program's own.
    pub fn share(&mut self, cache: Arc<EnvCache>) {
        self.env_cache = cache;
    }

    /// Runs hot bodies through `backend` (see `tier::Tier::new`).
    pub fn set_backend(&mut self, backend: Box<dyn tier::Backend>, threshold: u32) {
        self.jit = Some((backend, threshold));
    }

    pub fn program(&self) -> &Program {
        &self.prog
    }
}

impl Interp {
    pub fn new(mut prog: Program, opts: Options) -> Interp {
        // Class[main] is the catalog's third resource (after Stage[main]
        // and Class[Settings]); `compile` creates them.
        let top = Scope::new(None, Rc::from("Class[main]"), scope::CatScope::new(2, Rc::from(""), None));
        let names = ScopeNames {
            title: prog.intern("title"),
            name: prog.intern("name"),
            module_name: prog.intern("module_name"),
            caller_module_name: prog.intern("caller_module_name"),
        };
        let mut it = Interp {
            prog,
            opts,
            names,
            logs: vec![],
            catalog: Catalog::default(),
            top: top.clone(),
            node_scope: None,
            class_scopes: HashMap::default(),
            closures: vec![],
            free_closures: vec![],
            closure_sweep_at: CLOSURE_SWEEP_MIN,
            state: Default::default(),
            ruby_types: HashMap::default(),
            generated_type_errors: HashMap::default(),
            module_functions: HashMap::default(),
            warned: Default::default(),
            labels: vec![top.label.clone()],
            depth: 0,
            reg_pool: vec![],
            signatures: HashMap::default(),
            type_thunks: HashMap::default(),
            shared_thunks: HashMap::default(),
            catalog_reads: 0,
            type_effects: 0,
            plain_aliases: Default::default(),
            type_refs: HashMap::default(),
            shared_aliases: HashMap::default(),
            param_names: vec![],
            loaded: vec![],
            autoloads: Autoloads::default(),
            base: None,
            renders: vec![],
            templates: HashMap::default(),
            erb_files: HashMap::default(),
            erb_stats: Default::default(),
            tier: tier::Tier::default(),
            lookup: Default::default(),
            env_cache: Arc::default(),
            no_matches: Rc::new(Vec::new()),
            param_guard: None,
            guard_hit: None,
            plain_defaults: Vec::new(),
            puppet_stack: vec![],
            memo: memo::State::default(),
            aliases: Default::default(),
        };
        it.init_top();
        it
    }

    /// An interpreter for one more compile of a program an earlier
    /// compile ran (see [`Warm`]).
    pub fn from_warm(warm: Warm, opts: Options) -> Interp {
        let Warm {
            mut prog,
            base,
            autoloads,
            templates,
            erb_files,
            env_cache,
            ruby_types,
            module_functions,
            reg_pool,
            pure,
            shared_thunks,
            shared_aliases,
            param_names,
            plain_defaults,
            jit,
            resources,
            memo,
            texts,
        } = warm;
        prog.set_definitions(base.clone());
        let mut it = Interp::new(prog, opts);
        it.base = Some(base);
        it.autoloads = autoloads;
        it.catalog = Catalog::with_capacity(resources);
        it.templates = templates;
        it.erb_files = erb_files;
        it.env_cache = env_cache;
        it.ruby_types = ruby_types;
        it.module_functions = module_functions;
        it.reg_pool = reg_pool;
        // A fresh tier over the same backend: its counters and call-site
        // resolutions belong to one compile (definitions are visible per
        // compile), the compiled code does not.
        if let Some((backend, threshold)) = jit {
            it.tier = tier::Tier::new(backend, threshold);
        }
        it.tier.keep_pure(pure);
        it.shared_thunks = shared_thunks;
        it.shared_aliases = shared_aliases;
        it.param_names = param_names;
        it.plain_defaults = plain_defaults;
        it.memo.memo = memo;
        it.catalog.texts = std::cell::RefCell::new(Some(texts));
        it
    }

    /// What this compile leaves for the next compile of the same
    /// environment: everything but its catalog, logs, scopes and settings.
    /// None for an interpreter [`Interp::new`] made (its program's
    /// definition tables were not kept apart from the autoloaded ones).
    pub fn into_warm(mut self) -> Option<Warm> {
        Some(Warm {
            base: self.base?,
            prog: self.prog,
            autoloads: self.autoloads,
            // A replayed compile (see `memo.rs`) built no catalog: the
            // room it was given stays the hint.
            resources: match self.catalog.resources.len() {
                0 => self.catalog.resources.capacity(),
                n => n,
            },
            templates: self.templates,
            erb_files: self.erb_files,
            env_cache: self.env_cache,
            ruby_types: self.ruby_types,
            module_functions: self.module_functions,
            reg_pool: self.reg_pool,
            pure: self.tier.take_pure(),
            shared_thunks: self.shared_thunks,
            shared_aliases: {
                let mut shared = self.shared_aliases;
                for k in self.plain_aliases {
                    if let Some(a) = self.aliases.get(&k) {
                        shared.insert(k, a.clone());
                    }
                }
                shared
            },
            param_names: self.param_names,
            plain_defaults: self.plain_defaults,
            jit: {
                let threshold = self.tier.threshold();
                self.tier.take_backend().map(|b| (b, threshold))
            },
            memo: std::mem::take(&mut self.memo.memo),
            texts: {
                let mut texts = self.catalog.texts.take().unwrap_or_default();
                texts.next_catalog();
                texts
            },
        })
    }

    /// A top-scope variable (`trusted`, `facts`, ...), as the compile
    /// sees it (set when the interpreter is made).
    pub fn top_value(&self, name: &str) -> Option<Value> {
        self.prog.sym(name).and_then(|s| self.top.get_here(s))
    }

    fn set_top(&mut self, name: &str, v: Value) {
        let s = self.prog.intern(name);
        self.top.set(s, v);
    }

    fn init_top(&mut self) {
        let facts: Vec<(String, Value)> = self.opts.facts.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
        let mut fh = pjit_runtime::value::HashMapV::default();
        for (k, v) in &facts {
            fh.insert(Value::string(k.as_str()), v.clone());
        }
        for (k, v) in facts {
            self.set_top(&k, v);
        }
        self.set_top("facts", Value::Hash(pjit_runtime::value::PHash(Arc::new(fh))));
        // An ENC's parameters win over facts (Puppet's `Node#merge`).
        let parameters: Vec<(String, Value)> =
            self.opts.parameters.iter().filter(|(k, _)| *k != "environment").map(|(k, v)| (k.clone(), v.clone())).collect();
        for (k, v) in parameters {
            self.set_top(&k, v);
        }
        let trusted = self.opts.trusted.clone().unwrap_or_else(|| {
            // Puppet's trusted data for a compile without a certificate
            // (`TrustedInformation.local`): the certname is the node's
            // `clientcert` fact (which agents send), else undef.
            let certname = match self.opts.facts.get("clientcert") {
                Some(Value::String(c)) => Some(c.to_string()),
                _ => None,
            };
            let (hostname, domain) = match certname.as_deref().map(|c| c.split_once('.').unwrap_or((c, ""))) {
                Some((h, "")) if !certname.as_deref().unwrap_or("").contains('.') => (Value::string(h), Value::Undef),
                Some((h, d)) => (Value::string(h), Value::string(d)),
                None => (Value::Undef, Value::Undef),
            };
            hash_of(vec![
                ("authenticated", Value::string("local")),
                ("certname", certname.map_or(Value::Undef, Value::string)),
                ("extensions", hash_of(vec![])),
                ("hostname", hostname),
                ("domain", domain),
                ("external", hash_of(vec![])),
            ])
        });
        self.set_top("trusted", trusted);
        let env = self.opts.environment.clone();
        let mut server_facts = vec![("serverversion".to_string(), Value::string("7.23.0"))];
        server_facts.extend(self.opts.server_facts.iter().cloned());
        server_facts.push(("environment".to_string(), Value::string(env.as_str())));
        let mut sh = pjit_runtime::value::HashMapV::default();
        for (k, v) in server_facts {
            sh.insert(Value::string(k), v);
        }
        self.set_top("server_facts", Value::Hash(pjit_runtime::value::PHash(Arc::new(sh))));
        self.set_top("environment", Value::string(env));
        self.set_top("serverversion", Value::string("7.23.0"));
        self.set_top("name", Value::string("main"));
        self.set_top("title", Value::string("main"));
        self.set_top("module_name", Value::string(""));
    }

    /// Calls a Puppet-language function of the program by name, outside of
    /// any catalog compilation (benchmarks, tests, embedding).
    pub fn call_function(&mut self, name: &str, args: Vec<Value>) -> Result<Value, EvalError> {
        let top = self.top.clone();
        let loc = Loc::default();
        match self.call_named(name, args, None, &top, loc, false) {
            Ok(v) | Err(Flow::Return(v, _)) | Err(Flow::Next(v, _)) => Ok(v),
            Err(other) => Err(illegal_exit(other)),
        }
    }

    /// Runs the main body only (no node, no defines): for embedding and
    /// benchmarks that need the program's definitions and top scope.
    pub fn run_main(&mut self) -> Result<(), EvalError> {
        let main = self.prog.main.expect("a program has a main body");
        let top = self.top.clone();
        match self.run_body(main, vec![], top, None) {
            Ok(_) | Err(Flow::Return(..)) | Err(Flow::Next(..)) => Ok(()),
            Err(other) => Err(illegal_exit(other)),
        }
    }

    /// `Notify['a']['message']`, `Class['c']['x']`: a parameter of a
    /// resource or class already in the catalog. `None` when `base` is not
    /// such a reference (the runtime's access applies).
    fn resource_parameter(&mut self, base: &Value, keys: &[Value], loc: Loc) -> R<Option<Value>> {
        let Value::Type(t) = base else { return Ok(None) };
        if keys.is_empty() || !keys.iter().all(|k| matches!(k, Value::String(_))) {
            return Ok(None);
        }
        let (type_name, title, params_of, shown) = match &**t {
            Type::Class(Some(n)) => {
                let key = catalog::strip_colons(n).to_lowercase();
                let params = self.prog.classes.get(&key).map(|c| c.body);
                ("Class".to_string(), capitalize_name(&key), params, format!("Class['{key}']"))
            }
            Type::Resource { type_name: Some(tn), title: Some(ti) } => {
                let k = tn.to_lowercase();
                (capitalize_name(&k), ti.to_string(), self.prog.defines.get(&k).copied(), type_to_string(t))
            }
            _ => return Ok(None),
        };
        self.catalog_reads += 1;
        self.type_effects += 1;
        let Some(ri) = self.catalog.lookup(&type_name, &title) else { return Ok(None) };
        let mut out = Vec::with_capacity(keys.len());
        for key in keys {
            let Value::String(attr) = key else { unreachable!("checked above") };
            let res = &self.catalog.resources[ri];
            if let Some(v) = res.params.get(attr.as_str()) {
                out.push(v.clone());
                continue;
            }
            // Classes and defined types have exactly their parameters (and
            // the metaparameters); Ruby types their attributes.
            let known = match (params_of, &res.rtype) {
                (Some(body), _) => {
                    let f = self.prog.funcs[body].clone();
                    f.params.iter().any(|p| self.prog.name(p.name) == attr.as_str())
                        || resource_types::is_metaparam(attr)
                }
                (None, Some(rt)) => rt.accepts(attr),
                (None, None) => true,
            };
            if !known {
                let msg = format!("The resource {shown} does not have a parameter called '{attr}'");
                return Err(error("UNKNOWN_PARAMETER", msg, loc));
            }
            out.push(Value::Undef);
        }
        Ok(Some(if out.len() == 1 {
            out.pop().expect("one value")
        } else {
            Value::Array(pjit_runtime::value::PArray(Arc::new(out)))
        }))
    }

    /// Puppet's `strict` check on strings that arithmetic converts to
    /// numbers: a warning by default, an error with `strict = error`.
    fn string_coercion(&mut self, d: &InstData, left: &Value, right: &Value) -> R<()> {
        if self.opts.strict == Strict::Off {
            return Ok(());
        }
        let (ll, rl) = (d.operand_loc(0), d.operand_loc(1));
        for (v, at) in [(left, ll), (right, rl)] {
            if let Some(e) = ops::numeric_coercion(v) {
                if self.opts.strict == Strict::Error {
                    return Err(rt_error(e, at));
                }
                self.warn(e.message().to_string(), at);
            }
        }
        Ok(())
    }

    /// ` (file: F, line: L, column: C)` as Puppet appends it (no column
    /// when `col` is 0).
    pub fn location_suffix(&self, loc: Option<Loc>) -> String {
        match loc {
            Some(l) if l.line > 0 => {
                let file = self.prog.files.get(l.file as usize).map(String::as_str).unwrap_or("");
                if l.col > 0 {
                    format!(" (file: {file}, line: {}, column: {})", l.line, l.col)
                } else {
                    format!(" (file: {file}, line: {})", l.line)
                }
            }
            _ => String::new(),
        }
    }

    // ---- calling convention

    /// Runs body `fid` with positional arguments in `scope` (already the
    /// body's own scope).
    fn run_body(&mut self, fid: FuncId, args: Vec<Value>, scope: Rc<Scope>, outer_matches: Option<Rc<Vec<Option<String>>>>) -> R<Value> {
        let f = self.prog.funcs[fid].clone();
        self.depth += 1;
        if self.depth > MAX_CALL_DEPTH {
            self.depth -= 1;
            return Err(Flow::Error(EvalError { issue: "STACK_OVERFLOW", message: "stack level too deep".into(), loc: None }));
        }
        if let Some(e) = self.cancelled() {
            self.depth -= 1;
            return Err(Flow::Error(e));
        }
        self.labels.push(scope.label.clone());
        // Register files are recycled: a call then costs no allocation for
        // them once the pool is warm.
        let mut regs = self.reg_pool.pop().unwrap_or_default();
        // Filled with `undef` by plain stores (`resize` clones its value
        // for each slot through `Value::clone`'s match).
        regs.truncate(0);
        regs.extend(std::iter::repeat_with(|| Value::Undef).take(f.vals.len()));
        let r = tier::run(self, fid, &f, args, scope, outer_matches, &mut regs);
        // Most registers end a call holding undef (branches not taken) or
        // a number: only the others need `Value`'s out-of-line drop
        // (`clear` calls it for every slot, ~20 K times per LAMP catalog).
        for v in regs.drain(..) {
            if matches!(v, Value::Undef | Value::Default | Value::Boolean(_) | Value::Integer(_) | Value::Float(_)) {
                std::mem::forget(v);
            }
        }
        self.reg_pool.push(regs);
        self.labels.pop();
        self.depth -= 1;
        r
    }

    /// The error of a compile asked to stop ([`Options::cancel`]).
    #[inline]
    pub(crate) fn cancelled(&self) -> Option<EvalError> {
        let c = self.opts.cancel.as_ref().filter(|c| c.must_stop())?;
        let message = c.reason.lock().unwrap_or_else(|e| e.into_inner()).clone();
        Some(EvalError { issue: "CANCELLED", message, loc: None })
    }

    /// Binds arguments to the parameters of `f` in `scope` and returns the
    /// values in parameter order. `owner` names the body in messages.
    fn bind(&mut self, f: &Function, args: Args, scope: &Rc<Scope>, owner: &dyn Fn() -> String, loc: Loc) -> R<Vec<Value>> {
        self.bind_checked(f, args, scope, owner, loc, true)
    }

    /// `bind`, with parameter type checks only when `check_types` (callers
    /// that already checked a signature skip them).
    fn bind_checked(
        &mut self,
        f: &Function,
        args: Args,
        scope: &Rc<Scope>,
        owner: &dyn Fn() -> String,
        loc: Loc,
        check_types: bool,
    ) -> R<Vec<Value>> {
        self.bind_deferring(f, args, scope, owner, loc, check_types, 0).map(|(v, _)| v)
    }

    /// `bind_checked`, leaving the type checks of the parameters in `skip`
    /// (those the body's compiled code makes on entry, see `tier`) to the
    /// body. Returns the values and the parameters whose check was left
    /// (`deferred`): checks are left only when every other check passes
    /// and nothing observable would follow them (they are the last step of
    /// binding by name, and their types are pure), so the caller reports a
    /// failure of the body's entry check with `deferred_error`, which gives
    /// the error binding would have raised.
    #[allow(clippy::too_many_arguments)]
    fn bind_deferring(
        &mut self,
        f: &Function,
        args: Args,
        scope: &Rc<Scope>,
        owner: &dyn Fn() -> String,
        loc: Loc,
        check_types: bool,
        skip: u64,
    ) -> R<(Vec<Value>, u64)> {
        match args {
            Args::Named(named) => {
                let (vals, invalid) = given_by_name(&self.prog, f, &named);
                self.bind_named(f, vals, invalid, scope, owner, loc, check_types, skip)
            }
            Args::OfResource(i) => {
                let (vals, invalid) = given_by_name(&self.prog, f, &self.catalog.resources[i].params);
                self.bind_named(f, vals, invalid, scope, owner, loc, check_types, skip)
            }
            Args::Positional(v) => self.bind_positional(f, v, scope, owner, loc, check_types).map(|v| (v, 0)),
        }
    }

    /// Binding by position (functions and lambdas, whose arguments Puppet's
    /// dispatcher has checked against their signature, or which check them
    /// one by one): left to right, each default seeing the parameters to
    /// its left; the first problem is the error.
    fn bind_positional(
        &mut self,
        f: &Function,
        mut positional: Vec<Value>,
        scope: &Rc<Scope>,
        owner: &dyn Fn() -> String,
        loc: Loc,
        check_types: bool,
    ) -> R<Vec<Value>> {
        // Fast path: exactly one positional argument per untyped (or
        // already checked) parameter; the argument vector is the result.
        if positional.len() == f.params.len() && !check_types_needed(f, check_types) && !f.params.iter().any(|p| p.captures_rest) {
            for (p, x) in f.params.iter().zip(&positional) {
                scope.set(p.name, x.clone());
            }
            return Ok(positional);
        }
        let mut out = Vec::with_capacity(f.params.len());
        let mut rest_taken = false;
        for (i, p) in f.params.iter().enumerate() {
            let v = if p.captures_rest {
                rest_taken = true;
                let rest: Vec<Value> = if positional.len() > i { positional.split_off(i) } else { vec![] };
                // The default stands in for no argument or a single undef
                // one, as an Array (Puppet's `combine_values_with_parameters`).
                match p.default {
                    Some(d) if rest.is_empty() || matches!(rest.as_slice(), [Value::Undef]) => {
                        match self.eval_default(f, i, d, scope, owner, loc, true)? {
                            a @ Value::Array(_) => a,
                            v => Value::Array(pjit_runtime::value::PArray(Arc::new(vec![v]))),
                        }
                    }
                    _ => Value::Array(pjit_runtime::value::PArray(Arc::new(rest))),
                }
            } else if i < positional.len() {
                positional[i].clone()
            } else if let Some(d) = p.default {
                self.eval_default(f, i, d, scope, owner, loc, true)?
            } else if f.kind == FuncKind::Lambda || f.kind == FuncKind::Function {
                let (min, max) = arity(f);
                return Err(error("ARGUMENT_COUNT", count_message(&owner(), min, max, positional.len()), loc));
            } else {
                let msg = format!("{}: expects a value for parameter '{}'", owner(), self.prog.name(p.name));
                return Err(error(PARAMETER_ERROR, msg, loc));
            };
            if check_types {
                self.check_param(f, i, &v, scope, owner, loc)?;
            }
            scope.set(p.name, v.clone());
            out.push(v);
        }
        if !rest_taken && positional.len() > f.params.len() {
            let (min, max) = arity(f);
            return Err(error("ARGUMENT_COUNT", count_message(&owner(), min, max, positional.len()), loc));
        }
        Ok(out)
    }

    /// Binding by name: classes and defined types (Puppet's
    /// `set_resource_parameters`) and EPP templates (`call_by_name`). As in
    /// Puppet, every given value is visible to every default, the defaults
    /// of the parameters not given are evaluated in order, and only then
    /// are the values validated (`validate_parameters`): unknown names,
    /// then per parameter in order a type mismatch or a missing value, all
    /// in one error. The values are assigned to `scope` in parameter order.
    ///
    /// The given values are matched to the parameters (`vals`) and the
    /// names that match none are known (`invalid`): see `given_by_name`.
    #[allow(clippy::too_many_arguments)]
    fn bind_named(
        &mut self,
        f: &Function,
        mut vals: Vec<Option<Value>>,
        invalid: Vec<String>,
        scope: &Rc<Scope>,
        owner: &dyn Fn() -> String,
        loc: Loc,
        check_types: bool,
        skip: u64,
    ) -> R<(Vec<Value>, u64)> {
        // Defaults that read variables run in a scope of their own that
        // holds the parameters bound so far (Puppet's parameter scope), so
        // that the body's scope gets its parameters in their order.
        //
        // A default that can see nothing of that scope (`plain_default`:
        // `$::apache::params::x`, the usual kind) runs in the body's scope
        // directly, where it reads the same; the parameter scope is made
        // only for the first default that could see it. It then holds what
        // it would have held had it been made at the first computed
        // default (`first`): the given values and the defaults before
        // `first` in parameter order, then the defaults from `first` on in
        // the order they were computed (`late`), so that `scope.to_hash`
        // in a template lists them as before.
        let mut pscope: Option<Rc<Scope>> = None;
        let mut first: Option<usize> = None;
        let mut late: Vec<usize> = Vec::new();
        for (i, p) in f.params.iter().enumerate() {
            if vals[i].is_some() {
                continue;
            }
            let v = match p.default {
                Some(d) => match self.tier.pure(&self.prog, d) {
                    Some(v) => v,
                    None => {
                        let k0 = *first.get_or_insert(i);
                        if pscope.is_none() && self.plain_default(f, d) {
                            // Its own guard could refuse nothing; an outer
                            // one does not apply to it (as in `eval_default`).
                            let outer = self.param_guard.take();
                            let r = self.run_thunk(d, scope);
                            self.param_guard = outer;
                            r?
                        } else {
                            let ps = pscope
                                .get_or_insert_with(|| {
                                    // `Scope::local`, with room for every parameter
                                    // (it gets them all, one by one).
                                    let s = Scope::with_capacity(
                                        Some(scope.clone()),
                                        scope.label.clone(),
                                        scope.cat.clone(),
                                        f.params.len(),
                                    );
                                    let mut later = late.iter().peekable();
                                    for (j, (q, v)) in f.params.iter().zip(&vals).enumerate() {
                                        if later.next_if(|&&l| l == j).is_some() {
                                            continue;
                                        }
                                        if let Some(v) = v {
                                            s.set(q.name, v.clone());
                                        }
                                    }
                                    for &j in &late {
                                        if let Some(v) = &vals[j] {
                                            s.set(f.params[j].name, v.clone());
                                        }
                                    }
                                    debug_assert!(late.first().is_none_or(|&j| j >= k0));
                                    s
                                })
                                .clone();
                            self.eval_default(f, i, d, &ps, owner, loc, false)?
                        }
                    }
                },
                None if p.captures_rest => Value::Array(Default::default()),
                // Missing: reported with the other problems below.
                None => continue,
            };
            match &pscope {
                Some(ps) => {
                    ps.set(p.name, v.clone());
                }
                None if first.is_some() => late.push(i),
                None => {}
            }
            vals[i] = Some(v);
        }
        for (p, v) in f.params.iter().zip(&vals) {
            if let Some(v) = v {
                scope.set(p.name, v.clone());
            }
        }
        // Problems keyed for ordering: unknown names first (key 0), then
        // parameter `i`'s (key i + 1).
        let mut problems: Vec<(usize, String)> = invalid.iter().map(|k| (0, format!(" has no parameter named '{k}'"))).collect();
        let mut deferred = 0u64;
        for (i, p) in f.params.iter().enumerate() {
            match &vals[i] {
                None => problems.push((i + 1, format!(" expects a value for parameter '{}'", self.prog.name(p.name)))),
                Some(_) if !check_types || p.ty.is_none() => {}
                Some(_) if i < 64 && skip & (1 << i) != 0 => deferred |= 1 << i,
                Some(v) => {
                    for m in self.param_problems(f, i, v, scope, loc)? {
                        problems.push((i + 1, m));
                    }
                }
            }
        }
        if !problems.is_empty() {
            // The checks left to the compiled body belong in the list too
            // (their types are pure: computing them is unobservable).
            let mut rest = std::mem::take(&mut deferred);
            while rest != 0 {
                let i = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                if let Some(v) = &vals[i] {
                    for m in self.param_problems(f, i, v, scope, loc)? {
                        problems.push((i + 1, m));
                    }
                }
            }
            problems.sort_by_key(|(k, _)| *k);
            let entries: Vec<String> = problems.into_iter().map(|(_, m)| m).collect();
            return Err(error(PARAMETER_ERROR, rtf::describe::parameters_error(&owner(), &entries), loc));
        }
        Ok((vals.into_iter().map(|v| v.unwrap_or(Value::Undef)).collect(), deferred))
    }

    /// Evaluates the default of parameter `i` of `f` (thunk `d`) in
    /// `scope`, where the parameters bound so far are set. As Puppet's
    /// parameter scope does, reading a parameter that is not bound (yet) is
    /// an error (see `Interp::check_param_guard`).
    /// `by_position`: the caller binds by position (a function or lambda
    /// call, which reports the error itself).
    #[allow(clippy::too_many_arguments)]
    fn eval_default(
        &mut self,
        f: &Function,
        i: usize,
        d: FuncId,
        scope: &Rc<Scope>,
        owner: &dyn Fn() -> String,
        loc: Loc,
        by_position: bool,
    ) -> R<Value> {
        if let Some(v) = self.tier.pure(&self.prog, d) {
            return Ok(v);
        }
        // Puppet names a function by its name and any lambda (a template
        // too) `lambda` here.
        let callee = match f.kind {
            FuncKind::Function => f.name.clone(),
            FuncKind::Lambda => "lambda".to_string(),
            _ => owner(),
        };
        let guard = ParamGuard { scope: scope.clone(), params: f.params.iter().map(|p| p.name).collect(), from: i, callee, by_position, loc };
        let outer = self.param_guard.replace(Box::new(guard));
        let r = self.run_thunk(d, scope);
        self.param_guard = outer;
        // Puppet throws past everything in between; whatever error the
        // read became on its way out, it is that read's error.
        match (r, self.guard_hit.take()) {
            (Err(_), Some(e)) => Err(Flow::Error(e)),
            (r, _) => r,
        }
    }

    /// Whether default thunk `d` of `f` can see nothing of the parameter
    /// scope it would run in: it calls nothing (a template, `getvar`, a
    /// lambda could list or read the scope), makes no closure, sets no
    /// variable, declares nothing, and reads no variable named like a
    /// parameter of `f`. Any other variable it reads is not in the
    /// parameter scope, so it reads the same through the body's scope, and
    /// no read of it can meet the parameter guard (`check_param_guard`).
    fn plain_default(&mut self, f: &Function, d: FuncId) -> bool {
        let k = d.index();
        if let Some(&known) = self.plain_defaults.get(k)
            && known != 0
        {
            return known == 1;
        }
        let t = &self.prog.funcs[d];
        let plain = t.kind == FuncKind::Thunk
            && t.insts.values().all(|inst| match &inst.op {
                op if tier::value_op(op) => true,
                Op::TypeSpec { .. } | Op::Fail(_) => true,
                Op::GetVar(s) => !f.params.iter().any(|p| p.name == *s),
                _ => false,
            });
        if self.plain_defaults.len() <= k {
            self.plain_defaults.resize(self.prog.funcs.len().max(k + 1), 0);
        }
        self.plain_defaults[k] = if plain { 1 } else { 2 };
        plain
    }

    /// Puppet's `ParameterScope` lookup: while the default of a parameter
    /// is evaluated, reading (through its scope) a parameter of the same
    /// body that has no value yet is an error: one to its left is missing,
    /// one to its right is not evaluated yet. Other variables, and scopes
    /// that do not see the parameter scope (a function's), are not affected.
    fn check_param_guard(&mut self, s: Sym, scope: &Rc<Scope>) -> R<()> {
        let Some(g) = &self.param_guard else { return Ok(()) };
        let Some(to) = g.params.iter().position(|&p| p == s) else { return Ok(()) };
        if g.scope.contains_here(s) {
            return Ok(());
        }
        let mut through = Some(scope);
        while let Some(c) = through {
            if Rc::ptr_eq(c, &g.scope) {
                break;
            }
            through = c.parent.as_ref();
        }
        if through.is_none() {
            return Ok(());
        }
        let (name, from) = (self.prog.name(s), self.prog.name(g.params[g.from]));
        let msg = if to < g.from {
            format!("{}: expects a value for parameter ${name}", g.callee)
        } else {
            format!("{}: default expression for ${from} tries to illegally access not yet evaluated ${name}", g.callee)
        };
        // A function or lambda call reports it as its own error; binding by
        // name leaves it to the declaring statement, as its other problems.
        let e = if g.by_position {
            EvalError { issue: "UNEVALUATED_PARAMETER", message: format!("Error while evaluating a Function Call, {msg}"), loc: Some(g.loc) }
        } else {
            EvalError { issue: PARAMETER_ERROR, message: msg, loc: Some(g.loc) }
        };
        self.guard_hit = Some(e.clone());
        Err(Flow::Error(e))
    }

    /// The type check of parameter `i` of `f` for value `v`, as positional
    /// binding makes it.
    fn check_param(&mut self, f: &Function, i: usize, v: &Value, scope: &Rc<Scope>, owner: &dyn Fn() -> String, loc: Loc) -> R<()> {
        let p = &f.params[i];
        let Some(t) = p.ty else { return Ok(()) };
        let tv = self.type_value(t, scope)?;
        if let Value::Type(ty) = &tv {
            let check = if p.captures_rest {
                match v {
                    Value::Array(a) => all_instances(ty, a),
                    _ => Ok(true),
                }
            } else {
                calc::try_instance_of(ty, v)
            };
            let check = check.map_err(|e| error("ARGUMENT_ERROR", Error::from(e).message().to_string(), loc))?;
            if !check {
                let subject = format!("{}: parameter '{}'", owner(), self.prog.name(p.name));
                let msg = rtf::describe::describe_mismatch(&subject, ty, &calc::infer_set(v));
                return Err(error("TYPE_MISMATCH", msg, loc));
            }
        }
        Ok(())
    }

    /// The entries of Puppet's `validate_parameters` list for parameter `i`
    /// of `f` bound to `v` (none when it is an instance of its type).
    fn param_problems(&mut self, f: &Function, i: usize, v: &Value, scope: &Rc<Scope>, loc: Loc) -> R<Vec<String>> {
        let p = &f.params[i];
        let Some(t) = p.ty else { return Ok(vec![]) };
        let tv = self.type_value(t, scope)?;
        let Value::Type(ty) = &tv else { return Ok(vec![]) };
        let ok = match v {
            Value::Array(a) if p.captures_rest => all_instances(ty, a),
            _ => calc::try_instance_of(ty, v),
        };
        let ok = ok.map_err(|e: rtf_init::InitError| error(BIND_INIT_ERROR, Error::from(e).message().to_string(), loc))?;
        if ok {
            return Ok(vec![]);
        }
        let name = self.prog.name(p.name);
        // Puppet's `validate_parameters` reports what the describer finds:
        // when it finds nothing (a bare `Optional`, which holds undef only
        // but whose describer has no type to compare), the value passes.
        Ok(rtf::describe::describe_parameter(name, ty, &calc::infer_set(v)))
    }

    /// The error of binding by name when the checks it left to the body's
    /// compiled code (`deferred`, see `bind_deferring`) fail there: every
    /// other check passed, so these are the whole list.
    fn deferred_error(&mut self, f: &Function, vals: &[Value], deferred: u64, scope: &Rc<Scope>, owner: &dyn Fn() -> String, loc: Loc) -> Flow {
        let mut entries = vec![];
        let mut rest = deferred;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let Some(v) = vals.get(i) else { continue };
            match self.param_problems(f, i, v, scope, loc) {
                Ok(found) => entries.extend(found),
                Err(e) => return e,
            }
        }
        if entries.is_empty() {
            return Flow::Error(EvalError {
                issue: "INTERNAL_ERROR",
                message: "compiled code rejected parameters that pass their type checks".into(),
                loc: Some(loc),
            });
        }
        error(PARAMETER_ERROR, rtf::describe::parameters_error(&owner(), &entries), loc)
    }

    fn run_thunk(&mut self, t: FuncId, scope: &Rc<Scope>) -> R<Value> {
        self.run_body(t, vec![], scope.clone(), None)
    }

    /// The value of type thunk `t` (a parameter or return type) in
    /// `scope`. A thunk of constants is computed once (`tier::pure`); one
    /// that also names types (aliases, resource types: not constants, as
    /// naming one may load it) runs once per compile and its value is
    /// remembered: once a name has resolved, resolving it again gives the
    /// same type and does nothing else (aliases stay resolved, loaded
    /// files stay loaded), so a later run could only give the same value.
    /// A run that read the catalog (`Class['c']['x']`), or failed, is not
    /// remembered.
    fn type_value(&mut self, t: FuncId, scope: &Rc<Scope>) -> R<Value> {
        if let Some(v) = self.tier.pure(&self.prog, t) {
            return Ok(v);
        }
        if let Some(v) = self.type_thunks.get(&t).or_else(|| self.shared_thunks.get(&t)) {
            return Ok(v.clone());
        }
        let (reads, effects, logs) = (self.catalog_reads, self.type_effects, self.logs.len());
        let v = self.run_thunk(t, scope)?;
        if self.catalog_reads == reads && names_types_only(&self.prog.funcs[t]) {
            // Shared with later compiles only when all it did was resolve
            // plain aliases: a later compile skipping the run then misses
            // nothing it could observe (an alias it needs elsewhere is
            // resolved there, to an equal type).
            if self.type_effects == effects && self.logs.len() == logs {
                self.shared_thunks.insert(t, v.clone());
            } else {
                self.type_thunks.insert(t, v.clone());
            }
        }
        Ok(v)
    }

    /// Evaluates a defined-type instance: binds its attributes and records
    /// the bound parameter values (defaults included) in its resource, as
    /// Puppet does. Type checks the body's compiled code makes are left to
    /// it.
    fn call_body_named(&mut self, fid: FuncId, scope: Rc<Scope>, res: usize) -> R<Value> {
        let f = self.prog.funcs[fid].clone();
        let loc = f.loc;
        // The scope's label is the resource's reference (`Mydef[x]`).
        let owner = scope.label.clone();
        let owner = || owner.to_string();
        let skip = self.tier.inline_checks(fid);
        let (vals, deferred) = self.bind_deferring(&f, Args::OfResource(res), &scope, &owner, loc, true, skip)?;
        self.record_bound_params(res, &f, &vals);
        let kept = (deferred != 0).then(|| vals.clone());
        // `return()` and `next()` end a defined type's body.
        match self.run_body(fid, vals, scope.clone(), None) {
            Err(e) if tier::is_recheck(&e) => {
                let vals = kept.unwrap_or_default();
                Err(self.deferred_error(&f, &vals, deferred, &scope, &owner, loc))
            }
            Err(Flow::Return(v, _) | Flow::Next(v, _)) => Ok(v),
            r => r,
        }
    }

    /// Calls a Puppet-language function.
    fn call_puppet_function(&mut self, fid: FuncId, name: &str, args: Vec<Value>, block: Option<Value>, loc: Loc) -> R<Value> {
        let f = self.prog.funcs[fid].clone();
        // Puppet checks the arguments against the function's signature
        // before binding, with the dispatcher's messages.
        // Untyped parameters accept anything: only the count is checked.
        let untyped = f.params.iter().all(|p| p.ty.is_none());
        let (min, max) = arity(&f);
        let count_ok = args.len() >= min && max.is_none_or(|m| args.len() <= m);
        let fast_ok = untyped && count_ok && block.is_none();
        let sig = if fast_ok { None } else { Some(self.signature(fid)?) };
        let init_error = |e: rtf_init::InitError| {
            error("ARGUMENT_ERROR", format!("Error while evaluating a Function Call, {}", Error::from(e).message()), loc)
        };
        let rejects = match (&sig, &block) {
            (Some(_), Some(_)) => true,
            (Some(s), None) => !rtf::describe::try_lambda_accepts(s, &args).map_err(init_error)?,
            (None, _) => false,
        };
        if let Some(sig) = sig.as_ref().filter(|_| rejects) {
            let names: Vec<&str> = f.params.iter().map(|p| self.prog.name(p.name)).collect();
            let msg = rtf::describe::describe_callable_mismatch(&format!("'{name}'"), &sig, &names, &args, block.as_ref());
            return Err(error("TYPE_MISMATCH", format!("Error while evaluating a Function Call, {msg}"), loc));
        }
        let scope = Scope::local(&self.top);
        scope.hide_outer_matches(&self.no_matches);
        if fast_ok {
            // The order of required and optional parameters is checked
            // when the signature is made; untyped ones take one argument,
            // a captures-rest one any number.
            let mut optional_seen = false;
            for p in &f.params {
                let from = i64::from(p.default.is_none() && !p.captures_rest);
                required_after_optional(&self.prog, p, from, &mut optional_seen)?;
            }
        }
        let given = args.len();
        let vals = self.bind_checked(&f, Args::Positional(args), &scope, &|| format!("'{name}'"), loc, false)?;
        // Defaults are checked with the arguments after binding.
        if let Some(sig) = sig.filter(|_| given != f.params.len() || f.params.iter().any(|p| p.captures_rest)) {
            let bound = bound_args(&f, &vals);
            if !rtf::describe::try_lambda_accepts(&sig, &bound).map_err(init_error)? {
                let names: Vec<&str> = f.params.iter().map(|p| self.prog.name(p.name)).collect();
                let msg = rtf::describe::describe_callable_mismatch(&format!("'{name}'"), &sig, &names, &bound, None);
                return Err(error("TYPE_MISMATCH", format!("Error while evaluating a Function Call, {msg}"), loc));
            }
        }
        let v = match self.run_body(fid, vals, scope.clone(), None) {
            // `return(v)` is not checked against the return type (Puppet 7).
            Err(Flow::Return(v, _)) => return Ok(v),
            // `break()` goes on to the iteration around the call, if any
            // (Puppet's `StopIteration` passes through function calls).
            Err(Flow::Next(v, _)) => v,
            r => r?,
        };
        if let Some(rt) = f.return_type {
            if let Value::Type(t) = self.type_value(rt, &scope)? {
                if !calc::try_instance_of(&t, &v).map_err(init_error)? {
                    let msg = format!(
                        "Error while evaluating a Function Call, value returned from {name} has wrong type, expects {} value, got {}",
                        a_an_type(&t),
                        got_label(&v)
                    );
                    return Err(error("TYPE_MISMATCH", msg, loc));
                }
            }
        }
        Ok(v)
    }

    /// Binds the arguments of a call of a lambda value: the values and the
    /// scope its body runs in. The caller checks the values against the
    /// lambda's signature (arguments the host checked before cover every
    /// parameter unless a default or a captures-rest parameter took part).
    fn bind_closure(&mut self, id: usize, args: &[Value], loc: Loc) -> R<(Vec<Value>, Rc<Scope>)> {
        let (func, cscope) = {
            let c = &self.closures[id];
            (c.func, c.scope.clone())
        };
        let f = self.prog.funcs[func].clone();
        let scope = Scope::local(&cscope);
        let vals = self.bind_checked(&f, Args::Positional(args.to_vec()), &scope, &|| "block".to_string(), loc, false)?;
        Ok((vals, scope))
    }

    /// Runs a lambda value's body with the values `bind_closure` bound.
    fn run_closure(&mut self, id: usize, vals: Vec<Value>, scope: Rc<Scope>) -> R<Value> {
        let (func, matches) = {
            let c = &self.closures[id];
            (c.func, c.matches.clone())
        };
        match self.run_body(func, vals, scope, matches) {
            Err(Flow::Next(v, _)) => Ok(v),
            r => r,
        }
    }

    /// The `Callable` signature of a Puppet function, its parameter types
    /// evaluated once in the top scope (as Puppet does when it loads the
    /// function).
    fn signature(&mut self, fid: FuncId) -> R<Type> {
        if let Some(t) = self.signatures.get(&fid) {
            return Ok(t.clone());
        }
        let top = self.top.clone();
        let t = self.callable_type(fid, &top)?;
        self.signatures.insert(fid, t.clone());
        Ok(t)
    }

    /// The `Callable` type of a function or lambda (Puppet's
    /// `Closure#create_callable_type`): a captures-rest parameter typed
    /// `Array[T, min, max]` stands for `min` to `max` arguments of type `T`;
    /// a required parameter after an optional one is an error at it.
    fn callable_type(&mut self, fid: FuncId, scope: &Rc<Scope>) -> R<Type> {
        let f = self.prog.funcs[fid].clone();
        let mut types = Vec::with_capacity(f.params.len());
        let (mut min, mut max) = (0i64, Some(0i64));
        let mut optional_seen = false;
        for p in &f.params {
            let t = match p.ty {
                Some(t) => {
                    // Lambdas are made again and again (one per outer
                    // iteration): a constant type is computed once.
                    let v = self.type_value(t, scope)?;
                    match v {
                        Value::Type(t) => (*t).clone(),
                        _ => Type::Any,
                    }
                }
                None => Type::Any,
            };
            let (t, from, to) = match &t {
                Type::Array { element, size } if p.captures_rest => {
                    let size = size.unwrap_or(IntRange::UNBOUNDED);
                    ((**element).clone(), size.from.unwrap_or(0).max(0), size.to)
                }
                _ if p.captures_rest => (t.clone(), 0, None),
                _ if p.default.is_some() => (t.clone(), 0, Some(1)),
                _ => (t.clone(), 1, Some(1)),
            };
            required_after_optional(&self.prog, p, from, &mut optional_seen)?;
            min = min.saturating_add(from);
            max = max.zip(to).map(|(a, b)| a.saturating_add(b));
            types.push(t);
        }
        Ok(Type::Callable(Arc::new(CallableType {
            params: Some(Type::Tuple { types, size: Some(IntRange::new(Some(min), max)) }),
            block: None,
            return_type: None,
        })))
    }

    fn make_closure(&mut self, fid: FuncId, scope: &Rc<Scope>, matches: Option<Rc<Vec<Option<String>>>>) -> R<Value> {
        let signature = self.callable_type(fid, scope)?;
        if self.free_closures.is_empty() && self.closures.len() >= self.closure_sweep_at {
            self.sweep_closures();
        }
        let id = self.free_closures.pop().unwrap_or(self.closures.len());
        let value = Arc::new(CallableValue { name: "lambda".into(), id: id as u64, signature });
        let c = Closure { func: fid, scope: scope.clone(), matches, value: Arc::downgrade(&value) };
        match self.closures.get_mut(id) {
            Some(slot) => *slot = c,
            None => self.closures.push(c),
        }
        Ok(Value::Callable(value))
    }

    /// Frees the closures whose lambda value is gone (a loop that makes a
    /// closure per iteration would otherwise keep every scope it closed
    /// over alive until the compile ends). Their ids are reused: no value
    /// refers to them any more.
    fn sweep_closures(&mut self) {
        // Called with no free entry: every dead one is found once.
        let top = self.top.clone();
        for (i, c) in self.closures.iter_mut().enumerate().rev() {
            if c.value.strong_count() == 0 {
                c.scope = top.clone();
                c.matches = None;
                self.free_closures.push(i);
            }
        }
        let live = self.closures.len() - self.free_closures.len();
        self.closure_sweep_at = (2 * live).max(CLOSURE_SWEEP_MIN);
    }

    // ---- the instruction loop

    /// Runs `f` with `regs` (sized to its values, all undef) as its
    /// register file.
    fn exec(
        &mut self,
        f: &Function,
        args: Vec<Value>,
        scope: Rc<Scope>,
        outer: Option<Rc<Vec<Option<String>>>>,
        regs: &mut [Value],
    ) -> R<Value> {
        tier::write_args(f, args, regs);
        self.exec_in(f, &scope, &outer, &mut tier::ExecState::default(), None, regs)
    }

    /// The instruction loop over `regs` (entry arguments already written)
    /// from the entry block; with `step`, runs that one instruction only
    /// (compiled code's fallback, see `tier`), its result left in `regs`.
    fn exec_in(
        &mut self,
        f: &Function,
        scope: &Rc<Scope>,
        outer: &Option<Rc<Vec<Option<String>>>>,
        st: &mut tier::ExecState,
        step: Option<Inst>,
        regs: &mut [Value],
    ) -> R<Value> {
        // Successful matches of this body, innermost last, and the stack
        // depths at which guarded regions began.
        let (matches, guards) = (&mut st.matches, &mut st.guards);
        // The bodies of top, node and class scopes keep their scope's
        // current match data up to date for the scopes below them.
        let publishes = publishes_matches(f.kind);
        let mut block = f.entry();
        macro_rules! r {
            ($v:expr) => {
                &regs[$v.index()]
            };
        }
        loop {
            let insts = match &step {
                Some(i) => std::slice::from_ref(i),
                None => &f.blocks[block].insts[..],
            };
            let mut next_block = None;
            for &i in insts {
                let d = &f.insts[i];
                let loc = d.loc;
                let out: Value = match &d.op {
                    Op::Const(c) => f.consts[*c as usize].clone(),
                    Op::GetVar(s) => self.get_var(*s, &scope, loc)?,
                    Op::SetVar(s, v) => {
                        let v = r!(v).clone();
                        let name = self.prog.name(*s);
                        if name == "server_facts" || (scope.contains_here(*s) && matches!(name, "facts" | "trusted")) {
                            let msg = format!("Attempt to assign to a reserved variable name: '${name}'");
                            return Err(error("ILLEGAL_RESERVED_ASSIGNMENT", msg, loc));
                        }
                        if !scope.set(*s, v) {
                            let msg = if matches!(name, "name" | "title") {
                                format!("Cannot reassign built in (or already assigned) variable '${name}'")
                            } else {
                                format!("Cannot reassign variable '${name}'")
                            };
                            return Err(error("ILLEGAL_REASSIGNMENT", msg, loc));
                        }
                        continue;
                    }
                    Op::GetMatch(n) => {
                        // This body's matches, the lambda's defining body's,
                        // else those of the scopes lookups continue in.
                        let m = matches.last().cloned().or_else(|| outer.clone()).or_else(|| scope.outer_matches());
                        m.and_then(|m| m.get(*n as usize).cloned().flatten()).map(Value::string).unwrap_or(Value::Undef)
                    }
                    Op::MatchPush => {
                        guards.push(matches.len());
                        continue;
                    }
                    Op::MatchPop => {
                        if let Some(level) = guards.pop() {
                            matches.truncate(level);
                        }
                        // Back to the body's matches before the guarded
                        // region: a regex node's captures when none is left.
                        if publishes {
                            scope.publish_matches(matches.last().or(outer.as_ref()));
                        }
                        continue;
                    }
                    Op::Unary(UnOp::Truthy, v) => Value::Boolean(r!(v).is_truthy()),
                    Op::Unary(UnOp::Not, v) => ops::not(r!(v)),
                    Op::Unary(UnOp::Neg, v) => ops::negate(r!(v)).map_err(|e| rt_error(e, loc))?,
                    Op::Arith(op, a, b) => {
                        if matches!(r!(a), Value::String(_)) || matches!(r!(b), Value::String(_)) {
                            self.string_coercion(d, r!(a), r!(b))?;
                        }
                        ops::arithmetic(*op, r!(a), r!(b)).map_err(|e| operand_error(d, e, r!(a), r!(b)))?
                    }
                    Op::Cmp(op, a, b) => Value::Boolean(ops::comparison(*op, r!(a), r!(b)).map_err(|e| rt_error(e, loc))?),
                    Op::Match { negate, left, right } => {
                        let m = ops::match_with(r!(left), r!(right), *negate)
                            .map_err(|e| operand_error(d, e, r!(left), r!(right)))?;
                        if let (Value::Regexp(_) | Value::String(_), Some(c)) = (r!(right), m.captures) {
                            matches.push(Rc::new(c));
                            if publishes {
                                scope.publish_matches(matches.last());
                            }
                        }
                        Value::Boolean(m.matched != *negate)
                    }
                    Op::In(a, b) => {
                        let m = ops::in_op(r!(a), r!(b)).map_err(|e| rt_error(e, loc))?;
                        if let Some(c) = m.captures {
                            matches.push(Rc::new(c));
                            if publishes {
                                scope.publish_matches(matches.last());
                            }
                        }
                        Value::Boolean(m.matched)
                    }
                    Op::CaseMatch { test, option, any, selector } => {
                        let t = r!(test);
                        let opts: Vec<Value> = if *any { ops::splat(r!(option)) } else { vec![r!(option).clone()] };
                        let mut hit = false;
                        for o in &opts {
                            let m = ops::try_case_match(t, o).map_err(|e| {
                                let what = if *selector { "Selector Expression" } else { "'case' statement" };
                                rt_error(Error::runtime(what, Error::from(e).message()), d.operand_loc(0))
                            })?;
                            if m.matched {
                                if let Some(c) = m.captures {
                                    matches.push(Rc::new(c));
                                    if publishes {
                                        scope.publish_matches(matches.last());
                                    }
                                }
                                hit = true;
                                break;
                            }
                        }
                        Value::Boolean(hit)
                    }
                    Op::AssignMulti(targets, v) => {
                        let locs = [loc, d.operand_loc(0), d.operand_loc(1)];
                        self.assign_multi(targets, targets, r!(v).clone(), &scope, locs)?;
                        continue;
                    }
                    Op::NoSelectorMatch(v) => return Err(rt_error(ops::unmatched_selector(r!(v)), loc)),
                    Op::Access(b, ks) => {
                        // One key (the usual `$h['k']`) is read in place.
                        let many: Vec<Value>;
                        let keys: &[Value] = match &ks[..] {
                            [k] => std::slice::from_ref(r!(k)),
                            _ => {
                                many = ks.iter().map(|k| r!(k).clone()).collect();
                                &many
                            }
                        };
                        if let Some(v) = self.resource_parameter(r!(b), keys, loc)? {
                            v
                        } else { match ops::access(r!(b), keys) {
                            Ok(v) => v,
                            // Puppet blames a bad key on the key expression:
                            // the one the runtime names, else the first.
                            Err(e) => {
                                let key_issue = matches!(
                                    e.issue(),
                                    "BAD_SLICE_KEY_TYPE"
                                        | "NOT_NUMERIC"
                                        | "BAD_STRING_SLICE_KEY_TYPE"
                                        | "BAD_INTEGER_SLICE_TYPE"
                                        | "BAD_TYPE_SPECIALIZATION"
                                        | "ILLEGAL_HOSTCLASS_NAME"
                                        | "ILLEGAL_RESOURCE_SPECIALIZATION"
                                );
                                let key = e.key().or(key_issue.then_some(0));
                                let written = d.operand_locs.as_deref().map_or(0, Vec::len);
                                let at = match key {
                                    Some(k) if k + 1 < written => Some(d.operand_loc(k + 1)),
                                    // A key index past the written keys (they
                                    // were flattened) blames nothing: Puppet
                                    // reports no position.
                                    Some(_) if written > 0 => None,
                                    _ => Some(loc),
                                };
                                return Err(Flow::Error(EvalError {
                                    issue: e.issue(),
                                    message: e.message().to_string(),
                                    loc: at,
                                }));
                            }
                        } }
                    }
                    Op::Interp(vs) => {
                        let mut s = String::new();
                        for v in vs {
                            match r!(v) {
                                Value::String(x) => s.push_str(x),
                                other => s.push_str(&display::to_interpolated_string(other)),
                            }
                        }
                        Value::string(s)
                    }
                    Op::MakeArray(vs) => {
                        let mut out = Vec::with_capacity(vs.len());
                        for (v, splat) in vs {
                            if *splat {
                                out.extend(ops::splat(r!(v)));
                            } else {
                                out.push(r!(v).clone());
                            }
                        }
                        Value::Array(pjit_runtime::value::PArray(Arc::new(out)))
                    }
                    Op::MakeHash(vs) => {
                        let mut h = pjit_runtime::value::HashMapV::with_capacity_and_hasher(vs.len() / 2, Default::default());
                        for kv in vs.chunks(2) {
                            h.insert(r!(kv[0]).clone(), r!(kv[1]).clone());
                        }
                        Value::Hash(pjit_runtime::value::PHash(Arc::new(h)))
                    }
                    Op::Call { name, args, block, method } => self.call_op(*name, args, *block, *method, regs, scope, loc)?,
                    Op::Closure(fid) => {
                        let m = matches.last().cloned().or_else(|| outer.clone());
                        self.make_closure(*fid, &scope, m)?
                    }
                    Op::TypeRef(s) => self.type_ref(*s, loc)?,
                    Op::TypeSpec { name, args, text } => {
                        let args: Option<Vec<Value>> = args.as_ref().map(|a| a.iter().map(|v| r!(v).clone()).collect());
                        self.type_spec(*name, args, text, loc)?
                    }
                    Op::Unwind(kind, v) => {
                        let v = r!(v).clone();
                        return Err(match kind {
                            UnwindKind::Break => Flow::Break(loc),
                            UnwindKind::Next => Flow::Next(v, loc),
                            UnwindKind::Return => Flow::Return(v, loc),
                        });
                    }
                    Op::Unsupported(msg) => return Err(error("UNSUPPORTED", msg.clone(), loc)),
                    Op::Fail(msg) => return Err(error("EVALUATION_ERROR", msg.clone(), loc)),
                    Op::RenderPush => {
                        self.renders.push((String::new(), false));
                        continue;
                    }
                    Op::Render(v) => {
                        if let Some((buf, sensitive)) = self.renders.last_mut() {
                            match r!(v) {
                                Value::String(s) => buf.push_str(s),
                                // A Sensitive part makes the whole text
                                // Sensitive (Puppet's eval_EppExpression).
                                Value::Sensitive(inner) => {
                                    *sensitive = true;
                                    buf.push_str(&display::to_interpolated_string(inner))
                                }
                                other => buf.push_str(&display::to_interpolated_string(other)),
                            }
                        }
                        continue;
                    }
                    Op::RenderPop => match self.renders.pop().unwrap_or_default() {
                        (text, true) => Value::Sensitive(Arc::new(Value::string(text))),
                        (text, false) => Value::string(text),
                    },
                    Op::ResourceTitles { title, earlier } => {
                        let (tl, el) = (d.operand_loc(0), d.operand_loc(1));
                        let earlier: Vec<&Value> = earlier.iter().map(|e| r!(e)).collect();
                        resource_titles(r!(title), &earlier, tl, el)?
                    }
                    Op::AttributeSplat { splat, set } => {
                        let v = r!(splat);
                        let Value::Hash(h) = v else {
                            let msg = format!("Expected value of type Hash, got {}", got_label(v));
                            return Err(error("TYPE_MISMATCH", msg, d.operand_loc(0)));
                        };
                        if let Some(Value::Hash(explicit)) = set.map(|s| r!(s)) {
                            if let Some(k) = h.keys().find(|k| explicit.contains_key(*k)) {
                                let msg = format!(
                                    "The attribute '{}' has already been set",
                                    display::to_interpolated_string(k)
                                );
                                return Err(error("DUPLICATE_ATTRIBUTE", msg, loc));
                            }
                        }
                        v.clone()
                    }
                    Op::Resource { virtual_, exported, ty, bodies } => {
                        let bs: Vec<(Value, Value)> = bodies.iter().map(|(t, a)| (r!(t).clone(), r!(a).clone())).collect();
                        self.declare_resources(r!(ty), bs, *virtual_, *exported, false, &scope, loc)?
                    }
                    Op::ResourceDefaults { ty, attrs } => self.resource_defaults(r!(ty), r!(attrs), &scope, loc)?,
                    Op::ResourceOverride { refs, set, add } => {
                        self.resource_override(r!(refs), r!(set), r!(add), &scope, loc)?
                    }
                    Op::Collect { ty, exported, query, set, add } => {
                        let q: Vec<(QueryOp, Option<Value>)> = query
                            .iter()
                            .map(|q| match q {
                                QueryOp::Eq(_, v) | QueryOp::Ne(_, v) => (q.clone(), Some(r!(v).clone())),
                                other => (other.clone(), None),
                            })
                            .collect();
                        self.collect(*ty, *exported, &q, r!(set), r!(add), &scope, loc)?
                    }
                    Op::Relationship { kind, left, right, left_collector, right_collector } => {
                        self.relationship(*kind, r!(left), r!(right), (*left_collector, *right_collector), loc)?
                    }
                    Op::Jump(b, a) => {
                        pass_block_args(&f.blocks[*b].params, a, regs);
                        next_block = Some(*b);
                        break;
                    }
                    Op::Branch { cond, then_dest, then_args, else_dest, else_args } => {
                        let c = matches!(r!(cond), Value::Boolean(true));
                        let (b, a) = if c { (then_dest, then_args) } else { (else_dest, else_args) };
                        pass_block_args(&f.blocks[*b].params, a, regs);
                        next_block = Some(*b);
                        break;
                    }
                    Op::Return(v) => return Ok(r!(v).clone()),
                };
                if let Some(res) = d.result() {
                    regs[res.index()] = out;
                }
            }
            if step.is_some() {
                return Ok(Value::Undef);
            }
            match next_block {
                Some(b) => block = b,
                None => return Err(error("INTERNAL", "block without terminator", f.loc)),
            }
        }
    }

    // ---- variables

    fn get_var(&mut self, s: Sym, scope: &Rc<Scope>, loc: Loc) -> R<Value> {
        if self.param_guard.is_some() {
            self.check_param_guard(s, scope)?;
        }
        if let Some(v) = scope.lookup(s) {
            return Ok(v);
        }
        if catalog::is_qualified(self.prog.name(s)) {
            return self.qualified_var(s, loc);
        }
        let name = self.prog.name(s).to_string();
        self.unknown_variable(&name, loc)
    }

    /// An unknown variable: an error under `strict_variables`, else undef
    /// with Puppet's warning (unless `strict` is off).
    fn unknown_variable(&mut self, name: &str, loc: Loc) -> R<Value> {
        let msg = format!("Unknown variable: '{name}'.");
        if self.opts.strict_variables || self.opts.strict == Strict::Error {
            return Err(error("UNKNOWN_VARIABLE", msg, loc));
        }
        if self.opts.strict != Strict::Off {
            self.warn(msg, loc);
        }
        Ok(Value::Undef)
    }

    fn qualified_var(&mut self, name: Sym, loc: Loc) -> R<Value> {
        let (class, sym) = self.prog.split_qualified(name);
        match self.class_variable(&class, sym) {
            Some(v) => Ok(v),
            None => {
                let name = self.prog.name(name).to_string();
                self.unknown_variable(&name, loc)
            }
        }
    }

    /// `$class::var` (Puppet's `lookup_qualified_variable`): a variable of
    /// the evaluated class's own scope, else of the class it inherits from;
    /// never of the node or top scope around it (`""` is the top scope).
    fn class_variable(&self, class: &str, sym: Sym) -> Option<Value> {
        let v = self.class_variable_unnoted(class, sym);
        if let Some(r) = self.memo.define_rec.borrow_mut().as_mut() {
            r.qualified(class, sym, &v);
        }
        v
    }

    /// [`Self::class_variable`] without noting the question (the memo
    /// asking it again).
    fn class_variable_unnoted(&self, class: &str, sym: Sym) -> Option<Value> {
        if class == "settings" && self.class_scopes.contains_key("settings") {
            return self.setting(self.prog.name(sym));
        }
        // The class itself without a copy of its name (most reads stop here).
        if let Some(v) = self.class_scopes.get(class)?.get_here(sym) {
            return Some(v);
        }
        let mut key = self.prog.classes.get(class)?.parent.as_deref()?.trim_start_matches("::").to_lowercase();
        loop {
            if let Some(v) = self.class_scopes.get(&key)?.get_here(sym) {
                return Some(v);
            }
            key = self.prog.classes.get(&key)?.parent.as_deref()?.trim_start_matches("::").to_lowercase();
        }
    }

    fn warn(&mut self, msg: String, loc: Loc) {
        let message = format!("{msg}{}", self.location_suffix(Some(loc)));
        self.logs.push(Log { level: LogLevel::Warning, scope: None, message });
    }

    /// `[$a, [$b]] = v` (Puppet's `assign_Array`) for `targets`, a list of
    /// the assignment's top-level `list`: `locs` are the assignment's, the
    /// list's and the value expression's.
    fn assign_multi(
        &mut self,
        list: &[AssignTarget],
        targets: &[AssignTarget],
        v: Value,
        scope: &Rc<Scope>,
        locs: [Loc; 3],
    ) -> R<()> {
        let [loc, list_loc, value_loc] = locs;
        match &v {
            Value::Hash(h) => {
                for t in targets {
                    let key = assign_key(&self.prog, t);
                    let Some(x) = h.get(&key) else {
                        let shown = match &key {
                            Value::String(s) => s.to_string(),
                            other => ruby_inspect(other),
                        };
                        let msg = format!("No value for required key '{shown}' in assignment to variables from hash");
                        return Err(error("MISSING_MULTI_ASSIGNMENT_KEY", msg, loc));
                    };
                    self.assign_target(list, t, x.clone(), scope, locs)?;
                }
            }
            Value::Type(ty) if matches!(&**ty, Type::Class(Some(_))) => {
                let Type::Class(Some(cn)) = &**ty else { unreachable!("matched above") };
                let cn = catalog::strip_colons(cn).to_lowercase();
                let cs = match self.catalog.lookup("Class", &cn) {
                    Some(_) => self.class_scopes.get(&cn).cloned(),
                    None => None,
                };
                let Some(cs) = cs else {
                    return Err(error("UNKNOWN_RESOURCE", format!("Resource not found: Class['{cn}']"), value_loc));
                };
                for (idx, t) in targets.iter().enumerate() {
                    // Puppet blames the entry of the top-level list at the
                    // same index, even for a nested list's variable.
                    let at = match list.get(idx) {
                        Some(AssignTarget::Var(_, l) | AssignTarget::List(_, l)) => *l,
                        None => list_loc,
                    };
                    // A class "has" the variables its scope sees (its own,
                    // an inherited class's, the top scope's), but the value
                    // is the qualified variable's (own or inherited only).
                    let found = match t {
                        AssignTarget::Var(n, _) => cs.lookup(*n).map(|_| *n),
                        AssignTarget::List(..) => None,
                    };
                    let Some(n) = found else {
                        let var = match assign_key(&self.prog, t) {
                            Value::String(s) => s.to_string(),
                            other => ruby_inspect(&other),
                        };
                        let msg = format!(
                            "No value for required variable '${cn}::{var}' in assignment to variables from class reference"
                        );
                        return Err(error("MISSING_MULTI_ASSIGNMENT_VARIABLE", msg, at));
                    };
                    let x = match self.class_variable(&cn, n) {
                        Some(x) => x,
                        None => self.unknown_variable(&format!("{cn}::{}", self.prog.name(n)), at)?,
                    };
                    self.assign_target(list, t, x, scope, locs)?;
                }
            }
            other => {
                // Any other value counts as a one-element array.
                let vals: Vec<Value> = match other {
                    Value::Array(a) => a.to_vec(),
                    _ => vec![other.clone()],
                };
                if vals.len() != targets.len() {
                    let msg = format!(
                        "Mismatched number of assignable entries and values, expected {}, got {}",
                        targets.len(),
                        vals.len()
                    );
                    return Err(error("ILLEGAL_MULTI_ASSIGNMENT_SIZE", msg, loc));
                }
                for (t, x) in targets.iter().zip(vals) {
                    self.assign_target(list, t, x, scope, locs)?;
                }
            }
        }
        Ok(())
    }

    fn assign_target(
        &mut self,
        list: &[AssignTarget],
        t: &AssignTarget,
        x: Value,
        scope: &Rc<Scope>,
        locs: [Loc; 3],
    ) -> R<()> {
        match t {
            AssignTarget::Var(n, _) => {
                if !scope.set(*n, x) {
                    let msg = format!("Cannot reassign variable '${}'", self.prog.name(*n));
                    return Err(error("ILLEGAL_REASSIGNMENT", msg, locs[0]));
                }
                Ok(())
            }
            AssignTarget::List(inner, _) => self.assign_multi(list, inner, x, scope, locs),
        }
    }

    // ---- types

    fn type_ref(&mut self, s: Sym, loc: Loc) -> R<Value> {
        // A name that resolved once in this compile resolves the same way
        // again and does nothing else (an alias stays resolved, a resource
        // type stays defined): its value is remembered, and whether that
        // first resolution was plain (see `type_effects`).
        if let Some((v, plain)) = self.type_refs.get(&s) {
            if !*plain {
                self.type_effects += 1;
            }
            return Ok(v.clone());
        }
        let name = self.prog.name(s).to_string();
        let effects = self.type_effects;
        match self.resolve_type_name(&name, loc) {
            Ok(t) => {
                // Not an alias still being resolved (a recursive alias's
                // body names it): its resolution may yet fail.
                let settled = !matches!(&t, Type::Alias(a) if a.resolved_type().is_none());
                let v = Value::Type(Arc::new(t));
                if settled {
                    self.type_refs.insert(s, (v.clone(), self.type_effects == effects));
                }
                Ok(v)
            }
            // Puppet resolves an alias while it evaluates the name; what
            // goes wrong there is an error of that evaluation.
            Err(Flow::Error(mut e)) if e.issue == "ALIAS_RESOLUTION" => {
                e.message = format!("Error while evaluating a Type-Name, {}", e.message);
                Err(Flow::Error(e))
            }
            Err(other) => Err(other),
        }
    }

    /// `Name` or `Name[args]` in a type alias's body, as Puppet's type
    /// parser reads it (see `Op::TypeSpec`).
    fn type_spec(&mut self, s: Sym, args: Option<Vec<Value>>, text: &str, loc: Loc) -> R<Value> {
        let name = self.prog.name(s).to_string();
        let resolved = match self.resolve_type_name(&name, loc) {
            Ok(t) => Some(t),
            Err(Flow::Error(e)) if e.issue == "UNKNOWN_RESOURCE_TYPE" => None,
            Err(other) => return Err(other),
        };
        let t = match (args, resolved) {
            (None, Some(t)) => t,
            (None, None) => Type::Reference(text.into()),
            (Some(a), resolved) => {
                pjit_runtime::types::parser::interpret_access(&name, &a, text, &|_: &str| resolved.clone())
                    .map_err(|e| error("ALIAS_RESOLUTION", e.message().to_string(), loc))?
            }
        };
        Ok(Value::Type(Arc::new(t)))
    }

    fn resolve_type_name(&mut self, name: &str, loc: Loc) -> R<Type> {
        let key = name.to_lowercase();
        if let Some(a) = self.aliases.get(&key) {
            let (t, in_progress) = (TypeAlias::named_type(a), a.resolved_type().is_none());
            if !self.plain_aliases.contains(&key) {
                self.type_effects += 1;
            }
            if in_progress {
                self.aliases.note_back_reference();
            }
            return Ok(t);
        }
        // A plain alias an earlier compile resolved: all that resolving it
        // here would do is load its file (which only this lookup reads)
        // and compute the same type.
        if let Some(a) = self.shared_aliases.get(&key) {
            let a = a.clone();
            self.aliases.insert(key.clone(), a.clone());
            self.plain_aliases.insert(key);
            return Ok(TypeAlias::named_type(&a));
        }
        // Global names come from the environment's `types/` only, and
        // never shadow Puppet's own types.
        let loadable = catalog::is_qualified(&key)
            || (self.opts.environment_dir.is_some() && matches!(Type::from_name(name), Type::Resource { .. }));
        if !self.prog.type_aliases.contains_key(&key) && loadable {
            self.autoload(LoadKind::TypeAlias, &key, loc)?;
        }
        // A type of a TypeSet is known once its set is being loaded.
        let thunk = self.prog.type_aliases.get(&key).map(|&(thunk, _)| thunk).filter(|&thunk| {
            match self.prog.funcs[thunk].name.rsplit_once(" in ") {
                Some((_, set)) => self.aliases.contains_key(&set.to_lowercase()),
                None => true,
            }
        });
        if let Some(thunk) = thunk {
            // Registered before its body runs, so that the body may refer
            // to the alias (recursive types); withdrawn again if the body
            // fails, so that every later use fails the same way (Puppet
            // retries the resolution each time).
            let alias = TypeAlias::new(name);
            self.aliases.insert(key.clone(), alias.clone());
            let top = self.top.clone();
            // `type A = Object[...]` and `type S = TypeSet[...]` define a
            // type named by the definition; the thunk returns its init hash.
            let thunk_name = self.prog.funcs[thunk].name.as_str();
            let thunk_name = thunk_name.rsplit_once(" in ").map_or(thunk_name, |(n, _)| n);
            let definition = thunk_name.strip_prefix("type ").and_then(|n| n.rsplit_once(" = "));
            let definition = definition.map(|(n, k)| (n.to_string(), k.to_string()));
            let in_set = self.prog.funcs[thunk].name.contains(" in ");
            if definition.is_some() || in_set {
                self.type_effects += 1;
            }
            let effects = self.type_effects;
            let resolved = match (self.run_thunk(thunk, &top), definition) {
                (Ok(init), Some((def_name, kind))) => alias.define(&kind, &def_name, &init),
                (Ok(Value::Type(t)), None) => alias.resolve_checked(&t),
                (Ok(other), None) => Err(format!(
                    "The expression <{}> is not a valid type specification.",
                    display::to_interpolated_string(&other)
                )),
                // Errors inside the body surface where the alias is used.
                (Err(Flow::Error(e)), _) => Err(e.message),
                (Err(other), _) => return Err(other),
            };
            return match resolved {
                Ok(()) => {
                    if self.type_effects == effects {
                        self.plain_aliases.insert(key);
                    }
                    Ok(TypeAlias::named_type(&alias))
                }
                Err(message) => {
                    self.aliases.remove(&key);
                    Err(Flow::Error(EvalError { issue: "ALIAS_RESOLUTION", message, loc: Some(loc) }))
                }
            };
        }
        // Pcore's Object types that Puppet 7 defines at startup.
        if key == "deferred" {
            return Ok(Type::ObjectType(pjit_runtime::types::object::deferred_type()));
        }
        // A built-in type (`Optional`, named in an alias's body) and a Ruby
        // resource type (`File`: the answers of `ruby_type` are kept with
        // the program) resolve without effect; a defined type may load its
        // file.
        let t = Type::from_name(name);
        if let Type::Resource { type_name: Some(n), title: None } = &t {
            let k = n.to_lowercase();
            if self.ruby_type(&k).is_some() {
                return Ok(t);
            }
            self.type_effects += 1;
            if !self.prog.defines.contains_key(&k)
                && !(self.autoload(LoadKind::Define, &k, loc)? && self.prog.defines.contains_key(&k))
            {
                return Err(error("UNKNOWN_RESOURCE_TYPE", format!("Resource type not found: {}", pjit_runtime::types::format::capitalize_segments(name)), loc));
            }
        }
        Ok(t)
    }


    // ---- calls

    /// A `Call` instruction on register file `regs`: through the tier's
    /// fast paths when a backend is installed, else `call_named`.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    fn call_op(
        &mut self,
        name: Sym,
        args: &[(Val, bool)],
        block: Option<Val>,
        method: bool,
        regs: &[Value],
        scope: &Rc<Scope>,
        loc: Loc,
    ) -> R<Value> {
        self.puppet_stack.push(loc);
        let r = if self.tier.is_on() {
            self.call_op_tiered(name, args, block, method, regs, scope, loc)
        } else {
            self.call_op_untiered(name, args, block, method, regs, scope, loc)
        };
        self.puppet_stack.pop();
        r
    }

    /// `call_op` without a backend.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    fn call_op_untiered(
        &mut self,
        name: Sym,
        args: &[(Val, bool)],
        block: Option<Val>,
        method: bool,
        regs: &[Value],
        scope: &Rc<Scope>,
        loc: Loc,
    ) -> R<Value> {
        let mut av = Vec::with_capacity(args.len());
        for (v, splat) in args {
            if *splat {
                av.extend(ops::splat(&regs[v.index()]));
            } else {
                av.push(regs[v.index()].clone());
            }
        }
        let blk = block.map(|b| regs[b.index()].clone());
        let name: Rc<str> = self.prog.syms[name.index()].clone();
        self.call_named(&name, av, blk, scope, loc, method)
    }

    /// `call_op` with a backend installed: the tier's fast paths first.
    #[inline(never)]
    #[allow(clippy::too_many_arguments)]
    fn call_op_tiered(
        &mut self,
        name: Sym,
        args: &[(Val, bool)],
        block: Option<Val>,
        method: bool,
        regs: &[Value],
        scope: &Rc<Scope>,
        loc: Loc,
    ) -> R<Value> {
        let mut av = Vec::with_capacity(args.len());
        for (v, splat) in args {
            if *splat {
                av.extend(ops::splat(&regs[v.index()]));
            } else {
                av.push(regs[v.index()].clone());
            }
        }
        let blk = block.map(|b| regs[b.index()].clone());
        if let Some(r) = tier::call(self, name, &mut av, blk.as_ref(), scope, loc, method) {
            return r;
        }
        let name: Rc<str> = self.prog.syms[name.index()].clone();
        self.call_named(&name, av, blk, scope, loc, method)
    }

    fn call_named(
        &mut self,
        name: &str,
        args: Vec<Value>,
        block: Option<Value>,
        scope: &Rc<Scope>,
        loc: Loc,
        method: bool,
    ) -> R<Value> {
        // `$obj.attr`: an Object's attributes come before functions of the
        // same name (Puppet looks for a member of the receiver's type first).
        if method
            && let Some(Value::Object(o)) = args.first()
            && let Some(r) = o.invoke(name, &args[1..])
        {
            return r.map_err(|e| unwind_to_flow(Unwind::Error(e), None, true, loc));
        }
        if method
            && let [Value::Uri(u)] = args.as_slice()
            && let Some(v) = u.member(name)
        {
            return Ok(v);
        }
        let key: std::borrow::Cow<str> =
            if name.bytes().any(|c| c.is_ascii_uppercase()) { name.to_lowercase().into() } else { name.into() };
        let key: &str = key.strip_prefix("::").unwrap_or(&key);
        // Global names come from the environment's `functions/` only, and
        // never shadow Puppet's own functions.
        let loadable = catalog::is_qualified(key) || (self.opts.environment_dir.is_some() && rtf::lookup(key).is_none());
        if !self.prog.functions.contains_key(key) && loadable {
            self.autoload(LoadKind::Function, key, loc)?;
        }
        if let Some(&fid) = self.prog.functions.get(key) {
            return self.call_puppet_function(fid, name, args, block, loc);
        }
        match key {
            "include" | "contain" | "require" => {
                if self.memo.define_rec.borrow().is_some() {
                    self.note_include(key, &args);
                }
                let context = if method { "Method call" } else { "Function Call" };
                if args.is_empty() {
                    let m = format!("Error while evaluating a {context}, '{key}' expects at least 1 argument, got none");
                    return Err(error("ARGUMENT_COUNT", m, loc));
                }
                let mut out = vec![];
                // Puppet checks every name before it declares any class.
                let names = class_names(&args).map_err(|m| {
                    error("ILLEGAL_CLASS_NAME", format!("Error while evaluating a {context}, {m}"), loc)
                })?;
                // Puppet's `evaluate_classes(names, scope, false)`: every
                // class's resource first, then each body (so `include [a, b]`
                // puts Class[B] before what a's body declares).
                let names: Vec<String> = names.iter().map(|n| catalog::strip_colons(n).to_string()).collect();
                let mut ids = Vec::with_capacity(names.len());
                for n in &names {
                    ids.push(self.ensure_included(n, scope, loc, context)?);
                }
                for (n, &i) in names.iter().zip(&ids) {
                    self.evaluate_included(i, n, loc, context)?;
                }
                for (n, i) in names.into_iter().zip(ids) {
                    let here = scope.cat.resource;
                    if key == "contain" && !self.catalog.edges.contains(&(here, i)) {
                        self.catalog.contain(here, i);
                    }
                    if key == "require" {
                        // `require` makes the class a requirement of
                        // the calling scope's resource.
                        let r = &mut self.catalog.resources[here];
                        r.pin_param_meta();
                        let mut list = match r.params.shift_remove("require") {
                            Some(Value::Array(a)) => a.to_vec(),
                            Some(Value::Undef) | None => vec![],
                            Some(other) => vec![other],
                        };
                        list.push(Value::string(format!("Class[{}]", capitalize_name(&n))));
                        r.params.insert("require".into(), Value::Array(pjit_runtime::value::PArray(Arc::new(list))));
                    }
                    out.push(Value::Type(Arc::new(Type::class(Some(&n)))));
                }
                return Ok(Value::Array(pjit_runtime::value::PArray(Arc::new(out))));
            }
            "realize" => return self.realize(&args, loc),
            "create_resources" => return self.create_resources(&args, scope, loc),
            "file" | "binary_file" | "find_file" | "find_template" | "module_directory" | "generate" => {
                if let Some(r) = self.file_function(key, &args, loc) {
                    return r;
                }
            }
            "tag" => return self.tag_scope(&args, scope, loc),
            "tagged" => return self.tagged(&args, scope),
            "lookup" | "hiera" | "hiera_array" | "hiera_hash" | "hiera_include" => {
                return self.call_lookup(key, &args, block, scope, loc);
            }
            _ => {}
        }
        if key == "inline_epp" || key == "epp" {
            return self.call_epp(key == "inline_epp", &args, scope, loc);
        }
        if key == "inline_template" || key == "template" {
            return self.call_erb(key == "inline_template", &args, scope, loc);
        }
        if key == "import" {
            let msg = "Use of 'import' has been discontinued in favor of a manifest directory. See http://links.puppet.com/puppet-import-deprecation";
            return Err(error("DISCONTINUED_IMPORT", msg, loc));
        }
        let func = match rtf::lookup(key) {
            Some(f) => f,
            // The terminus's function, where a PuppetDB is configured.
            None if key == "puppetdb_query" && self.opts.storeconfigs.is_some() => {
                rtf::stdlib::lookup(key).expect("puppetdb_query is implemented")
            }
            None => match self.module_function(key) {
                ModuleFunction::Native(f) => f,
                ModuleFunction::Ruby(module) if self.opts.foreign.is_some() => {
                    let runner = self.opts.foreign.clone().expect("checked");
                    return self.call_foreign(runner, name, module, &args, block.as_ref(), scope, loc, method);
                }
                ModuleFunction::Ruby(module) => {
                    let msg = format!(
                        "Unknown function: '{name}'. The module '{module}' implements it in Ruby, which pjit does not run."
                    );
                    return Err(error("UNKNOWN_FUNCTION", msg, loc));
                }
                ModuleFunction::Absent => {
                    return Err(error("UNKNOWN_FUNCTION", format!("Unknown function: '{name}'."), loc));
                }
            },
        };
        let mut host = CallHost { it: self, scope: scope.clone(), loc, pending: None };
        let r = rtf::call(func, &mut host, &args, block.as_ref());
        // An error raised by a lambda or function the core function called
        // back travels unchanged, with its own location.
        if let (Err(Unwind::Error(_)), Some(p)) = (&r, host.pending.take()) {
            return Err(p);
        }
        match r {
            Ok(v) => Ok(v),
            Err(u) => Err(unwind_to_flow(u, None, method, loc)),
        }
    }

    /// Loads the files that should define `name` from the modulepath, as
    /// Puppet's loaders do. Functions and type aliases: one file,
    /// `a::b::c` -> `a/functions/b/c.pp` (or `types/`). Classes and defined
    /// types (Puppet's type loader): for `a::b::c` it tries `a/b/c`, then
    /// `a/b`, then `a`, and for each of them loads the module's
    /// `manifests/init.pp` first (in case the definition is there) and then
    /// `manifests/b/c.pp` (`manifests/b.pp`), each file once per compile,
    /// until one of them has defined the name. A module is the first
    /// directory of that name on the modulepath. Returns whether a file was
    /// read. A file that does not parse is an error.
    fn autoload(&mut self, kind: LoadKind, name: &str, loc: Loc) -> R<bool> {
        let name = catalog::strip_colons(name);
        let lower;
        let name = if name.bytes().any(|b| b.is_ascii_uppercase()) || !name.is_ascii() {
            lower = name.to_lowercase();
            lower.as_str()
        } else {
            name
        };
        // Which files a name leads to is asked again and again, by this
        // compile and by every compile that reuses this program; the
        // modulepath is not expected to change meanwhile.
        let groups = match self.autoloads.found[kind as usize].get(name) {
            Some(g) => g.clone(),
            None => {
                let g: Rc<[Vec<u32>]> = self.autoload_files(kind, name).into();
                self.autoloads.found[kind as usize].insert(name.to_string(), g.clone());
                g
            }
        };
        let mut read = false;
        for group in groups.iter() {
            for &file in group {
                read |= self.load_file(file as usize, loc)?;
            }
            let defined = match kind {
                LoadKind::Class => self.prog.classes.contains_key(name),
                LoadKind::Define => self.prog.defines.contains_key(name),
                LoadKind::Function => self.prog.functions.contains_key(name),
                LoadKind::TypeAlias => self.prog.type_aliases.contains_key(name),
            };
            if defined {
                break;
            }
        }
        Ok(read)
    }

    /// Makes the definitions of autoloaded file `file` visible, unless this
    /// compile did already; returns whether it did now.
    fn load_file(&mut self, file: usize, loc: Loc) -> R<bool> {
        if self.loaded.len() <= file {
            self.loaded.resize(file + 1, false);
        }
        if std::mem::replace(&mut self.loaded[file], true) {
            return Ok(false);
        }
        if let Some(defs) = &self.autoloads.fragments[file] {
            // Lowered by an earlier compile of this program: its bodies are
            // there, only its definitions need to become visible again.
            for d in defs.clone() {
                self.prog.apply_definition(d);
            }
            return Ok(true);
        }
        let path = self.autoloads.files[file].clone();
        // Module files are validated as Puppet's loader does: only
        // definitions at the top, each named below the file's namespace.
        // Its errors carry no "Could not parse" prefix (unlike the main
        // manifest's).
        let ns = self.autoloads.namespaces[file].clone();
        let bytes = self.autoloads.read_file(file, &path).map_err(|e| error("LOAD_ERROR", format!("Could not read {}: {e}", path.display()), loc))?;
        let options = self.module_file_options(&path, ns);
        let (src, ast) = parse_source_with(options.file_path.clone(), &bytes, pjit_frontend::parser::SourceKind::Manifest, &options)
            .map_err(|message| Flow::Error(EvalError { issue: "LOAD_ERROR", message, loc: None }))?;
        let first = self.prog.funcs.len();
        let mark = self.prog.def_log.len();
        crate::lower::lower_definitions(&mut self.prog, &src, &ast);
        crate::passes::optimize_from(&mut self.prog, first);
        // Moved out of the log (nothing else reads it), not copied.
        self.autoloads.fragments[file] = Some(self.prog.def_log.drain(mark..).collect());
        Ok(true)
    }

    /// How a module file is validated: with the compile's `strict` and, for
    /// a file of a module, the namespace its path stands for.
    fn module_file_options(&self, path: &std::path::Path, namespace: Option<String>) -> pjit_frontend::validate::Options {
        pjit_frontend::validate::Options {
            strict: match self.opts.strict {
                Strict::Off => pjit_frontend::validate::Strict::Off,
                Strict::Warning => pjit_frontend::validate::Strict::Warning,
                Strict::Error => pjit_frontend::validate::Strict::Error,
            },
            namespace: match namespace {
                Some(ns) => pjit_frontend::validate::FileNamespace::Module(ns),
                None => pjit_frontend::validate::FileNamespace::None,
            },
            file_path: match path.to_str() {
                Some(p) => p.to_owned(),
                None => path.display().to_string(),
            },
        }
    }

    /// The groups of files the autoloader loads for `name` (lower case, no
    /// leading `::`), as indexes into `autoloads.files`; see
    /// [`Interp::autoload`].
    fn autoload_files(&mut self, kind: LoadKind, name: &str) -> Vec<Vec<u32>> {
        let segs: Vec<&str> = catalog::name_segments(name).collect();
        let mut groups = vec![];
        if matches!(kind, LoadKind::Function | LoadKind::TypeAlias) {
            // A module's functions and types, then the environment's own
            // (`<env>/functions/a/b.pp` for `a::b`, every segment a
            // directory: global names and `environment::` ones live there).
            let sub = if kind == LoadKind::Function { "functions" } else { "types" };
            if let (Some(dir), false) = (self.module_dir(segs[0]), segs.len() == 1) {
                let path = dir.join(sub).join(format!("{}.pp", segs[1..].join("/")));
                if path.is_file() {
                    groups.push(vec![self.autoload_file(path, Some(name))]);
                    return groups;
                }
            }
            if let Some(env) = &self.opts.environment_dir {
                let path = env.join(sub).join(format!("{}.pp", segs.join("/")));
                if path.is_file() {
                    groups.push(vec![self.autoload_file(path, None)]);
                }
            }
            return groups;
        }
        let Some(dir) = self.manifest_dir(segs[0]) else { return vec![] };
        let rest = &segs[1..];
        match kind {
            LoadKind::Function | LoadKind::TypeAlias => {}
            LoadKind::Class | LoadKind::Define => {
                let init = self.manifest_file(dir, "init.pp", || segs[0].to_string());
                for n in (0..=rest.len()).rev() {
                    let mut group: Vec<u32> = init.into_iter().collect();
                    if n > 0 {
                        let mut rel = rest[..n].join("/");
                        rel.push_str(".pp");
                        if let Some(f) = self.manifest_file(dir, &rel, || segs[..n + 1].join("::")) {
                            if !group.contains(&f) {
                                group.push(f);
                            }
                        }
                    }
                    if !group.is_empty() {
                        groups.push(group);
                    }
                }
            }
        }
        groups
    }

    /// The index of a module file in `autoloads.files` (added if new).
    /// `namespace` is the name a module file's path stands for (`a::b`
    /// for `a/manifests/b.pp`, `a` for `a/manifests/init.pp`): what it may
    /// define; None for the environment's own files, which Puppet does not
    /// check that way.
    fn autoload_file(&mut self, path: std::path::PathBuf, namespace: Option<&str>) -> u32 {
        self.autoload_file_in(path, namespace, None)
    }

    /// [`Interp::autoload_file`] for a file at `rel` inside manifests
    /// directory `dir` (see [`Interp::manifest_dir`]).
    fn autoload_file_in(&mut self, path: std::path::PathBuf, namespace: Option<&str>, in_dir: Option<(u32, &str)>) -> u32 {
        let a = &mut self.autoloads;
        let i = *a.index.entry(path.as_os_str().as_encoded_bytes().to_vec()).or_insert_with(|| {
            a.files.push(path);
            a.namespaces.push(namespace.map(str::to_string));
            a.fragments.push(None);
            a.in_dirs.push(in_dir.and_then(|(d, rel)| a.manifest_dirs.at(d, rel)));
            (a.files.len() - 1) as u32
        });
        i
    }

    /// The index of module `module`'s `manifests` directory in
    /// `autoloads.manifest_dirs`, listed on first use (one listing instead
    /// of a stat per candidate file); None if there is no such module.
    fn manifest_dir(&mut self, module: &str) -> Option<u32> {
        if let Some(&d) = self.autoloads.manifest_dir_index.get(module) {
            return d;
        }
        let d = self.module_dir(module).map(|dir| {
            let manifests = dir.join("manifests");
            let mut found = vec![];
            ruby_files_with(&manifests, "", "/", ".pp", &mut found);
            self.autoloads.manifest_dirs.add(manifests, found.into_iter().map(|f| f + ".pp"))
        });
        self.autoloads.manifest_dir_index.insert(module.to_string(), d);
        d
    }

    /// The autoloader's index of `rel` in manifests directory `dir` (see
    /// [`Interp::manifest_dir`]), if it is a listed file; `namespace`
    /// gives the name its path stands for.
    fn manifest_file(&mut self, dir: u32, rel: &str, namespace: impl FnOnce() -> String) -> Option<u32> {
        match self.autoloads.manifest_dirs.listed(dir, rel)? {
            Some(f) => Some(f),
            None => {
                let path = self.autoloads.manifest_dirs.path(dir).join(rel);
                let f = self.autoload_file_in(path, Some(&namespace()), Some((dir, rel)));
                self.autoloads.manifest_dirs.set_index(dir, rel, f);
                Some(f)
            }
        }
    }

    /// The Ruby functions of the modules on the modulepath, by name
    /// (`a::b` for `lib/puppet/functions/a/b.rb`, and the 3.x
    /// `lib/puppet/parser/functions/x.rb`), each with the first module (in
    /// modulepath order, then by name) that has it. Listed once instead of
    /// probing every module for every name.
    fn ruby_functions(&mut self) -> Rc<HashMap<String, Rc<str>>> {
        if let Some(m) = &self.autoloads.ruby_functions {
            return m.clone();
        }
        let mut index: HashMap<String, Rc<str>> = HashMap::default();
        for d in &self.opts.modulepath {
            let Ok(entries) = std::fs::read_dir(d) else { continue };
            let mut mods: Vec<_> = entries.flatten().map(|e| e.path()).collect();
            mods.sort();
            for m in mods {
                let Some(module) = m.file_name().map(|n| Rc::<str>::from(n.to_string_lossy().as_ref())) else { continue };
                let mut names = vec![];
                ruby_files(&m.join("lib/puppet/functions"), "", &mut names);
                // 3.x functions are not namespaced.
                let mut legacy = vec![];
                ruby_files(&m.join("lib/puppet/parser/functions"), "", &mut legacy);
                names.extend(legacy.into_iter().filter(|n| !catalog::is_qualified(n)));
                for n in names {
                    index.entry(n).or_insert_with(|| module.clone());
                }
            }
        }
        let index = Rc::new(index);
        self.autoloads.ruby_functions = Some(index.clone());
        index
    }

    /// The directory of module `name`: the first directory of that name on
    /// the modulepath (a module there hides any later one). Remembered.
    fn module_dir(&mut self, name: &str) -> Option<std::path::PathBuf> {
        if let Some(d) = self.autoloads.module_dirs.get(name) {
            return d.clone();
        }
        let valid = name.starts_with(|c: char| c.is_ascii_lowercase())
            && name.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_');
        let dir = if valid { self.opts.modulepath.iter().map(|d| d.join(name)).find(|p| p.is_dir()) } else { None };
        self.autoloads.module_dirs.insert(name.to_string(), dir.clone());
        dir
    }

    /// `inline_epp(text, params)` and `epp('module/file.epp', params)`:
    /// parses and lowers the template once, then renders it. Inline
    /// templates see the calling scope; file templates only the top scope.
    fn call_epp(&mut self, inline: bool, args: &[Value], scope: &Rc<Scope>, loc: Loc) -> R<Value> {
        let fname = if inline { "inline_epp" } else { "epp" };
        let wrap = |msg: String| error("EPP_ERROR", format!("Error while evaluating a Function Call, {msg}"), loc);
        let (source, params) = match args {
            [Value::String(s)] => (s.to_string(), None),
            [Value::String(s), Value::Hash(h)] => (s.to_string(), Some(h.clone())),
            _ => {
                let msg = format!("'{fname}' expects between 1 and 2 arguments, got {}", args.len());
                return Err(wrap(msg));
            }
        };
        let key = format!("{}{source}", if inline { "inline:" } else { "file:" });
        let fid = match self.templates.get(&key) {
            Some(&f) => f,
            None => {
                let (name, bytes) = if inline {
                    ("inline_epp".to_string(), source.clone().into_bytes())
                } else {
                    let (module, rest) = source.split_once('/').unwrap_or((&source, ""));
                    let found = self
                        .opts
                        .modulepath
                        .iter()
                        .map(|d| d.join(module).join("templates").join(rest))
                        .find(|p| !rest.is_empty() && p.is_file());
                    let Some(path) = found else {
                        return Err(wrap(format!("Could not find template '{source}'")));
                    };
                    let bytes = std::fs::read(&path).map_err(|e| wrap(format!("Could not read {}: {e}", path.display())))?;
                    (path.display().to_string(), bytes)
                };
                let (src, ast) = parse_source(name, &bytes, pjit_frontend::parser::SourceKind::Epp).map_err(wrap)?;
                let first = self.prog.funcs.len();
                let f = crate::lower::lower_template(&mut self.prog, &src, &ast);
                crate::passes::optimize_from(&mut self.prog, first);
                self.templates.insert(key, f);
                f
            }
        };
        let parent = if inline { scope.clone() } else { self.top.clone() };
        let tscope = Scope::local(&parent);
        let f = self.prog.funcs[fid].clone();
        let named: catalog::Params = params
            .map(|h| h.iter().map(|(k, v)| (catalog::ParamName::of_key(k), v.clone())).collect())
            .unwrap_or_default();
        let vals = if f.params.is_empty() {
            // A template without a parameter list sees the arguments as
            // local variables.
            for (k, v) in &named {
                let s = self.prog.intern(k);
                tscope.set(s, v.clone());
            }
            vec![]
        } else {
            match self.bind(&f, Args::Named(named), &tscope, &|| "lambda".to_string(), loc) {
                Ok(v) => v,
                Err(Flow::Error(e)) if e.issue == PARAMETER_ERROR || e.issue == BIND_INIT_ERROR => {
                    return Err(wrap(e.message));
                }
                Err(e) => return Err(e),
            }
        };
        match self.run_body(fid, vals, tscope, None) {
            Err(Flow::Return(v, _)) => Ok(v),
            r => r,
        }
    }
}

/// Where the modules' Ruby resource types are.
#[derive(Default)]
struct RubyTypeFiles {
    /// Type name to its `lib/puppet/type/<name>.rb`.
    types: HashMap<String, std::path::PathBuf>,
    /// Names that have a `lib/puppet/provider/<name>/` directory.
    providers: std::collections::HashSet<String>,
}

/// The `.rb` files below `dir`, as qualified names (`a/b.rb` -> `a::b`)
/// prefixed by `prefix`.
fn ruby_files(dir: &std::path::Path, prefix: &str, out: &mut Vec<String>) {
    ruby_files_with(dir, prefix, "::", ".rb", out);
}

/// The files ending in `ext` below `dir`, without it, their directories
/// joined by `sep` and prefixed by `prefix` (symbolic links followed, as
/// Ruby's globs do).
fn ruby_files_with(dir: &std::path::Path, prefix: &str, sep: &str, ext: &str, out: &mut Vec<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let Ok(name) = e.file_name().into_string() else { continue };
        let kind = match e.file_type() {
            Ok(t) if t.is_symlink() => std::fs::metadata(e.path()).map(|m| m.file_type()).ok(),
            t => t.ok(),
        };
        match kind {
            Some(t) if t.is_dir() => ruby_files_with(&e.path(), &format!("{prefix}{name}{sep}"), sep, ext, out),
            Some(t) if t.is_file() => {
                if let Some(stem) = name.strip_suffix(ext) {
                    // Room for the `.pp` the autoloader appends.
                    let mut f = String::with_capacity(prefix.len() + stem.len() + ext.len());
                    f.push_str(prefix);
                    f.push_str(stem);
                    out.push(f);
                }
            }
            _ => {}
        }
    }
}

/// A function that is not in Puppet's core library, as the modulepath
/// provides it.
#[derive(Clone, Copy)]
enum ModuleFunction {
    /// A module's Ruby function pjit implements natively.
    Native(&'static rtf::Function),
    /// A module's Ruby function pjit does not implement (the module named).
    Ruby(&'static str),
    Absent,
}

impl Interp {
    /// Whether a module on the modulepath defines function `key` in Ruby
    /// (`lib/puppet/functions/<ns>/<name>.rb`, or
    /// `lib/puppet/parser/functions/<name>.rb`), and whether pjit has it
    /// natively. Module functions exist only where their module is.
    fn module_function(&mut self, key: &str) -> ModuleFunction {
        if let Some(f) = self.module_functions.get(key) {
            return *f;
        }
        let found = self.ruby_functions().get(key).cloned();
        // The Ruby file of the module's release decides which behaviour
        // the function has (stdlib 9 made shims of 8.x functions).
        let native = found.as_ref().and_then(|m| {
            let version = self.module_dir(m).and_then(|d| rtf::stdlib::module_version(&d));
            rtf::stdlib::lookup_version(key, version.as_deref())
        });
        let f = match (found, native) {
            (Some(_), Some(f)) => ModuleFunction::Native(f),
            (Some(m), None) => ModuleFunction::Ruby(Box::leak(m.to_string().into_boxed_str())),
            (None, _) => ModuleFunction::Absent,
        };
        self.module_functions.insert(key.to_string(), f);
        f
    }
}

/// Where Puppet blames an operator's error: some issues point at the left
/// or right operand rather than at the operator.
/// Is every element of `a` an instance of `t`? In order, failing at the
/// first `Init` that cannot be initialized (as Puppet's `instance?`).
fn all_instances(t: &Type, a: &[Value]) -> Result<bool, rtf_init::InitError> {
    for x in a {
        if !calc::try_instance_of(t, x)? {
            return Ok(false);
        }
    }
    Ok(true)
}

fn operand_error(d: &InstData, e: Error, left: &Value, right: &Value) -> Flow {
    let (ll, rl) = (d.operand_loc(0), d.operand_loc(1));
    let l = match e.issue() {
        "DIV_BY_ZERO" | "MATCH_NOT_REGEXP" => rl,
        "OPERATOR_NOT_APPLICABLE" | "OPERATOR_NOT_APPLICABLE_WHEN" | "RESULT_IS_INFINITY" | "MATCH_NOT_STRING" => ll,
        "NOT_NUMERIC" => {
            if ops::coerce_numeric(left).is_err() {
                ll
            } else {
                rl
            }
        }
        _ => {
            let _ = right;
            d.loc
        }
    };
    rt_error(e, l)
}

/// Parses and validates a file loaded at run time; the error is the first
/// diagnostic with its location.
fn parse_source(
    name: String,
    bytes: &[u8],
    kind: pjit_frontend::parser::SourceKind,
) -> Result<(pjit_frontend::SourceFile, pjit_frontend::ast::Program), String> {
    parse_source_with(name, bytes, kind, &pjit_frontend::validate::Options::default())
}

/// [`parse_source`] with the validator's options.
fn parse_source_with(
    name: String,
    bytes: &[u8],
    kind: pjit_frontend::parser::SourceKind,
    options: &pjit_frontend::validate::Options,
) -> Result<(pjit_frontend::SourceFile, pjit_frontend::ast::Program), String> {
    // Validated UTF-8 goes straight into the file's shared text (one copy);
    // the lossy form only for the rare file with invalid bytes.
    let text: std::sync::Arc<str> = match std::str::from_utf8(bytes) {
        Ok(s) => s.into(),
        Err(_) => String::from_utf8_lossy(bytes).into(),
    };
    let src = pjit_frontend::SourceFile::new(name, text);
    let parsed = pjit_frontend::parser::parse_bytes(pjit_frontend::FileId(0), bytes, kind);
    let mut diags = parsed.diagnostics;
    if let Some(p) = &parsed.program {
        diags.extend(pjit_frontend::validate::validate(p, options));
    }
    if let Some(d) = diags.iter().find(|d| d.is_error()) {
        return Err(d.message_with_location(&src));
    }
    match parsed.program {
        Some(ast) => Ok((src, ast)),
        None => Err(format!("{} does not parse", src.name())),
    }
}

/// The class names in an `include` argument.
/// The class names `include`, `contain` and `require` declare, flattened
/// and checked as Puppet's `transform_and_assert_classnames` does.
fn class_names(args: &[Value]) -> Result<Vec<String>, String> {
    fn add(v: &Value, out: &mut Vec<String>) -> Result<(), String> {
        let class_title = |tn: &str, ti: Option<&str>| -> Result<String, String> {
            if tn.is_empty() {
                return Err("Cannot use an unspecific Resource[] where a Resource['class', name] is expected".into());
            }
            if !tn.eq_ignore_ascii_case("class") {
                return Err(format!("Cannot use a Resource[{tn}] where a Resource['class', name] is expected"));
            }
            ti.map(str::to_string)
                .ok_or_else(|| "Cannot use an unspecific Resource['class'] where a Resource['class', name] is expected".into())
        };
        match v {
            Value::Undef => return Err("Cannot use undef as a class name".into()),
            Value::String(s) if s.is_empty() => return Err("Cannot use empty string as a class name".into()),
            Value::String(s) => out.push(s.to_string()),
            Value::Array(a) => {
                for x in a.iter() {
                    add(x, out)?;
                }
            }
            Value::Type(t) => match &**t {
                Type::Class(Some(n)) => out.push(n.to_string()),
                Type::Class(None) => return Err("Cannot use an unspecific Class[] Type".into()),
                Type::Resource { type_name, title } => {
                    out.push(class_title(type_name.as_deref().unwrap_or(""), title.as_deref())?)
                }
                // Puppet crashes on the other kinds of values (a nil from
                // its `case` meets `downcase`, see the eval suite's
                // `same_crash`): pjit says what is wrong.
                _ => return Err(format!("Cannot use {} as a class name", pjit_runtime::error::a_an(&pjit_runtime::label::label(v)))),
            },
            other => {
                return Err(format!("Cannot use {} as a class name", pjit_runtime::error::a_an(&pjit_runtime::label::label(other))));
            }
        }
        Ok(())
    }
    let mut out = vec![];
    for a in args {
        add(a, &mut out)?;
    }
    Ok(out)
}

/// The titles of a resource body, flattened and checked as Puppet's
/// evaluator checks them before it evaluates the body's attributes:
/// errors are blamed on the title (`at`), a title an `earlier` body of the
/// expression has (a flattened list) on the expression (`expr_at`).
pub(crate) fn resource_titles(title: &Value, earlier: &[&Value], at: Loc, expr_at: Loc) -> R<Value> {
    if matches!(title, Value::Undef) {
        return Err(error("MISSING_TITLE", "Missing title. The title expression resulted in undef", at));
    }
    // One non-empty String title and no earlier body (nearly every
    // resource expression, checked again by the declaration): nothing to
    // flatten or compare; any other case takes the checks below.
    if earlier.is_empty() {
        match title {
            Value::String(s) if !s.is_empty() => return Ok(Value::array(vec![title.clone()])),
            Value::Array(a) if a.len() == 1 && matches!(&a[0], Value::String(s) if !s.is_empty()) => return Ok(title.clone()),
            _ => {}
        }
    }
    let titles = flatten_titles(title);
    // Nearly every expression has one title: a linear scan of the few seen
    // is cheaper than building a hash set for them.
    let mut seen_few: Vec<&Value> = earlier.iter().flat_map(|e| e.as_array().unwrap_or(&[])).collect();
    let mut seen_many: Option<std::collections::HashSet<&Value, foldhash::fast::FixedState>> = None;
    for (index, t) in titles.iter().enumerate() {
        match t {
            Value::Undef => {
                let msg = format!("Missing title at index {index}. The title expression resulted in an undef title");
                return Err(error("MISSING_TITLE_AT", msg, at));
            }
            Value::String(s) if s.is_empty() => {
                let msg = format!("Empty string title at {index}. Title strings must have a length greater than zero.");
                return Err(error("EMPTY_STRING_TITLE_AT", msg, at));
            }
            Value::String(_) | Value::Default => {}
            other => {
                let msg = format!("Illegal title type at index {index}. Expected String, got {}", got_label(other));
                return Err(error("ILLEGAL_TITLE_TYPE_AT", msg, at));
            }
        }
        if seen_many.is_none() && seen_few.len() >= 16 {
            seen_many = Some(seen_few.drain(..).collect());
        }
        let first_use = match &mut seen_many {
            Some(set) => set.insert(t),
            None if seen_few.contains(&t) => false,
            None => {
                seen_few.push(t);
                true
            }
        };
        if !first_use {
            let msg = format!(
                "The title '{}' has already been used in this resource expression",
                display::to_interpolated_string(t)
            );
            return Err(error("DUPLICATE_TITLE", msg, expr_at));
        }
    }
    Ok(Value::array(titles))
}

/// `[titles].flatten`.
pub(crate) fn flatten_titles(v: &Value) -> Vec<Value> {
    match v {
        Value::Array(a) => a.iter().flat_map(flatten_titles).collect(),
        other => vec![other.clone()],
    }
}

/// What a multi-assignment target is called when it looks up a hash key
/// or a class variable: a variable's name, a nested list the list of its
/// names (Puppet's evaluator uses its lvalues as they are).
fn assign_key(prog: &Program, t: &AssignTarget) -> Value {
    match t {
        AssignTarget::Var(n, _) => Value::string(prog.name(*n)),
        AssignTarget::List(inner, _) => Value::array(inner.iter().map(|t| assign_key(prog, t)).collect()),
    }
}

/// Ruby's `inspect` of a list of names (`["b", "c"]`), as Puppet's
/// messages show a nested target list.
fn ruby_inspect(v: &Value) -> String {
    match v {
        Value::String(s) => format!("{:?}", s.as_str()),
        Value::Array(a) => format!("[{}]", a.iter().map(ruby_inspect).collect::<Vec<_>>().join(", ")),
        other => display::to_interpolated_string(other),
    }
}

fn hash_of(entries: Vec<(&str, Value)>) -> Value {
    let mut h = pjit_runtime::value::HashMapV::default();
    for (k, v) in entries {
        h.insert(Value::string(k), v);
    }
    Value::Hash(pjit_runtime::value::PHash(Arc::new(h)))
}

/// Whether binding must evaluate parameter types.
/// Whether thunk `f` only builds a value from constants and type names
/// (`Optional[Stdlib::Port]`, `Variant[Enum['a'], Apache::Loglevel]`): one
/// block of constants, type names, accesses, arrays and hashes. What such
/// a thunk computes depends on nothing but how its names resolve (and on
/// the catalog, through an access to a class or resource reference: see
/// [`Interp::type_value`]).
fn names_types_only(f: &Function) -> bool {
    f.layout.len() == 1
        && f.params.is_empty()
        && f.blocks[f.entry()].insts.iter().all(|&i| match &f.insts[i].op {
            Op::Const(_) | Op::TypeRef(_) | Op::TypeSpec { .. } | Op::Access(..) | Op::MakeHash(_) | Op::Return(_) => true,
            Op::MakeArray(vs) => vs.iter().all(|(_, splat)| !splat),
            _ => false,
        })
}

/// Passes block arguments `args` to the block parameters `params`: a
/// parallel copy (an argument may be a parameter the copy overwrites),
/// without a temporary vector for the common zero or one argument.
#[inline]
fn pass_block_args(params: &[Val], args: &[Val], regs: &mut [Value]) {
    match (params, args) {
        (_, []) => {}
        ([p], [a]) => regs[p.index()] = regs[a.index()].clone(),
        _ => {
            let vals: Vec<Value> = args.iter().map(|v| regs[v.index()].clone()).collect();
            for (p, v) in params.iter().zip(vals) {
                regs[p.index()] = v;
            }
        }
    }
}

/// The first step of binding by name: the given value of each parameter
/// of `f` (None when not given, or given as undef to a parameter with a
/// default: Puppet's "Undef Parameter Values" table; its templates do the
/// same) and the given names that match no parameter, in their order:
/// metaparameters are attributes of every class and defined type; a
/// template ignores an undef value (Puppet assigns only the others).
fn given_by_name(prog: &Program, f: &Function, named: &catalog::Params) -> (Vec<Option<Value>>, Vec<String>) {
    let resource = matches!(f.kind, FuncKind::Class | FuncKind::Define);
    let mut vals: Vec<Option<Value>> = Vec::with_capacity(f.params.len());
    let mut matched = 0;
    if named.len() * 4 < f.params.len() {
        // A few given among many parameters (a big class declared with a
        // handful): each given name found among the parameters by symbol,
        // instead of each parameter's name hashed and looked up.
        vals.resize_with(f.params.len(), || None);
        for (k, v) in named {
            let Some(s) = prog.sym(k) else { continue };
            if let Some(i) = f.params.iter().position(|p| p.name == s) {
                matched += 1;
                if !(matches!(v, Value::Undef) && f.params[i].default.is_some()) {
                    vals[i] = Some(v.clone());
                }
            }
        }
    } else {
        for p in &f.params {
            let given = if named.is_empty() { None } else { named.get(prog.name(p.name)).cloned() };
            matched += usize::from(given.is_some());
            vals.push(given.filter(|v| !(matches!(v, Value::Undef) && p.default.is_some())));
        }
    }
    if matched == named.len() {
        return (vals, vec![]);
    }
    // Parameter names are unique, so the names left are those no
    // parameter has.
    let invalid = named
        .iter()
        .filter(|(k, v)| {
            if resource {
                !(resource_types::is_metaparam(k) || matches!(k.as_str(), "name" | "title"))
            } else {
                !matches!(v, Value::Undef)
            }
        })
        .filter(|(k, _)| !f.params.iter().any(|p| prog.name(p.name) == k.as_str()))
        .map(|(k, _)| k.to_string())
        .collect();
    (vals, invalid)
}

fn check_types_needed(f: &Function, check_types: bool) -> bool {
    check_types && f.params.iter().any(|p| p.ty.is_some())
}

/// Puppet's check that no required parameter follows an optional one
/// (`from` is the least number of arguments `p` takes); `optional_seen`
/// carries the state from the parameters to its left.
fn required_after_optional(prog: &Program, p: &Param, from: i64, optional_seen: &mut bool) -> R<()> {
    if from == 0 {
        *optional_seen = true;
    } else if *optional_seen {
        let msg = format!("Parameter ${} is required but appears after optional parameters", prog.name(p.name));
        return Err(error("REQUIRED_PARAMETER_AFTER_OPTIONAL", msg, p.loc));
    }
    Ok(())
}

/// The arguments a bound parameter list stands for (a captures-rest
/// parameter gives its elements), as Puppet checks them after binding.
fn bound_args(f: &Function, vals: &[Value]) -> Vec<Value> {
    let mut out = Vec::with_capacity(vals.len());
    for (p, v) in f.params.iter().zip(vals) {
        match v {
            Value::Array(a) if p.captures_rest => out.extend(a.iter().cloned()),
            v => out.push(v.clone()),
        }
    }
    out
}

fn arity(f: &Function) -> (usize, Option<usize>) {
    let min = f.params.iter().filter(|p| p.default.is_none() && !p.captures_rest).count();
    let max = if f.params.iter().any(|p| p.captures_rest) { None } else { Some(f.params.len()) };
    (min, max)
}

fn count_message(owner: &str, min: usize, max: Option<usize>, got: usize) -> String {
    let plural = |n: usize| if n == 1 { "argument" } else { "arguments" };
    match max {
        Some(m) if m == min => format!("{owner} expects {m} {}, got {got}", plural(m)),
        Some(m) => format!("{owner} expects between {min} and {m} arguments, got {got}"),
        None => format!("{owner} expects at least {min} {}, got {got}", plural(min)),
    }
}

fn a_an_type(t: &Type) -> String {
    pjit_runtime::error::a_an(&type_to_string(t))
}

fn got_label(v: &Value) -> String {
    display::type_display(&calc::infer_generalized(v))
}

/// The host interface the core functions see during one call.
struct CallHost<'a> {
    it: &'a mut Interp,
    scope: Rc<Scope>,
    loc: Loc,
    /// The error of a callback, kept whole so it reaches the caller with its
    /// own message and location instead of being wrapped as the function's.
    pending: Option<Flow>,
}

impl CallHost<'_> {
    fn keep(&mut self, r: R<Value>) -> FnResult {
        match r {
            Ok(v) => Ok(v),
            Err(Flow::Error(e)) => {
                let u = Unwind::Error(Error::new(e.issue, e.message.clone()));
                self.pending = Some(Flow::Error(e));
                Err(u)
            }
            Err(other) => Err(flow_to_unwind(other)),
        }
    }
}

/// What a core function call at `loc` that ended with `u` yields (the
/// error kept whole by the host when there is one, `pending`; else the
/// function's own error, wrapped as Puppet wraps it).
/// Whether a body of this kind shows its current match data on its scope,
/// for the classes and defaults that read `$1` without matching anything
/// themselves (see `Scope::publish_matches`).
pub(crate) fn publishes_matches(kind: FuncKind) -> bool {
    matches!(kind, FuncKind::Main | FuncKind::Class | FuncKind::Node)
}

fn unwind_to_flow(u: Unwind, pending: Option<Flow>, method: bool, loc: Loc) -> Flow {
    match u {
        Unwind::Error(_) if pending.is_some() => pending.expect("checked"),
        Unwind::Error(e) => Flow::Error(EvalError {
            issue: e.issue(),
            message: format!("Error while evaluating a {}, {}", if method { "Method call" } else { "Function Call" }, e.message()),
            loc: Some(loc),
        }),
        Unwind::Break => Flow::Break(loc),
        Unwind::Next(v) => Flow::Next(v, loc),
        Unwind::Return(v) => Flow::Return(v, loc),
    }
}

fn flow_to_unwind(f: Flow) -> Unwind {
    match f {
        Flow::Error(e) => Unwind::Error(Error::new(e.issue, e.message)),
        Flow::Break(_) => Unwind::Break,
        Flow::Next(v, _) => Unwind::Next(v),
        Flow::Return(v, _) => Unwind::Return(v),
    }
}

impl Host for CallHost<'_> {
    fn call_callable(&mut self, callable: &Value, args: &[Value]) -> FnResult {
        let Value::Callable(c) = callable else {
            return Err(Unwind::Error(Error::new("NOT_CALLABLE", "not a callable")));
        };
        let id = c.id as usize;
        if let Some(r) = tier::call_closure_fast(self.it, id, args) {
            return match r {
                Ok(v) => Ok(v),
                r => self.keep(r),
            };
        }
        let f = self.it.prog.funcs[self.it.closures[id].func].clone();
        // Like Puppet's closures: extra arguments are ignored, a missing
        // required one is an error at the parameter, and typed parameters are
        // checked with the dispatcher's message (which the calling function's
        // error wraps).
        let n = if f.params.iter().any(|p| p.captures_rest) { args.len() } else { args.len().min(f.params.len()) };
        let args = &args[..n];
        if let Some(p) = f.params.get(n).filter(|p| p.default.is_none() && !p.captures_rest) {
            let msg = format!("Parameter ${} is required but no value was given", self.it.prog.name(p.name));
            let loc = p.loc;
            return self.keep(Err(error("MISSING_PARAMETER", msg, loc)));
        }
        // Puppet checks the arguments once the parameters are bound: with a
        // default or a captures-rest parameter, the bound values.
        let complete = args.len() == f.params.len() && !f.params.iter().any(|p| p.captures_rest);
        let mismatch = |it: &Interp, args: &[Value]| match rtf::describe::try_lambda_accepts(&c.signature, args) {
            Ok(true) => None,
            Ok(false) => {
                let names: Vec<&str> = f.params.iter().map(|p| it.prog.name(p.name)).collect();
                Some(Unwind::Error(Error::new("TYPE_MISMATCH", rtf::describe::describe_lambda_mismatch(&c.signature, &names, args))))
            }
            // Puppet's `instance?` raises: the calling function's error.
            Err(e) => Some(Unwind::Error(Error::from(e))),
        };
        if complete {
            if let Some(e) = mismatch(self.it, args) {
                return Err(e);
            }
        }
        let (vals, scope) = match self.it.bind_closure(id, args, self.loc) {
            Ok(bound) => bound,
            Err(e) => return self.keep(Err(e)),
        };
        if !complete {
            if let Some(e) = mismatch(self.it, &bound_args(&f, &vals)) {
                return Err(e);
            }
        }
        let r = self.it.run_closure(id, vals, scope);
        if let (Ok(v), Some(rt)) = (&r, f.return_type) {
            let scope = self.it.closures[id].scope.clone();
            match self.it.type_value(rt, &scope) {
                Ok(Value::Type(t)) if !calc::try_instance_of(&t, v).map_err(|e| Unwind::Error(Error::from(e)))? => {
                    let msg = format!(
                        "value returned from lambda has wrong type, expects {} value, got {}",
                        a_an_type(&t),
                        got_label(v)
                    );
                    return Err(Unwind::Error(Error::new("TYPE_MISMATCH", msg)));
                }
                Ok(_) => {}
                Err(e) => return self.keep(Err(e)),
            }
        }
        self.keep(r)
    }

    fn call_function(&mut self, name: &str, args: &[Value], block: Option<&Value>) -> FnResult {
        let key = catalog::strip_colons(name).to_lowercase();
        if !self.it.prog.functions.contains_key(&key) && catalog::is_qualified(&key) {
            // A module's Puppet-language function not loaded yet.
            let r = self.it.autoload(LoadKind::Function, &key, self.loc);
            if let Err(e) = r {
                return self.keep(Err(e));
            }
        }
        if !self.it.prog.functions.contains_key(&key)
            && !matches!(key.as_str(), "include" | "contain" | "require")
            && rtf::lookup(&key).is_none()
            && !matches!(self.it.module_function(&key), ModuleFunction::Native(_))
            && !(self.it.opts.foreign.is_some() && matches!(self.it.module_function(&key), ModuleFunction::Ruby(_)))
        {
            return Err(Unwind::Error(Error::new("UNKNOWN_FUNCTION", format!("Unknown function '{name}'"))));
        }
        let scope = self.scope.clone();
        let r = self.it.call_named(name, args.to_vec(), block.cloned(), &scope, self.loc, false);
        self.keep(r)
    }

    fn has_function(&mut self, name: &str) -> bool {
        let key = catalog::strip_colons(name).to_lowercase();
        if rtf::lookup(&key).is_some()
            || self.it.prog.functions.contains_key(&key)
            || !matches!(self.it.module_function(&key), ModuleFunction::Absent)
        {
            return true;
        }
        // A Puppet-language function loads on demand (a file that does
        // not parse is no function here).
        let loadable = catalog::is_qualified(&key) || self.it.opts.environment_dir.is_some();
        loadable && matches!(self.it.autoload(LoadKind::Function, &key, self.loc), Ok(true)) && self.it.prog.functions.contains_key(&key)
    }

    fn has_legacy_function(&mut self, name: &str) -> bool {
        // The autoloader looks for `puppet/parser/functions/<name>.rb` in
        // every module of the environment, then in Puppet's own library. A
        // name that is not a plain file name finds no file here.
        if rtf::legacy_core_3x(name) {
            return true;
        }
        if name.is_empty() || name.contains(['/', '\\', '\0']) || name.starts_with('.') {
            return false;
        }
        let file = format!("lib/puppet/parser/functions/{name}.rb");
        self.it.opts.modulepath.iter().any(|d| {
            std::fs::read_dir(d).is_ok_and(|entries| entries.flatten().any(|m| m.path().join(&file).is_file()))
        })
    }

    fn log(&mut self, level: LogLevel, message: &str) {
        let scope = self.it.labels.last().map(|l| l.to_string());
        self.it.logs.push(Log { level, scope, message: message.to_string() });
    }

    fn lookup_variable(&mut self, name: &str) -> Option<Value> {
        let name = name.strip_prefix('$').unwrap_or(name);
        if catalog::is_qualified(name) {
            let stripped = name.strip_prefix("::").unwrap_or(name);
            let (class, var) = stripped.rsplit_once("::").unwrap_or(("", stripped));
            // Lower case without a copy when it already is (the usual case).
            let class: std::borrow::Cow<str> = if class.bytes().any(|b| b.is_ascii_uppercase()) || !class.is_ascii() {
                std::borrow::Cow::Owned(class.to_lowercase())
            } else {
                std::borrow::Cow::Borrowed(class)
            };
            if class == "settings" && self.it.class_scopes.contains_key("settings") {
                return self.it.setting(var);
            }
            let s = self.it.prog.sym(var)?;
            return self.it.class_variable(&class, s);
        }
        let s = self.it.prog.sym(name)?;
        self.scope.lookup(s)
    }

    fn resolve_type(&mut self, name: &str) -> Option<Type> {
        self.it.resolve_type_name(name, self.loc).ok()
    }

    fn puppet_stack(&mut self) -> Vec<(String, u32)> {
        let files = &self.it.prog.files;
        let mut out: Vec<(String, u32)> = Vec::with_capacity(self.it.puppet_stack.len());
        for l in self.it.puppet_stack.iter().rev() {
            let file = match (*l == MAIN_FRAME, out.last()) {
                (true, Some((f, _))) => f.clone(),
                _ => files.get(l.file as usize).cloned().unwrap_or_default(),
            };
            out.push((file, l.line));
        }
        out
    }

    fn warn_once(&mut self, key: &str, message: &str, at_call_site: bool) {
        self.it.define_taint("a warning given once per compile");
        let file = self.it.prog.files.get(self.loc.file as usize).cloned().unwrap_or_default();
        let (key, location) = if at_call_site {
            (format!("warn_once:{key}:{file}:{}", self.loc.line), format!("(file: {file}, line: {})", self.loc.line))
        } else {
            (format!("warn_once:{key}"), "(file & line not available)".to_string())
        };
        if self.it.warned.insert(key) {
            self.it.logs.push(Log { level: LogLevel::Warning, scope: None, message: format!("{message}\n   {location}") });
        }
    }

    fn deprecation_warning(&mut self, key: &str, message: &str) -> bool {
        self.it.define_taint("a warning given once per compile");
        let new = self.it.warned.insert(key.to_string());
        if new {
            self.it.logs.push(Log { level: LogLevel::Warning, scope: None, message: message.to_string() });
        }
        new
    }

    fn puppet_log(&mut self, level: LogLevel, message: &str) {
        self.it.logs.push(Log { level, scope: None, message: message.to_string() });
    }

    fn setting(&mut self, name: &str) -> Option<Value> {
        Some(match name {
            "strict" => Value::string(match self.it.opts.strict {
                Strict::Off => "off",
                Strict::Warning => "warning",
                Strict::Error => "error",
            }),
            "strict_variables" => Value::Boolean(self.it.opts.strict_variables),
            "environment" => Value::string(self.it.opts.environment.as_str()),
            _ => return None,
        })
    }

    fn commands_allowed(&mut self) -> bool {
        self.it.opts.allow_generate
    }

    fn puppetdb_query(&mut self, query: &Value) -> FnResult {
        self.it.define_taint("a PuppetDB query");
        let Some(sc) = self.it.opts.storeconfigs.clone() else {
            return Err(Unwind::Error(Error::argument("PuppetDB queries are not supported by this host")));
        };
        let answer = sc.query(&storeconfigs::value_to_json(query)).map_err(|m| Unwind::Error(Error::argument(m)))?;
        pjit_runtime::functions::stdlib::data::json_to_value(answer).map_err(Unwind::Error)
    }

    fn find_resources(&mut self, type_name: &str, title: Option<&str>) -> Result<Vec<(String, Value)>, Error> {
        self.it.define_taint("a search of the catalog");
        let params_of = |r: &catalog::Resource| {
            let mut h = pjit_runtime::value::HashMapV::default();
            for (k, v) in &r.params {
                if !matches!(v, Value::Undef) {
                    h.insert(Value::string(k.as_str()), v.clone());
                }
            }
            (r.reference(), Value::Hash(pjit_runtime::value::PHash(Arc::new(h))))
        };
        let cat = &self.it.catalog;
        Ok(match title {
            Some(t) => cat.lookup(type_name, t).map(|i| vec![params_of(&cat.resources[i])]).unwrap_or_default(),
            None => {
                let (tn, _) = catalog::normalize_ref(type_name, "");
                cat.resources.iter().filter(|r| r.type_name == tn).map(|r| params_of(r)).collect()
            }
        })
    }

    fn scope_source(&mut self) -> Option<(String, String, String)> {
        let cat = &self.scope.cat;
        let reference = self.it.catalog.resources.get(cat.resource)?.reference();
        let source = cat.source.to_string();
        if let Some(d) = source.strip_prefix("define:") {
            return Some(("definition".into(), d.to_string(), reference));
        }
        if source.is_empty() {
            return reference.starts_with("Node[").then(|| ("node".into(), String::new(), reference));
        }
        Some(("hostclass".into(), source, reference))
    }

    fn resource_default_names(&mut self, type_name: &str) -> Result<Vec<String>, Error> {
        self.it.define_taint("resource defaults");
        Ok(self.scope.cat.lookup_defaults(type_name).into_keys().map(|k| k.to_string()).collect())
    }

    fn module_directory(&mut self, module: &str) -> Result<Option<String>, Error> {
        Ok(self.it.opts.modulepath.iter().map(|d| d.join(module)).find(|p| p.is_dir()).map(|p| p.display().to_string()))
    }

    /// Puppet's `Scope#to_hash`: the enclosing scopes' variables first
    /// (top, node, inherited class), then the local ones; a variable that
    /// is `undef` where it is found last is left out (Ruby's `delete`).
    fn visible_variables(&mut self) -> Vec<(String, Value)> {
        let mut chain = vec![];
        let mut s = Some(self.scope.clone());
        while let Some(x) = s {
            s = x.parent.clone();
            chain.push(x);
        }
        let mut out: indexmap::IndexMap<String, Value> = indexmap::IndexMap::new();
        for sc in chain.iter().rev() {
            for (k, v) in sc.entries_here() {
                let name = self.it.prog.name(k).to_string();
                if matches!(v, Value::Undef) {
                    out.shift_remove(&name);
                } else {
                    out.insert(name, v);
                }
            }
        }
        out.into_iter().collect()
    }

    /// A template changed the Ruby object of a variable in place: the
    /// variable changes where it is set and, when that is a class or
    /// define scope whose resource has the parameter of that name holding
    /// the same value, the parameter too (in Puppet they are one object).
    fn update_variable(&mut self, name: &str, old: &Value, new: Value) {
        let (mut s, leaf) = match name.rsplit_once("::") {
            Some((class, leaf)) => (self.it.class_scopes.get(&catalog::strip_colons(class).to_lowercase()).cloned(), leaf),
            None => (Some(self.scope.clone()), name),
        };
        let Some(sym) = self.it.prog.sym(leaf) else { return };
        while let Some(sc) = s {
            if sc.contains_here(sym) {
                if sc.get_here(sym).as_ref() != Some(old) {
                    return;
                }
                // A variable of another scope than the instance's (or its
                // lambdas') changes: an effect the define memo does not
                // model.
                if let Some(r) = self.it.memo.define_rec.borrow_mut().as_mut()
                    && sc.cat.resource != r.res
                {
                    r.taint("a template changed a variable of another scope");
                }
                sc.replace_here(sym, new.clone());
                let owns_resource = sc.parent.as_ref().is_none_or(|p| !Rc::ptr_eq(&p.cat, &sc.cat));
                if owns_resource
                    && let Some(r) = self.it.catalog.resources.get_mut(sc.cat.resource)
                    && let Some(p) = r.params.get_mut(leaf).filter(|p| *p == old)
                {
                    *p = new;
                }
                return;
            }
            s = sc.parent.clone();
        }
    }

    /// `scope.setvar(name, value)`: Puppet's `Scope#setvar` into the
    /// innermost local scope, with its checks.
    fn set_variable(&mut self, name: &str, value: Value) -> Result<(), Error> {
        if !name.is_empty() && name.bytes().all(|b| b.is_ascii_digit()) {
            return Err(Error::new("RUNTIME_ERROR", format!("Cannot assign to a numeric match result variable '${name}'")));
        }
        if matches!(name, "trusted" | "facts" | "server_facts") {
            return Err(Error::new("RUNTIME_ERROR", format!("Attempt to assign to a reserved variable name: '{name}'")));
        }
        let sym = self.it.prog.intern(name);
        if !self.scope.set(sym, value) {
            return Err(Error::new("RUNTIME_ERROR", format!("Cannot reassign variable '${name}'")));
        }
        Ok(())
    }

    fn is_defined_name(&mut self, name: &str) -> bool {
        let k = catalog::strip_colons(name).to_lowercase();
        // Puppet 7's `defined('x')` asks about classes and resource types
        // only, not functions; like `find_hostclass`, it loads them from the
        // modulepath. (A file that does not parse counts as not defined
        // here; the error comes when the class is declared.)
        let known = |it: &Interp| it.prog.classes.contains_key(&k) || it.prog.defines.contains_key(&k);
        if !known(self.it) && !k.is_empty() {
            // As a class first, then as a defined type (Puppet's
            // `find_hostclass`, then `find_definition`).
            let _ = self.it.autoload(LoadKind::Class, &k, self.loc);
            if !known(self.it) {
                let _ = self.it.autoload(LoadKind::Define, &k, self.loc);
            }
        }
        known(self.it) || self.it.ruby_type(&k).is_some()
    }

    fn is_defined_resource(&mut self, ty: &Type) -> bool {
        match ty {
            Type::Class(Some(n)) => {
                let n = n.to_lowercase();
                let answer = self.it.class_scopes.contains_key(&n);
                if let Some(r) = self.it.memo.define_rec.borrow_mut().as_mut() {
                    r.class_defined(&n, answer);
                }
                answer
            }
            Type::Resource { type_name: Some(t), title: Some(ti) } => {
                let found = self.it.catalog.lookup(t, ti);
                let answer = found.is_some_and(|i| !self.it.catalog.resources[i].virtual_);
                if let Some(r) = self.it.memo.define_rec.borrow_mut().as_mut() {
                    r.resource_defined(t, ti, found, answer);
                }
                answer
            }
            Type::Resource { type_name: Some(t), title: None } => {
                let k = t.to_lowercase();
                self.it.prog.defines.contains_key(&k) || self.it.ruby_type(&k).is_some()
            }
            _ => false,
        }
    }
}
