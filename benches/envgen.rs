//! Generated environments in the shape of Puppet's own benchmark scenarios
//! (`benchmarks/` in Puppet's repository), for the catalog benchmarks
//! (`benches/catalog.rs`) and the whole-process comparison with Puppet
//! (`tests/tools/compare-puppet.sh`, through `examples/gen_envs.rs`).
//!
//! Each scenario is a directory environment: `manifests/site.pp` and
//! `modules/`. The generators are deterministic: the same size gives the
//! same files.

use std::fmt::Write as _;
use std::path::Path;

/// A generated environment: file paths (relative to its directory) and
/// their contents.
pub struct Env {
    pub name: &'static str,
    pub files: Vec<(String, String)>,
}

impl Env {
    /// Writes the environment below `root/<name>`.
    pub fn write(&self, root: &Path) -> std::io::Result<()> {
        let dir = root.join(self.name);
        for (rel, text) in &self.files {
            let p = dir.join(rel);
            std::fs::create_dir_all(p.parent().expect("a file has a parent"))?;
            std::fs::write(p, text)?;
        }
        Ok(())
    }
}

/// `many_modules`: `n` modules, each a class that declares an internal
/// class and 11 role classes, each role with a notify; site.pp includes
/// every module.
pub fn many_modules(n: usize) -> Env {
    let mut files = vec![];
    let mut site = String::new();
    for m in 0..n {
        let name = format!("module{m}");
        let mut init = format!("class {name} {{\n  include {name}::internal\n");
        for r in 0..11 {
            writeln!(init, "  include {name}::role{r}").unwrap();
            files.push((
                format!("modules/{name}/manifests/role{r}.pp"),
                format!("class {name}::role{r} {{\n  notify {{ '{name} role{r}': message => \"role {r} of ${{module_name}}\" }}\n}}\n"),
            ));
        }
        init.push_str("}\n");
        files.push((format!("modules/{name}/manifests/init.pp"), init));
        files.push((
            format!("modules/{name}/manifests/internal.pp"),
            format!("class {name}::internal {{\n  $x = 'internal'\n  notify {{ '{name} internal': message => $x }}\n}}\n"),
        ));
        writeln!(site, "include {name}").unwrap();
    }
    files.push(("manifests/site.pp".into(), site));
    Env { name: "many_modules", files }
}

/// `defined_types`: `n` defined types, two instances of each.
pub fn defined_types(n: usize) -> Env {
    let mut files = vec![];
    let mut site = String::new();
    for d in 0..n {
        files.push((
            format!("modules/deftypes/manifests/def{d}.pp"),
            format!(
                "define deftypes::def{d}(String $message = $title, Integer $count = {d}) {{\n  notify {{ \"def{d} ${{title}}\": message => \"${{message}} ${{count}}\" }}\n}}\n"
            ),
        ));
        writeln!(site, "deftypes::def{d} {{ ['a{d}', 'b{d}']: }}").unwrap();
    }
    files.push(("manifests/site.pp".into(), site));
    Env { name: "defined_types", files }
}

/// `fq_var_lookup`: one class with 500 file resources whose attributes are
/// qualified variables of a params class.
pub fn fq_var_lookup(n: usize) -> Env {
    let mut params = String::from("class fqvars::params {\n");
    for i in 0..10 {
        writeln!(params, "  $owner{i} = 'user{i}'\n  $mode{i} = '064{}'", i % 8).unwrap();
    }
    params.push_str("}\n");
    let mut init = String::from("class fqvars inherits fqvars::params {\n");
    for i in 0..n {
        let k = i % 10;
        writeln!(
            init,
            "  file {{ '/tmp/fq/{i}': ensure => file, owner => $fqvars::params::owner{k}, mode => $::fqvars::params::mode{k}, content => \"${{fqvars::params::owner{k}}}-{i}\" }}"
        )
        .unwrap();
    }
    init.push_str("}\n");
    Env {
        name: "fq_var_lookup",
        files: vec![
            ("modules/fqvars/manifests/params.pp".into(), params),
            ("modules/fqvars/manifests/init.pp".into(), init),
            ("manifests/site.pp".into(), "include fqvars\n".into()),
        ],
    }
}

/// `virtual_collection`: `n` virtual notifies and one collector per title.
pub fn virtual_collection(n: usize) -> Env {
    let mut site = String::new();
    for i in 0..n {
        writeln!(site, "@notify {{ 'v{i}': message => 'virtual {i}', tag => ['group{}'] }}", i % 7).unwrap();
    }
    for i in 0..n {
        writeln!(site, "Notify <| title == 'v{i}' |>").unwrap();
    }
    Env { name: "virtual_collection", files: vec![("manifests/site.pp".into(), site)] }
}

