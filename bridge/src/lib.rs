//! pjit-bridge: runs the Ruby code of Puppet modules that pjit has no
//! native implementation for (module functions, ERB templates the native
//! engine cannot render, resource types the static reader cannot see
//! through) in ONE persistent Ruby helper process per pjit process, which
//! loads Puppet's own Ruby library, so that the code runs exactly as
//! Puppet runs it. [`RubyBridge`] implements the runtime's
//! [`Foreign`] trait; the CLI installs it (`--ruby=auto|PATH`).
//!
//! The helper (`ruby/pjit_bridge.rb`, shipped inside the binary) is
//! started on the first request that needs it, never before: a compile
//! that needs no Ruby starts none. It is shared by every compile of the
//! process; batch workers take turns (one request, with everything nested
//! in it, at a time: Ruby runs one thread of Puppet code at a time anyway,
//! and Puppet's Ruby keeps per-compile state in globals). A request is a
//! conversation over the helper's stdin and stdout, one JSON document per
//! line: pjit sends the request; the helper answers it, after any number
//! of callbacks (variables, functions, lambdas, catalog lookups), which
//! pjit serves through the compile's [`Host`] and which may themselves
//! make nested requests. Values cross as Puppet's rich data ([`wire`]).
//!
//! Failure: when the helper does not say anything for the timeout while
//! pjit waits for it, or exits, or breaks the protocol, the request fails
//! with a clear error ([`ForeignError::Failed`]), the helper is stopped,
//! and the next request starts a new one. When Ruby or Puppet's library is
//! missing, every request fails with [`ForeignError::Unavailable`], whose
//! message says how to get them.

pub mod type_cache;
pub mod wire;

use std::cell::RefCell;
use std::collections::{HashMap, VecDeque};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use parking_lot::ReentrantMutex;
use pjit_runtime::foreign::{Foreign, ForeignContext, ForeignEnv, ForeignError, ForeignTemplate, Rendered};
use pjit_runtime::functions::{FnResult, Host, LogLevel, Unwind};
use pjit_runtime::{Error, Value};
use serde_json::{Map, Value as J, json};

use wire::Handles;

/// The helper script, written to the helper's stdin at start-up.
const SCRIPT: &str = include_str!("../ruby/pjit_bridge.rb");

/// What `ruby -e` runs: reads the script (its length is the argument)
/// and runs it; the rest of stdin is the protocol.
const BOOT: &str = "s = STDIN.read(Integer(ARGV[0])).force_encoding('UTF-8'); eval(s, TOPLEVEL_BINDING, 'pjit_bridge.rb', 1)";

/// How long pjit waits for the helper by default (seconds; the
/// environment variable `PJIT_RUBY_TIMEOUT` overrides it in the CLI).
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(60);

/// The least time the helper gets to start (load Puppet).
const START_TIMEOUT: Duration = Duration::from_secs(120);

/// Why the helper did not start.
enum StartError {
    /// Ruby or Puppet's library is missing: no later request will do better.
    Unavailable(String),
    /// This attempt failed; a later request tries again.
    Failed(String),
}

/// Which Ruby runs the helper.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RubyCommand {
    /// `ruby` on the PATH, else Puppet's own (`/opt/puppetlabs/puppet/bin/ruby`).
    Auto,
    /// This executable.
    Path(PathBuf),
}

/// The Ruby bridge of one pjit process.
pub struct RubyBridge {
    command: RubyCommand,
    timeout: Duration,
    state: ReentrantMutex<RefCell<State>>,
    starts: AtomicU64,
    requests: AtomicU64,
    /// Where Ruby's answers about resource types are kept across
    /// processes ([`type_cache`]); None: not kept.
    type_cache: Option<PathBuf>,
}

impl std::fmt::Debug for RubyBridge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "RubyBridge({:?})", self.command)
    }
}

