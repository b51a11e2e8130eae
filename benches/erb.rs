//! ERB rendering (`pjit_runtime::erb`): parsing (ERB scan, Ruby lex and
//! parse) and rendering of three templates shaped like the module templates
//! that dominate real catalogs: an ntp.conf-sized file, an Apache vhost
//! (conditionals, loops over arrays and hashes, `scope` lookups,
//! `scope.function_versioncmp`, interpolation) and a long configuration file
//! of many sections. Rendering uses a parsed template (what the evaluator
//! caches); variables come from a small host, as the evaluator's scope
//! would give them. Throughput is in template bytes.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use indexmap::IndexMap;
use pjit_runtime::erb::Template;
use pjit_runtime::functions::{self, FnResult, Host, LogLevel};
use pjit_runtime::{Error, Type, Value};

const NTP: &str = r#"# ntp.conf: managed by Puppet
<% if @tinker -%>
tinker panic <%= @panic %>
<% end -%>
driftfile <%= @driftfile %>
<% @servers.each do |server| -%>
server <%= server %><% if @iburst_enable %> iburst<% end %>
<% end -%>
<% @restrict.each do |r| -%>
restrict <%= r %>
<% end -%>
<% unless @fudge.empty? -%>
<% @fudge.each do |f| -%>
fudge <%= f %>
<% end -%>
<% end -%>
"#;

const VHOST: &str = r##"# ************************************
# Vhost template in module puppetlabs-apache
# Managed by Puppet
# ************************************
<VirtualHost <%= [@addr_port].flatten.compact.join(' ') %>>
  ServerName <%= @servername %>
<% if @serveradmin -%>
  ServerAdmin <%= @serveradmin %>
<% end -%>
<% if @serveraliases and ! @serveraliases.empty? -%>
<%   Array(@serveraliases).each do |serveralias| -%>
  ServerAlias <%= serveralias %>
<%   end -%>
<% end -%>
  ## Vhost docroot
  DocumentRoot "<%= @docroot %>"
<% if @directories and ! @directories.empty? -%>
  ## Directories, there should at least be a declaration for <%= @docroot %>
<%   [@directories].flatten.compact.each do |directory| -%>
  <<%= directory['provider'] ? directory['provider'].capitalize : 'Directory' %> "<%= directory['path'] %>">
<%     if directory['options'] -%>
    Options <%= Array(directory['options']).join(' ') %>
<%     end -%>
<%     if scope.function_versioncmp([@apache_version, '2.4']) >= 0 -%>
<%       if directory['require'] -%>
    Require <%= Array(directory['require']).join(' ') %>
<%       else -%>
    Require all granted
<%       end -%>
<%     else -%>
    Order allow,deny
    Allow from all
<%     end -%>
<%     if directory['headers'] -%>
<%       Array(directory['headers']).each do |header| -%>
    Header <%= header %>
<%       end -%>
<%     end -%>
  </<%= directory['provider'] ? directory['provider'].capitalize : 'Directory' %>>
<%   end -%>
<% end -%>

  ## Logging
  ErrorLog "<%= @logroot %>/<%= @name %>_error.log"
  LogLevel <%= @log_level %>
  ServerSignature Off
  CustomLog "<%= @logroot %>/<%= @name %>_access.log" <%= @access_log_format ? "\"#{@access_log_format}\"" : 'combined' %>
<% if @setenv and ! @setenv.empty? -%>
  ## SetEnv/UnsetEnv directives
<%   Array(@setenv).each do |envvar| -%>
  SetEnv <%= envvar %>
<%   end -%>
<% end -%>
<% if @headers -%>
  ## Header rules
<%   @headers.sort.each do |name, value| -%>
  Header set <%= name %> "<%= value %>"
<%   end -%>
<% end -%>
<% if scope.lookupvar('apache::ssl_enabled') -%>
  SSLEngine on
  SSLCertificateFile "<%= @ssl_cert %>"
  SSLCertificateKeyFile "<%= @ssl_key %>"
<% end -%>
</VirtualHost>
"##;

fn long_config() -> String {
    let section = r#"
[<%= @section %>_<%= i %>]
<% @settings.keys.sort.each do |key| -%>
<%   value = @settings[key] -%>
<%   if value.is_a?(Array) -%>
<%= key %> = <%= value.map { |v| v.to_s.strip }.reject(&:empty?).join(',') %>
<%   elsif value == true or value == false -%>
<%= key %> = <%= value ? 'yes' : 'no' %>
<%   else -%>
<%= key.ljust(20) %> = <%= value %>
<%   end -%>
<% end -%>
"#;
    let mut t = String::from("# generated\n");
    for i in 0..30 {
        t.push_str(&format!("<% i = {i} -%>"));
        t.push_str(section);
    }
    t
}