/// `type_inference`: iteration with nested Struct-typed lambda parameters.
pub fn type_inference(n: usize) -> Env {
    let mut site = String::from(
        "type Typeinf::Entry = Struct[{name => String[1], port => Integer[1, 65535], tags => Array[String], opts => Hash[String, Variant[String, Integer, Boolean]]}]\n",
    );
    site.push_str("$entries = Integer[1, ");
    write!(site, "{n}").unwrap();
    site.push_str("].map |$i| { { name => \"svc${i}\", port => 1000 + $i, tags => ['a', \"t${i}\"], opts => { 'x' => $i, 'y' => true, 'z' => 'zz' } } }\n");
    site.push_str(
        "$entries.each |Typeinf::Entry $e| {\n  $sum = $e['tags'].map |String $t| { $t.length }.reduce(0) |Integer $a, Integer $b| { $a + $b }\n  if $e['port'] % 100 == 0 { notify { $e['name']: message => \"${e['port']} ${sum}\" } }\n}\n",
    );
    Env { name: "type_inference", files: vec![("manifests/site.pp".into(), site)] }
}

/// `hiera_lookups`: an environment data layer (hiera.yaml v5 with a
/// three-level hierarchy interpolating the node and its facts) with `n`
/// keys whose values interpolate a fact and another key, half of them
/// overridden at the OS level, and one nested hash; a class with 10
/// parameters bound by automatic parameter lookup that looks up every key,
/// every nested key by a dotted key, and deep-merges a hash across levels.
pub fn hiera_lookups(n: usize) -> Env {
    let hiera = "---\nversion: 5\ndefaults:\n  datadir: data\n  data_hash: yaml_data\nhierarchy:\n  - name: node\n    path: \"nodes/%{trusted.certname}.yaml\"\n  - name: os\n    path: \"os/%{facts.os.family}.yaml\"\n  - name: common\n    path: common.yaml\n";
    let mut common = String::from("---\nhieratest::base: common-base\n");
    let mut os = String::from("---\nhieratest::base: os-base\n");
    for i in 0..n {
        writeln!(common, "hieratest::key{i}: \"%{{facts.os.family}}-%{{lookup('hieratest::base')}}-{i}\"").unwrap();
        if i % 2 == 0 {
            writeln!(os, "hieratest::key{i}: \"os %{{facts.os.name}} {i}\"").unwrap();
        }
    }
    common.push_str("hieratest::nested:\n  a:\n    b:\n");
    for i in 0..n {
        writeln!(common, "      k{i}:\n        list: ['x{i}', 'y{i}']").unwrap();
    }
    common.push_str("hieratest::merged:\n  common: 1\n  shared: common\n");
    os.push_str("hieratest::merged:\n  os: 2\n  shared: os\n");
    for p in 0..10 {
        writeln!(common, "hieratest::p{p}: \"param {p} %{{trusted.certname}}\"").unwrap();
    }
    let mut class = String::from("class hieratest (\n");
    for p in 0..10 {
        writeln!(class, "  String $p{p},").unwrap();
    }
    class.push_str(") {\n");
    writeln!(class, "  Integer[0, {}].each |$i| {{", n - 1).unwrap();
    class.push_str("    $v = lookup(\"hieratest::key${i}\")\n    $n = lookup(\"hieratest::nested.a.b.k${i}.list.1\")\n    notify { \"key${i}\": message => \"${v} ${n}\" }\n  }\n");
    class.push_str("  $m = lookup('hieratest::merged', Hash, 'deep')\n  notify { 'merged': message => $m }\n");
    class.push_str("  notify { 'params': message => [$p0, $p1, $p2, $p3, $p4, $p5, $p6, $p7, $p8, $p9] }\n}\n");
    Env {
        name: "hiera_lookups",
        files: vec![
            ("hiera.yaml".into(), hiera.into()),
            ("data/common.yaml".into(), common),
            ("data/os/Debian.yaml".into(), os),
            ("data/nodes/other.example.com.yaml".into(), "---\nhieratest::base: other-node\n".into()),
            ("modules/hieratest/manifests/init.pp".into(), class),
            ("manifests/site.pp".into(), "include hieratest\n".into()),
        ],
    }
}

/// Every scenario at the sizes the benchmarks use.
pub fn all() -> Vec<Env> {
    vec![
        many_modules(100),
        defined_types(100),
        fq_var_lookup(500),
        virtual_collection(200),
        type_inference(2000),
        hiera_lookups(100),
    ]
}