#[derive(Default)]
struct State {
    helper: Option<Helper>,
    /// Counts helpers started: a conversation whose helper was replaced
    /// (a nested request stopped it) cannot go on.
    generation: u64,
    /// Why the helper cannot start at all (no Ruby, no Puppet), once known.
    unavailable: Option<String>,
    /// Environments by key (their index).
    envs: Vec<ForeignEnv>,
    /// `resource_type` answers by environment key and type name.
    types: HashMap<(usize, String), Option<String>>,
    /// The on-disk cache's key of each environment, once computed (None
    /// inside: its files could not be hashed).
    type_cache_keys: HashMap<usize, Option<String>>,
    /// Lambdas handed to Ruby in the current outermost request.
    handles: Handles,
    /// Errors of callbacks in the current outermost request, by `ref`.
    callback_errors: Vec<Unwind>,
    /// Requests in progress (nested ones included).
    depth: u32,
    /// Time the last helper took from spawn to ready.
    startup: Option<Duration>,
}

struct Helper {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// Environment keys the helper knows.
    defined: Vec<bool>,
    /// The last lines the helper wrote on stderr (for crash reports).
    stderr_tail: Arc<Mutex<VecDeque<String>>>,
}

impl Helper {
    fn send(&mut self, msg: &J) -> Result<(), String> {
        let mut line = serde_json::to_vec(msg).map_err(|e| e.to_string())?;
        line.push(b'\n');
        self.stdin.write_all(&line).and_then(|_| self.stdin.flush()).map_err(|e| format!("could not write to the Ruby helper: {e}"))
    }

    fn stop(mut self) -> String {
        let _ = self.child.kill();
        let status = self.child.wait().map(|s| s.to_string()).unwrap_or_else(|e| e.to_string());
        let tail: Vec<String> = self.stderr_tail.lock().map(|t| t.iter().cloned().collect()).unwrap_or_default();
        if tail.is_empty() { status } else { format!("{status}; its last words: {}", tail.join(" | ")) }
    }
}

impl Drop for RubyBridge {
    fn drop(&mut self) {
        if let Some(h) = self.state.lock().borrow_mut().helper.take() {
            h.stop();
        }
    }
}

/// How the request ended, as the helper said.
enum Reply {
    Ok(Map<String, J>),
    Err(Map<String, J>),
}

impl RubyBridge {
    pub fn new(command: RubyCommand, timeout: Duration) -> RubyBridge {
        RubyBridge {
            command,
            timeout,
            state: ReentrantMutex::new(RefCell::new(State::default())),
            starts: AtomicU64::new(0),
            requests: AtomicU64::new(0),
            type_cache: None,
        }
    }

    /// Keeps Ruby's answers about resource types in `dir` across
    /// processes ([`type_cache`]).
    pub fn with_type_cache(mut self, dir: Option<PathBuf>) -> RubyBridge {
        self.type_cache = dir;
        self
    }

    /// How many helpers this bridge started (0: no Ruby ran).
    pub fn starts(&self) -> u64 {
        self.starts.load(Ordering::Relaxed)
    }

    /// How many requests it served (nested ones included).
    pub fn requests(&self) -> u64 {
        self.requests.load(Ordering::Relaxed)
    }

    /// How long the last helper took to start (spawn to ready).
    pub fn startup_time(&self) -> Option<Duration> {
        self.state.lock().borrow().startup
    }

    fn ruby(&self) -> Result<PathBuf, String> {
        match &self.command {
            RubyCommand::Path(p) => Ok(p.clone()),
            RubyCommand::Auto => {
                let on_path = std::env::var_os("PATH")
                    .map(|p| std::env::split_paths(&p).map(|d| d.join("ruby")).find(|c| c.is_file()))
                    .unwrap_or_default();
                on_path
                    .or_else(|| Some(PathBuf::from("/opt/puppetlabs/puppet/bin/ruby")).filter(|p| p.is_file()))
                    .ok_or_else(|| "no Ruby was found (`ruby` on the PATH, /opt/puppetlabs/puppet/bin/ruby)".to_string())
            }
        }
    }

