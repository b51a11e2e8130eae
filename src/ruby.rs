//! `--ruby=auto|off|PATH`: the Ruby bridge (`pjit-bridge`) that runs the
//! modules' Ruby code pjit has no native implementation for. One bridge
//! per process, shared by every compile (batch workers included); its
//! helper starts on the first request that needs Ruby, never before.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use pjit_bridge::{RubyBridge, RubyCommand};
use pjit_runtime::foreign::Foreign;

/// What `--ruby` asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RubyArg {
    /// Ruby with Puppet when found (`ruby` on the PATH, Puppet's own).
    Auto,
    /// No bridge: a module's Ruby function is an error naming its module.
    Off,
    /// This Ruby executable.
    Path(PathBuf),
}

impl std::str::FromStr for RubyArg {
    type Err = String;
    fn from_str(s: &str) -> Result<RubyArg, String> {
        Ok(match s {
            "auto" => RubyArg::Auto,
            "off" => RubyArg::Off,
            "" => return Err("give auto, off or the path of a ruby executable".into()),
            p => RubyArg::Path(PathBuf::from(p)),
        })
    }
}

/// The bridge `--ruby` asks for (None with `off`). Its timeout is
/// `PJIT_RUBY_TIMEOUT` seconds when set.
pub fn bridge(arg: &RubyArg) -> Option<Arc<RubyBridge>> {
    let command = match arg {
        RubyArg::Off => return None,
        RubyArg::Auto => RubyCommand::Auto,
        RubyArg::Path(p) => RubyCommand::Path(p.clone()),
    };
    let timeout = std::env::var("PJIT_RUBY_TIMEOUT")
        .ok()
        .and_then(|s| s.parse::<f64>().ok())
        .filter(|s| *s > 0.0)
        .map_or(pjit_bridge::DEFAULT_TIMEOUT, Duration::from_secs_f64);
    Some(Arc::new(RubyBridge::new(command, timeout).with_type_cache(pjit_bridge::type_cache::default_dir())))
}

/// The bridge as the interpreter's runner.
pub fn runner(b: &Option<Arc<RubyBridge>>) -> Option<Arc<dyn Foreign>> {
    b.as_ref().map(|b| b.clone() as Arc<dyn Foreign>)
}

/// `--verbose`: what the bridge did.
pub fn report(b: &Option<Arc<RubyBridge>>) {
    match b {
        None => eprintln!("ruby: off"),
        Some(b) if b.starts() == 0 => eprintln!("ruby: not started (nothing needed Ruby)"),
        Some(b) => eprintln!(
            "ruby: helper started {} time(s), last start-up {} ms, {} request(s)",
            b.starts(),
            b.startup_time().map_or(0, |d| d.as_millis()),
            b.requests()
        ),
    }
}
