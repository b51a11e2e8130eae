//! The core functions that read the environment's files: `file`,
//! `binary_file`, `find_file`, `find_template`, `module_directory`. Paths
//! are `<module>/<path>` (a module's `files/` or `templates/` directory on
//! the modulepath) or absolute, as Puppet's `Puppet::Parser::Files` finds
//! them. pjit reads only these files; it never runs commands (`generate`
//! is refused, see docs/puppet-differences.md).

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
            "generate" => fail(
                "generate(): pjit does not run commands while compiling (Puppet's generate() runs one on the compiling machine)".into(),
            ),
            _ => return None,
        })
    }
}