    /// Starts the helper and waits for it to be ready. Err: why Ruby with
    /// Puppet is not available.
    fn start(&self) -> Result<(Helper, Duration), StartError> {
        let ruby = self.ruby().map_err(StartError::Unavailable)?;
        let t0 = Instant::now();
        let mut child = Command::new(&ruby)
            .arg("-e")
            .arg(BOOT)
            .arg(SCRIPT.len().to_string())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| StartError::Unavailable(format!("{} could not be run: {e}", ruby.display())))?;
        let mut stdin = child.stdin.take().expect("piped stdin");
        let stdout = child.stdout.take().expect("piped stdout");
        let stderr = child.stderr.take().expect("piped stderr");
        let (tx, lines) = std::sync::mpsc::channel();
        std::thread::Builder::new()
            .name("pjit-ruby-out".into())
            .spawn(move || {
                for line in BufReader::new(stdout).lines() {
                    let Ok(line) = line else { break };
                    if tx.send(line).is_err() {
                        break;
                    }
                }
            })
            .map_err(|e| StartError::Failed(e.to_string()))?;
        let stderr_tail = Arc::new(Mutex::new(VecDeque::new()));
        let tail = stderr_tail.clone();
        std::thread::Builder::new()
            .name("pjit-ruby-err".into())
            .spawn(move || {
                for line in BufReader::new(stderr).lines() {
                    let Ok(line) = line else { break };
                    eprintln!("{line}");
                    if let Ok(mut t) = tail.lock() {
                        if t.len() == 8 {
                            t.pop_front();
                        }
                        t.push_back(line);
                    }
                }
            })
            .map_err(|e| StartError::Failed(e.to_string()))?;
        let _ = stdin.write_all(SCRIPT.as_bytes()).and_then(|_| stdin.flush());
        let helper = Helper { child, stdin, lines, defined: vec![], stderr_tail };
        // Loading Puppet takes seconds, more on a busy machine: start-up
        // gets at least START_TIMEOUT whatever the request timeout.
        match helper.lines.recv_timeout(self.timeout.max(START_TIMEOUT)) {
            Ok(line) => {
                let msg: J = serde_json::from_str(&line).unwrap_or(J::Null);
                match msg["t"].as_str() {
                    Some("ready") => {
                        self.starts.fetch_add(1, Ordering::Relaxed);
                        Ok((helper, t0.elapsed()))
                    }
                    Some("fatal") => {
                        let m = msg["message"].as_str().unwrap_or("").to_string();
                        helper.stop();
                        Err(StartError::Unavailable(m))
                    }
                    _ => Err(StartError::Unavailable(format!(
                        "{} did not start pjit's Ruby helper (it said {line:?}; {})",
                        ruby.display(),
                        helper.stop()
                    ))),
                }
            }
            Err(RecvTimeoutError::Timeout) => {
                let why = helper.stop();
                Err(StartError::Failed(format!(
                    "{} did not start pjit's Ruby helper within {} seconds ({why})",
                    ruby.display(),
                    self.timeout.max(START_TIMEOUT).as_secs()
                )))
            }
            Err(RecvTimeoutError::Disconnected) => {
                let why = helper.stop();
                Err(StartError::Unavailable(format!("{} could not start pjit's Ruby helper (exit {why})", ruby.display())))
            }
        }
    }

    /// Runs one request: `msg` for environment `env`, serving callbacks
    /// through `host` until the helper answers. `what` names the request in
    /// failure messages.
    fn converse(&self, what: &str, mut msg: Map<String, J>, env: &ForeignEnv, mut host: Option<&mut dyn Host>) -> Result<Reply, ForeignError> {
        let guard = self.state.lock();
        let generation = {
            let mut st = guard.borrow_mut();
            if st.helper.is_none() {
                if let Some(why) = &st.unavailable {
                    return Err(ForeignError::Unavailable(unavailable_message(why)));
                }
                match self.start() {
                    Ok((h, took)) => {
                        st.helper = Some(h);
                        st.generation += 1;
                        st.startup = Some(took);
                    }
                    Err(StartError::Unavailable(why)) => {
                        st.unavailable = Some(why.clone());
                        return Err(ForeignError::Unavailable(unavailable_message(&why)));
                    }
                    Err(StartError::Failed(why)) => return Err(ForeignError::Failed(why)),
                }
            }
            let key = match st.envs.iter().position(|e| e == env) {
                Some(k) => k,
                None => {
                    st.envs.push(env.clone());
                    st.envs.len() - 1
                }
            };
            let helper = st.helper.as_mut().expect("started above");
            if helper.defined.len() <= key {
                helper.defined.resize(key + 1, false);
            }
            if !std::mem::replace(&mut helper.defined[key], true) {
                let paths: Vec<String> = env.modulepath.iter().map(|p| std::path::absolute(p).unwrap_or_else(|_| p.clone()).display().to_string()).collect();
                msg.insert("define".into(), json!({"key": key, "name": env.name, "modulepath": paths}));
            }
            msg.insert("env".into(), J::from(key));
            let sent = helper.send(&J::Object(msg));
            if let Err(e) = sent {
                let why = st.helper.take().map(Helper::stop).unwrap_or_default();
                return Err(ForeignError::Failed(format!("pjit's Ruby helper failed while running {what}: {e} ({why})")));
            }
            st.depth += 1;
            self.requests.fetch_add(1, Ordering::Relaxed);
            st.generation
        };
        let r = self.wait(&guard, what, generation, &mut host);
        guard.borrow_mut().depth -= 1;
        r
    }

    /// Reads the helper's messages until it answers the request,
    /// serving callbacks meanwhile.
    fn wait(
        &self,
        guard: &parking_lot::ReentrantMutexGuard<'_, RefCell<State>>,
        what: &str,
        generation: u64,
        host: &mut Option<&mut dyn Host>,
    ) -> Result<Reply, ForeignError> {
        loop {
            let received = {
                let st = guard.borrow();
                match &st.helper {
                    Some(h) if st.generation == generation => h.lines.recv_timeout(self.timeout),
                    _ => {
                        return Err(ForeignError::Failed(format!(
                            "pjit's Ruby helper was stopped while running {what} (a request it made failed)"
                        )));
                    }
                }
            };
            let line = match received {
                Ok(l) => l,
                Err(e) => {
                    let why = guard.borrow_mut().helper.take().map(Helper::stop).unwrap_or_default();
                    return Err(ForeignError::Failed(match e {
                        RecvTimeoutError::Timeout => format!(
                            "pjit's Ruby helper did not answer within {} seconds while running {what}; it was stopped ({why}); set PJIT_RUBY_TIMEOUT (seconds) to wait longer",
                            self.timeout.as_secs()
                        ),
                        RecvTimeoutError::Disconnected => format!("pjit's Ruby helper exited while running {what} ({why})"),
                    }));
                }
            };
            let msg: Map<String, J> = match serde_json::from_str(&line) {
                Ok(J::Object(m)) => m,
                _ => {
                    let why = guard.borrow_mut().helper.take().map(Helper::stop).unwrap_or_default();
                    return Err(ForeignError::Failed(format!(
                        "pjit's Ruby helper broke the protocol while running {what} (it wrote {line:?}); it was stopped ({why})"
                    )));
                }
            };
            match msg.get("t").and_then(J::as_str) {
                Some("ok") => return Ok(Reply::Ok(msg)),
                Some("err") => return Ok(Reply::Err(msg)),
                Some("log") => {
                    let level = log_level(msg.get("level").and_then(J::as_str).unwrap_or("notice"));
                    let text = msg.get("message").and_then(J::as_str).unwrap_or("");
                    let key = msg.get("key").and_then(J::as_str);
                    match host.as_deref_mut() {
                        // Once per compile (Puppet: once per process).
                        Some(h) if key.is_some() && level == LogLevel::Warning => {
                            h.deprecation_warning(key.unwrap_or(""), text);
                        }
                        Some(h) => h.puppet_log(level, text),
                        None => eprintln!("{}: {text}", capitalized(level.name())),
                    }
                }
                Some("cb") => {
                    let reply = self.callback(guard, &msg, host);
                    let mut st = guard.borrow_mut();
                    let alive = st.generation == generation;
                    match st.helper.as_mut() {
                        Some(h) if alive => {
                            if let Err(e) = h.send(&reply) {
                                let why = st.helper.take().map(Helper::stop).unwrap_or_default();
                                return Err(ForeignError::Failed(format!("pjit's Ruby helper failed while running {what}: {e} ({why})")));
                            }
                        }
                        _ => {
                            return Err(ForeignError::Failed(format!(
                                "pjit's Ruby helper was stopped while running {what} (a request it made failed)"
                            )));
                        }
                    }
                }
                _ => {
                    let why = guard.borrow_mut().helper.take().map(Helper::stop).unwrap_or_default();
                    return Err(ForeignError::Failed(format!(
                        "pjit's Ruby helper broke the protocol while running {what} (it wrote {line:?}); it was stopped ({why})"
                    )));
                }
            }
        }
    }

    /// Serves one callback; the answer to write back.
    fn callback(
        &self,
        guard: &parking_lot::ReentrantMutexGuard<'_, RefCell<State>>,
        msg: &Map<String, J>,
        host: &mut Option<&mut dyn Host>,
    ) -> J {
        let Some(host) = host.as_deref_mut() else {
            return json!({"t": "raise", "kind": "error", "message": "pjit: no compile is running to answer this"});
        };
        // The callables a value may refer to, copied out: serving the
        // callback may make requests of its own.
        let handles = Handles { callables: guard.borrow().handles.callables.clone() };
        let result = serve_callback(msg, host, &handles);
        let mut st = guard.borrow_mut();
        match result {
            Ok(v) => {
                let mut h = std::mem::take(&mut st.handles);
                let w = wire::to_wire(&v, &mut h);
                st.handles = h;
                match w {
                    Ok(w) => json!({"t": "ret", "value": w}),
                    Err(e) => json!({"t": "raise", "kind": "error", "message": e}),
                }
            }
            Err(u) => {
                let (kind, value) = match &u {
                    Unwind::Error(_) => ("error", None),
                    Unwind::Break => ("break", None),
                    Unwind::Next(v) => ("next", Some(v.clone())),
                    Unwind::Return(v) => ("return", Some(v.clone())),
                };
                let mut h = std::mem::take(&mut st.handles);
                let value = value.and_then(|v| wire::to_wire(&v, &mut h).ok()).unwrap_or(J::Null);
                st.handles = h;
                // Ruby sees the function's own message, as Puppet's Ruby
                // does (the evaluator adds its prefix only to an error
                // that reaches Puppet code).
                let message = match &u {
                    Unwind::Error(e) => {
                        let m = e.message();
                        ["Error while evaluating a Function Call, ", "Error while evaluating a Method call, "]
                            .iter()
                            .find_map(|p| m.strip_prefix(p))
                            .unwrap_or(m)
                            .to_string()
                    }
                    _ => String::new(),
                };
                st.callback_errors.push(u);
                json!({"t": "raise", "kind": kind, "message": message, "value": value, "ref": st.callback_errors.len() - 1})
            }
        }
    }

    /// Starts building a request: when it is an outermost one, the lambdas
    /// and callback errors of the previous one (kept for reading its
    /// reply) are done with.
    fn begin(&self) {
        let guard = self.state.lock();
        let mut st = guard.borrow_mut();
        if st.depth == 0 {
            st.handles.callables.clear();
            st.callback_errors.clear();
        }
    }

    /// The arguments of a request, in wire form (lambdas get handles).
    fn args_to_wire(&self, args: &[Value]) -> Result<J, ForeignError> {
        let guard = self.state.lock();
        let mut st = guard.borrow_mut();
        let mut h = std::mem::take(&mut st.handles);
        let r = args.iter().map(|a| wire::to_wire(a, &mut h)).collect::<Result<Vec<_>, _>>();
        st.handles = h;
        r.map(J::Array).map_err(ForeignError::Raised)
    }

    /// A value of a reply.
    fn value_from_wire(&self, j: &J, host: &mut dyn Host) -> Result<Value, ForeignError> {
        let handles = Handles { callables: self.state.lock().borrow().handles.callables.clone() };
        let host = RefCell::new(host);
        wire::from_wire(j, &handles, &|n: &str| host.borrow_mut().resolve_type(n)).map_err(ForeignError::Raised)
    }

    /// The error of a reply.
    fn reply_error(&self, msg: &Map<String, J>) -> ForeignError {
        let kind = msg.get("kind").and_then(J::as_str).unwrap_or("error");
        if let Some(r) = msg.get("ref").and_then(J::as_u64) {
            let st = self.state.lock();
            if let Some(u) = st.borrow().callback_errors.get(r as usize) {
                return ForeignError::Callback(u.clone());
            }
        }
        match kind {
            "break" => ForeignError::Jump(Unwind::Break),
            "next" | "return" => {
                let v = msg.get("value").map(|j| wire::from_wire(j, &Handles::default(), &|_| None).unwrap_or(Value::Undef)).unwrap_or(Value::Undef);
                ForeignError::Jump(if kind == "next" { Unwind::Next(v) } else { Unwind::Return(v) })
            }
            _ => ForeignError::Raised(msg.get("message").and_then(J::as_str).unwrap_or("").to_string()),
        }
    }
}

