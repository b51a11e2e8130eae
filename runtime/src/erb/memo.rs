//! Renders remembered by everything they read.
//!
//! A template's output is a function of its program and of the host's
//! answers to the questions it asks (variables, `scope.to_hash`, the
//! scope's name): the evaluator is deterministic and reaches the outside
//! world only through [`Host`]. A render that only asks (no function
//! calls, no `scope.setvar`, no write-back of a changed Array or Hash, no
//! warning) records its questions and answers, in order, with its output.
//! A later render of the same template asks the host the recorded
//! questions again, in the same order; when every answer is identical to
//! the recorded one, the render would take exactly the same path and ask
//! nothing else, so its output is the recorded one. Batch mode renders the
//! same templates for many nodes, most of them reading nothing that
//! differs between nodes.
//!
//! "Identical" is stricter than Puppet's `==`: same kinds, same text
//! (case included), hashes in the same order, floats bit for bit; rich
//! values (types, iterators, objects) only when they are the same object.

use std::cell::RefCell;
use std::sync::Arc;

use crate::functions::Host;
use crate::value::Value;

/// One question a render asked the host, with the answer it got.
pub(crate) enum Query {
    /// `lookup_variable(name)`.
    Var(Box<str>, Option<Value>),
    /// `visible_variables()`.
    Visible(Vec<(String, Value)>),
    /// `scope_label()`.
    Label(String),
}

/// What a render asked, while it is recorded.
#[derive(Default)]
pub(crate) struct Trace {
    pub queries: Vec<Query>,
    /// False once the render did something besides asking (its output
    /// is not then a function of the answers alone).
    pub pure: bool,
}

impl Trace {
    pub fn new() -> Trace {
        Trace { queries: vec![], pure: true }
    }
}

/// Remembered renders of one template.
#[derive(Default)]
pub(crate) struct Memo {
    entries: RefCell<Entries>,
}

#[derive(Default)]
struct Entries {
    /// Each render's questions with their answers, the answers'
    /// fingerprints (see [`fingerprint`]) and the output.
    list: Vec<(Vec<Query>, Vec<u64>, Arc<std::string::String>)>,
    /// Renders that found no matching entry, and those that did.
    misses: u32,
    hits: u32,
}

/// Remembered variants per template: a template rendered with different
/// inputs in one compile (`apache/mod/load.erb` for each module) needs
/// one per input; one that depends on the node's own facts gets a new
/// one per node (the oldest goes).
const ENTRIES: usize = 64;
/// A template is not recorded or checked any more once it has missed this
/// many times, four times as often as it was found: it depends on what
/// differs between renders.
const GIVE_UP: u32 = 64;

/// An answer of the host, as asked once per [`Memo::find`].
enum Answer {
    Var(Option<Value>),
    Visible(Vec<(std::string::String, Value)>),
    Label(std::string::String),
}

impl Memo {
    /// Whether renders of this template are still worth recording.
    pub fn active(&self) -> bool {
        let e = self.entries.borrow();
        e.misses < GIVE_UP || e.misses < 4 * e.hits
    }

    /// The output of a remembered render whose questions get the same
    /// answers from `host` now. Every entry starts with the same question
    /// (renders take the same path until an answer differs), so the
    /// answers are asked once and compared with each entry's.
    pub fn find(&self, host: &mut dyn Host) -> Option<Arc<std::string::String>> {
        let mut e = self.entries.borrow_mut();
        // Each answer asked, with its fingerprint once it is compared with
        // a second entry's (a node's own value, such as its address deep
        // in a Hash, differs from every entry's: the fingerprints tell
        // that without walking the value again for each entry).
        let mut asked: Vec<(&Query, Answer, Option<u64>)> = vec![];
        let mut found = None;
        'entries: for (i, (queries, prints, _)) in e.list.iter().enumerate().rev() {
            for (n, q) in queries.iter().enumerate() {
                // Entries share their first questions, in order: the n-th
                // question asked is usually this entry's n-th (no search).
                let at = match asked.get(n).filter(|(k, _, _)| same_question(k, q)) {
                    Some(_) => n,
                    None => match asked.iter().position(|(k, _, _)| same_question(k, q)) {
                        Some(at) => at,
                        None => {
                            asked.push((q, ask(q, host), None));
                            asked.len() - 1
                        }
                    },
                };
                let (_, answer, print) = &mut asked[at];
                if let Some(p) = print {
                    if *p != prints[n] {
                        continue 'entries;
                    }
                } else if i + 1 < e.list.len() {
                    // Not the newest entry: the answer may be compared
                    // with several.
                    let p = answer_print(answer);
                    *print = Some(p);
                    if p != prints[n] {
                        continue 'entries;
                    }
                }
                if !same_answer(q, answer) {
                    continue 'entries;
                }
            }
            found = Some(i);
            break;
        }
        drop(asked);
        match found {
            Some(i) => {
                e.hits += 1;
                Some(e.list[i].2.clone())
            }
            None => {
                e.misses += 1;
                None
            }
        }
    }

    pub fn remember(&self, trace: Trace, output: Arc<std::string::String>) {
        if !trace.pure {
            return;
        }
        let mut e = self.entries.borrow_mut();
        if e.list.len() == ENTRIES {
            e.list.remove(0);
        }
        let prints = trace.queries.iter().map(query_print).collect();
        e.list.push((trace.queries, prints, output));
    }
}

/// A hash of what [`identical`] compares: identical values have the same
/// fingerprint, so different fingerprints mean different answers (equal
/// ones still get the full comparison). Kinds compared by identity or by
/// their printed form hash their kind only.
pub fn fingerprint(v: &Value) -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = foldhash::fast::FixedState::default().build_hasher();
    crate::value::guard_stack(|| print_into(v, &mut h));
    h.finish()
}

