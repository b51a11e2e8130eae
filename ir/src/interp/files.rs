//! The core functions that read the environment's files: `file`,
//! `binary_file`, `find_file`, `find_template`, `module_directory`. Paths
//! are `<module>/<path>` (a module's `files/` or `templates/` directory on
//! the modulepath) or absolute, as Puppet's `Puppet::Parser::Files` finds
//! them. `generate` runs a command as Puppet does, but only when the
//! compilation allows it (`--allow-generate`); by default it is refused and
//! pjit only reads these files (see docs/puppet-differences.md).

use super::*;

/// Which directory of a module a relative path names.
#[derive(Copy, Clone)]
enum Dir {
    Files,
    Templates,
}

impl Interp {
    /// Puppet's `find_file`/`find_template` resolution of one path.
    fn find_in_modules(&self, path: &str, dir: Dir) -> Option<std::path::PathBuf> {
        let p = std::path::Path::new(path);
        if p.is_absolute() {
            return p.exists().then(|| p.to_path_buf());
        }
        let (module, rest) = path.split_once('/')?;
        if rest.is_empty() {
            return None;
        }
        let sub = match dir {
            Dir::Files => "files",
            Dir::Templates => "templates",
        };
        self.opts.modulepath.iter().map(|d| d.join(module).join(sub).join(rest)).find(|p| p.exists())
    }

    /// Runs one of the file functions; None if `key` is not one of them.
    pub(super) fn file_function(&mut self, key: &str, args: &[Value], loc: Loc) -> Option<R<Value>> {
        let fail = |msg: String| Err(error("FILE_FUNCTION", format!("Error while evaluating a Function Call, {msg}"), loc));
        let mut names = vec![];
        for a in args {
            match a {
                Value::Array(items) => names.extend(items.iter().map(display::to_interpolated_string)),
                other => names.push(display::to_interpolated_string(other)),
            }
        }
        Some(match key {
            "file" => {
                if args.is_empty() {
                    return Some(fail("file(): Wrong number of arguments given (0 for 1+)".into()));
                }
                match names.iter().find_map(|n| self.find_in_modules(n, Dir::Files).filter(|p| p.is_file())) {
                    Some(p) => match std::fs::read(&p) {
                        Ok(bytes) => Ok(Value::string(String::from_utf8_lossy(&bytes).into_owned())),
                        Err(e) => fail(format!("Could not read {}: {e}", p.display())),
                    },
                    None => fail(format!("Could not find any files from {}", names.join(", "))),
                }
            }
            "binary_file" => {
                let Some(name) = names.first() else {
                    return Some(fail("'binary_file' expects 1 argument, got none".into()));
                };
                match self.find_in_modules(name, Dir::Files).filter(|p| p.is_file()) {
                    Some(p) => match std::fs::read(&p) {
                        Ok(bytes) => Ok(Value::Binary(Arc::new(bytes))),
                        Err(e) => fail(format!("binary_file(): Could not read {}: {e}", p.display())),
                    },
                    None => fail(format!("binary_file(): The given file '{name}' does not exist")),
                }
            }
            "find_file" | "find_template" => {
                let dir = if key == "find_file" { Dir::Files } else { Dir::Templates };
                Ok(names
                    .iter()
                    .find_map(|n| self.find_in_modules(n, dir))
                    .map(|p| Value::string(p.display().to_string()))
                    .unwrap_or(Value::Undef))
            }
            "module_directory" => Ok(names
                .iter()
                .find_map(|m| self.opts.modulepath.iter().map(|d| d.join(m)).find(|p| p.is_dir()))
                .map(|p| Value::string(p.display().to_string()))
                .unwrap_or(Value::Undef)),
            "generate" if !self.opts.allow_generate => fail(
                "generate(): pjit does not run commands while compiling (Puppet's generate() runs one on the compiling machine; --allow-generate lets it)".into(),
            ),
            "generate" => generate(&names).map_err(|msg| {
                error("GENERATE", format!("Error while evaluating a Function Call, {msg}"), loc)
            }),
            _ => return None,
        })
    }
}

/// Puppet's `generate(command, args...)`: an absolute command of
/// alphanumerics, separators, dashes, dots and pluses (no `..`), run
/// without a shell in its own directory with the C locale; its output
/// (stdout and stderr together) is the value, and a failing status is an
/// error.
fn generate(args: &[String]) -> Result<Value, String> {
    let Some(cmd) = args.first() else {
        return Err("generate(): Wrong number of arguments given (0 for 1+)".into());
    };
    if !std::path::Path::new(cmd).is_absolute() {
        return Err("Generators must be fully qualified".into());
    }
    if !cmd.chars().all(|c| c.is_alphanumeric() || c == '_' || matches!(c, '-' | '/' | '.' | '+')) {
        return Err("Generators can only contain alphanumerics, file separators, and dashes".into());
    }
    if cmd.contains("..") {
        return Err("Can not use generators with '..' in them.".into());
    }
    let dir = std::path::Path::new(cmd).parent().unwrap_or(std::path::Path::new("/"));
    let command_line = args.join(" ");
    let failed = |detail: String| format!("Failed to execute generator {cmd}: {detail}");
    // A command's output is not a function of the compile's inputs.
    pjit_runtime::impure::mark();
    let out = std::process::Command::new(cmd)
        .args(&args[1..])
        .current_dir(dir)
        .env("LANG", "C")
        .env("LC_ALL", "C")
        .stdin(std::process::Stdio::null())
        .output()
        .map_err(|e| failed(format!("Execution of '{command_line}' returned 1: {e}")))?;
    // Puppet combines the two streams into one output.
    let mut output = out.stdout;
    output.extend_from_slice(&out.stderr);
    let text = String::from_utf8_lossy(&output).into_owned();
    if !out.status.success() {
        let status = out.status.code().unwrap_or(1);
        return Err(failed(format!("Execution of '{command_line}' returned {status}: {}", text.trim())));
    }
    Ok(Value::string(text))
}