fn context_fields(cx: &ForeignContext<'_>, msg: &mut Map<String, J>) {
    msg.insert("at_file".into(), J::String(cx.file.to_string()));
    msg.insert("at_line".into(), J::from(cx.line));
    msg.insert("node".into(), J::String(cx.node.to_string()));
    msg.insert("settings".into(), json!({"strict": cx.strict, "strict_variables": cx.strict_variables}));
}

impl Foreign for RubyBridge {
    fn call_function(
        &self,
        cx: &ForeignContext<'_>,
        name: &str,
        args: &[Value],
        block: Option<&Value>,
        host: &mut dyn Host,
    ) -> Result<Value, ForeignError> {
        // The outermost request owns the lock for its whole conversation.
        let guard = self.state.lock();
        self.begin();
        let mut msg = Map::new();
        msg.insert("t".into(), J::from("call"));
        msg.insert("name".into(), J::from(name));
        msg.insert("args".into(), self.args_to_wire(args)?);
        if let Some(b) = block {
            let J::Array(mut w) = self.args_to_wire(std::slice::from_ref(b))? else { unreachable!("an array") };
            msg.insert("block".into(), w.pop().unwrap_or(J::Null));
        }
        context_fields(cx, &mut msg);
        let reply = self.converse(&format!("the function '{name}'"), msg, cx.env, Some(&mut *host));
        let r = match reply? {
            Reply::Ok(m) => self.value_from_wire(m.get("value").unwrap_or(&J::Null), host),
            Reply::Err(m) => Err(self.reply_error(&m)),
        };
        drop(guard);
        r
    }