fn print_into(v: &Value, h: &mut impl std::hash::Hasher) {
    use std::hash::Hash;
    use Value::*;
    std::mem::discriminant(v).hash(h);
    match v {
        Boolean(x) => x.hash(h),
        Integer(x) => x.hash(h),
        Float(x) => x.to_bits().hash(h),
        String(x) => x.as_str().hash(h),
        Array(x) => {
            h.write_usize(x.len());
            for i in x.iter() {
                print_into(i, h);
            }
        }
        Hash(x) => {
            h.write_usize(x.len());
            for (k, v) in x.iter() {
                print_into(k, h);
                print_into(v, h);
            }
        }
        _ => {}
    }
}

fn query_print(q: &Query) -> u64 {
    match q {
        Query::Var(_, None) => 0,
        Query::Var(_, Some(v)) => fingerprint(v),
        Query::Visible(vars) => visible_print(vars),
        Query::Label(l) => label_print(l),
    }
}

fn answer_print(a: &Answer) -> u64 {
    match a {
        Answer::Var(None) => 0,
        Answer::Var(Some(v)) => fingerprint(v),
        Answer::Visible(vars) => visible_print(vars),
        Answer::Label(l) => label_print(l),
    }
}

fn visible_print(vars: &[(std::string::String, Value)]) -> u64 {
    use std::hash::{BuildHasher, Hash, Hasher};
    let mut h = foldhash::fast::FixedState::default().build_hasher();
    h.write_usize(vars.len());
    for (k, v) in vars {
        k.hash(&mut h);
        h.write_u64(fingerprint(v));
    }
    h.finish()
}

fn label_print(l: &str) -> u64 {
    use std::hash::BuildHasher;
    foldhash::fast::FixedState::default().hash_one(l)
}

fn same_question(a: &Query, b: &Query) -> bool {
    match (a, b) {
        (Query::Var(x, _), Query::Var(y, _)) => x == y,
        (Query::Visible(_), Query::Visible(_)) | (Query::Label(_), Query::Label(_)) => true,
        _ => false,
    }
}

fn ask(q: &Query, host: &mut dyn Host) -> Answer {
    match q {
        Query::Var(name, _) => Answer::Var(host.lookup_variable(name)),
        Query::Visible(_) => Answer::Visible(host.visible_variables()),
        Query::Label(_) => Answer::Label(host.scope_label()),
    }
}

fn same_answer(q: &Query, a: &Answer) -> bool {
    match (q, a) {
        (Query::Var(_, v), Answer::Var(w)) => match (v, w) {
            (Some(a), Some(b)) => identical(a, b),
            (None, None) => true,
            _ => false,
        },
        (Query::Visible(vars), Answer::Visible(now)) => {
            now.len() == vars.len() && now.iter().zip(vars).all(|((k, a), (l, b))| k == l && identical(a, b))
        }
        (Query::Label(l), Answer::Label(m)) => l == m,
        _ => false,
    }
}

/// Are two values the same for everything a template can see of them?
pub fn identical(a: &Value, b: &Value) -> bool {
    crate::value::guard_stack(|| identical_inner(a, b))
}

fn identical_inner(a: &Value, b: &Value) -> bool {
    use Value::*;
    match (a, b) {
        (Undef, Undef) | (Default, Default) => true,
        (Boolean(x), Boolean(y)) => x == y,
        (Integer(x), Integer(y)) => x == y,
        (Float(x), Float(y)) => x.to_bits() == y.to_bits(),
        (Timespan(x), Timespan(y)) => x == y,
        (Timestamp(x), Timestamp(y)) => x == y,
        (String(x), String(y)) => x.as_str() == y.as_str(),
        (Array(x), Array(y)) => {
            Arc::ptr_eq(&x.0, &y.0) || (x.len() == y.len() && x.iter().zip(y.iter()).all(|(p, q)| identical(p, q)))
        }
        (Hash(x), Hash(y)) => {
            Arc::ptr_eq(&x.0, &y.0)
                || (x.len() == y.len() && x.iter().zip(y.iter()).all(|((k, v), (l, w))| identical(k, l) && identical(v, w)))
        }
        (Regexp(x), Regexp(y)) => Arc::ptr_eq(x, y) || format!("{x:?}") == format!("{y:?}"),
        // References (every relationship parameter holds some, made anew
        // by each compile) by their fields, which is what their debug forms
        // compare; other types by those forms.
        (Type(x), Type(y)) => {
            Arc::ptr_eq(x, y)
                || match (&**x, &**y) {
                    (crate::Type::Resource { type_name: t1, title: i1 }, crate::Type::Resource { type_name: t2, title: i2 }) => {
                        t1 == t2 && i1 == i2
                    }
                    (crate::Type::Class(x), crate::Type::Class(y)) => x == y,
                    _ => format!("{x:?}") == format!("{y:?}"),
                }
        }
        (SemVer(x), SemVer(y)) => x == y,
        (SemVerRange(x), SemVerRange(y)) => x == y,
        (Sensitive(x), Sensitive(y)) => Arc::ptr_eq(x, y),
        (Binary(x), Binary(y)) => x == y,
        (Iterator(x), Iterator(y)) => Arc::ptr_eq(x, y),
        (Callable(x), Callable(y)) => Arc::ptr_eq(x, y),
        (Uri(x), Uri(y)) => x == y,
        (Object(x), Object(y)) => Arc::ptr_eq(x, y),
        _ => false,
    }
}