struct BenchHost {
    vars: IndexMap<String, Value>,
}

impl Host for BenchHost {
    fn call_callable(&mut self, _: &Value, _: &[Value]) -> FnResult {
        Err(Error::argument("no lambdas").into())
    }
    fn call_function(&mut self, name: &str, args: &[Value], block: Option<&Value>) -> FnResult {
        match functions::lookup(name) {
            Some(f) => functions::call(f, self, args, block),
            None => Err(Error::new("UNKNOWN_FUNCTION", format!("Unknown function: '{name}'")).into()),
        }
    }
    fn log(&mut self, _: LogLevel, _: &str) {}
    fn lookup_variable(&mut self, name: &str) -> Option<Value> {
        self.vars.get(name.strip_prefix("::").unwrap_or(name)).cloned()
    }
    fn resolve_type(&mut self, _: &str) -> Option<Type> {
        None
    }
    fn is_defined_name(&mut self, _: &str) -> bool {
        false
    }
    fn is_defined_resource(&mut self, _: &Type) -> bool {
        false
    }
}

fn host() -> BenchHost {
    let s = |x: &str| Value::string(x);
    let strs = |xs: &[&str]| Value::array(xs.iter().map(|x| s(x)).collect());
    let mut vars = IndexMap::new();
    for (k, v) in [
        ("tinker", Value::Boolean(true)),
        ("panic", Value::Integer(0)),
        ("driftfile", s("/var/lib/ntp/drift")),
        ("servers", strs(&["0.debian.pool.ntp.org", "1.debian.pool.ntp.org", "2.debian.pool.ntp.org", "3.debian.pool.ntp.org"])),
        ("iburst_enable", Value::Boolean(true)),
        ("restrict", strs(&["-4 default kod nomodify notrap nopeer noquery", "-6 default kod nomodify notrap nopeer noquery", "127.0.0.1", "::1"])),
        ("fudge", strs(&[])),
        ("addr_port", s("*:80")),
        ("servername", s("www.example.com")),
        ("serveradmin", s("root@example.com")),
        ("serveraliases", strs(&["example.com", "web.example.com"])),
        ("docroot", s("/var/www/html")),
        (
            "directories",
            Value::array(vec![
                Value::hash([(s("path"), s("/var/www/html")), (s("options"), strs(&["Indexes", "FollowSymLinks"])), (s("headers"), strs(&["set X-A 1"]))]),
                Value::hash([(s("path"), s("/cgi")), (s("provider"), s("location")), (s("require"), s("ip 10.0.0.0/8"))]),
            ]),
        ),
        ("apache_version", s("2.4.57")),
        ("logroot", s("/var/log/apache2")),
        ("name", s("www")),
        ("log_level", s("warn")),
        ("access_log_format", Value::Undef),
        ("setenv", strs(&["FOO bar", "BAZ qux"])),
        ("headers", Value::hash([(s("X-Frame-Options"), s("DENY")), (s("X-Content-Type-Options"), s("nosniff"))])),
        ("apache::ssl_enabled", Value::Boolean(false)),
        ("section", s("client")),
        (
            "settings",
            Value::hash([
                (s("port"), Value::Integer(3306)),
                (s("socket"), s("/run/mysqld/mysqld.sock")),
                (s("enabled"), Value::Boolean(true)),
                (s("hosts"), strs(&["db1 ", "db2", ""])),
                (s("charset"), s("utf8mb4")),
            ]),
        ),
    ] {
        vars.insert(k.to_string(), v);
    }
    BenchHost { vars }
}

fn erb(c: &mut Criterion) {
    let long = long_config();
    let templates: [(&str, &str); 3] = [("ntp", NTP), ("vhost", VHOST), ("long_config", &long)];
    let mut g = c.benchmark_group("erb");
    for (name, src) in templates {
        g.throughput(Throughput::Bytes(src.len() as u64));
        g.bench_function(format!("parse_{name}"), |b| b.iter(|| Template::parse(black_box(src), Some("bench.erb")).is_ok()));
        let t = Template::parse(src, Some("bench.erb")).expect("the bench template parses");
        let mut h = host();
        let out = t.render(&mut h).expect("the bench template renders");
        assert!(out.len() > 100, "{name} renders: {out}");
        g.bench_function(format!("render_{name}"), |b| b.iter(|| t.render(black_box(&mut h)).map(|s| s.len())));
    }
    g.finish();
}

criterion_group!(benches, erb);
criterion_main!(benches);