    fn render_template(&self, cx: &ForeignContext<'_>, t: &ForeignTemplate<'_>, host: &mut dyn Host) -> Result<Rendered, ForeignError> {
        let guard = self.state.lock();
        self.begin();
        let mut msg = Map::new();
        msg.insert("t".into(), J::from("erb"));
        msg.insert("name".into(), J::from(t.name));
        if let Some(f) = t.file {
            msg.insert("file".into(), J::from(f));
        }
        msg.insert("source".into(), J::from(t.source));
        let names: Vec<&str> = t.variables.iter().map(|(k, _)| k.as_str()).collect();
        let values: Vec<Value> = t.variables.iter().map(|(_, v)| v.clone()).collect();
        let J::Array(values) = self.args_to_wire(&values)? else { unreachable!("an array") };
        let vars: Map<String, J> = names.iter().map(|n| n.to_string()).zip(values).collect();
        msg.insert("vars".into(), J::Object(vars));
        context_fields(cx, &mut msg);
        let what = match t.file {
            Some(_) => format!("the template '{}'", t.name),
            None => "an inline template".to_string(),
        };
        let r = match self.converse(&what, msg, cx.env, Some(&mut *host))? {
            Reply::Ok(m) => {
                let text = m.get("value").and_then(J::as_str).unwrap_or("").to_string();
                let mut changed = vec![];
                if let Some(J::Object(c)) = m.get("changed") {
                    for (k, v) in c {
                        changed.push((k.clone(), self.value_from_wire(v, host)?));
                    }
                }
                Ok(Rendered { text, changed })
            }
            Reply::Err(m) => Err(self.reply_error(&m)),
        };
        drop(guard);
        r
    }

    fn resource_type(&self, env: &ForeignEnv, name: &str) -> Result<Option<String>, ForeignError> {
        let guard = self.state.lock();
        let key = guard.borrow().envs.iter().position(|e| e == env);
        if let Some(k) = key {
            if let Some(t) = guard.borrow().types.get(&(k, name.to_string())) {
                return Ok(t.clone());
            }
        }
        // Another process may have asked Ruby already.
        let disk = self.type_cache_key(&guard, env);
        if let Some((dir, key)) = &disk
            && let Some(r) = type_cache::get(dir, key, name)
        {
            self.remember_type(&guard, env, name, &r);
            return Ok(r);
        }
        let mut msg = Map::new();
        msg.insert("t".into(), J::from("type"));
        msg.insert("name".into(), J::from(name));
        let r = match self.converse(&format!("the resource type '{name}'"), msg, env, None)? {
            Reply::Ok(m) => m.get("value").and_then(J::as_str).map(str::to_string),
            Reply::Err(m) => return Err(self.reply_error(&m)),
        };
        if let Some((dir, key)) = &disk {
            type_cache::put(dir, key, name, &r);
        }
        self.remember_type(&guard, env, name, &r);
        Ok(r)
    }
}

impl RubyBridge {
    /// The type cache's directory and `env`'s key in it, when there is a
    /// cache and the environment's files could be hashed (once per
    /// environment and process).
    fn type_cache_key(&self, guard: &parking_lot::ReentrantMutexGuard<'_, RefCell<State>>, env: &ForeignEnv) -> Option<(PathBuf, String)> {
        let dir = self.type_cache.clone()?;
        let ruby = self.ruby().ok()?;
        let k = {
            let mut st = guard.borrow_mut();
            match st.envs.iter().position(|e| e == env) {
                Some(k) => k,
                None => {
                    st.envs.push(env.clone());
                    st.envs.len() - 1
                }
            }
        };
        let known = guard.borrow().type_cache_keys.get(&k).cloned();
        let key = match known {
            Some(key) => key,
            None => {
                let key = type_cache::environment_key_cached(&dir, &ruby, &env.modulepath);
                guard.borrow_mut().type_cache_keys.insert(k, key.clone());
                key
            }
        };
        key.map(|key| (dir, key))
    }

    fn remember_type(&self, guard: &parking_lot::ReentrantMutexGuard<'_, RefCell<State>>, env: &ForeignEnv, name: &str, r: &Option<String>) {
        let mut st = guard.borrow_mut();
        if let Some(k) = st.envs.iter().position(|e| e == env) {
            st.types.insert((k, name.to_string()), r.clone());
        }
    }
}

/// The message for a bridge that cannot run: why, and how to fix it.
fn unavailable_message(why: &str) -> String {
    format!(
        "{why}. To run modules' Ruby code pjit needs Ruby with Puppet 7's Ruby library: install them (Debian: apt-get install puppet) or give --ruby=PATH to a ruby that has it"
    )
}

fn log_level(name: &str) -> LogLevel {
    match name {
        "debug" => LogLevel::Debug,
        "info" => LogLevel::Info,
        "warning" => LogLevel::Warning,
        "err" => LogLevel::Err,
        "alert" => LogLevel::Alert,
        "emerg" => LogLevel::Emerg,
        "crit" => LogLevel::Crit,
        _ => LogLevel::Notice,
    }
}

fn capitalized(s: &str) -> String {
    let mut c = s.chars();
    c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default()
}

/// Runs a callback of the helper (`msg["op"]`) on the compile.
fn serve_callback(msg: &Map<String, J>, host: &mut dyn Host, handles: &Handles) -> FnResult {
    let s = |k: &str| msg.get(k).and_then(J::as_str).unwrap_or("").to_string();
    let op = s("op");
    let value = |host: &mut dyn Host, j: Option<&J>| -> Result<Value, Unwind> {
        let j = j.unwrap_or(&J::Null);
        let host = RefCell::new(host);
        wire::from_wire(j, handles, &|n: &str| host.borrow_mut().resolve_type(n)).map_err(|e| Unwind::Error(Error::argument(e)))
    };
    let list = |host: &mut dyn Host, k: &str| -> Result<Vec<Value>, Unwind> {
        match value(host, msg.get(k))? {
            Value::Array(a) => Ok(a.to_vec()),
            Value::Undef => Ok(vec![]),
            other => Ok(vec![other]),
        }
    };
    match op.as_str() {
        "lookupvar" => {
            let found = host.lookup_variable(&s("name"));
            Ok(Value::hash([
                (Value::string("found"), Value::Boolean(found.is_some())),
                (Value::string("value"), found.unwrap_or(Value::Undef)),
            ]))
        }
        "to_hash" => Ok(Value::hash(host.visible_variables().into_iter().map(|(k, v)| (Value::string(k), v)))),
        "setvar" => {
            let v = value(host, msg.get("value"))?;
            host.set_variable(&s("name"), v)?;
            Ok(Value::Undef)
        }
        "call_function" | "call_function3" => {
            let args = list(host, "args")?;
            let block = match msg.get("block") {
                Some(b) if !b.is_null() => Some(value(host, Some(b))?),
                _ => None,
            };
            host.call_function(&s("name"), &args, block.as_ref())
        }
        "call_callable" => {
            let h = msg.get("handle").and_then(J::as_u64).unwrap_or(u64::MAX);
            let c = handles.callables.get(h as usize).cloned().ok_or_else(|| Unwind::Error(Error::argument("pjit: unknown lambda")))?;
            let args = list(host, "args")?;
            host.call_callable(&c, &args)
        }
        "find_resources" => {
            let title = msg.get("title").and_then(J::as_str);
            let found = host.find_resources(&s("type"), title)?;
            Ok(Value::array(found.into_iter().map(|(r, p)| Value::array(vec![Value::string(r), p])).collect()))
        }
        "scope_source" => Ok(match host.scope_source() {
            Some((k, n, r)) => Value::array(vec![Value::string(k), Value::string(n), Value::string(r)]),
            None => Value::array(vec![Value::Undef, Value::Undef, Value::Undef]),
        }),
        "scope_label" => Ok(Value::string(host.scope_label())),
        "resource_defaults" => {
            let names = host.resource_default_names(&s("type"))?;
            Ok(Value::array(names.into_iter().map(Value::string).collect()))
        }
        other => Err(Unwind::Error(Error::argument(format!("pjit does not answer '{other}' from Ruby code")))),
    }
}

/// Whether `path` looks like a Ruby interpreter that exists (for `--ruby=PATH`).
pub fn check_ruby_path(path: &Path) -> Result<(), String> {
    if path.is_file() { Ok(()) } else { Err(format!("--ruby={}: no such file", path.display())) }
}
