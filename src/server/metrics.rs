//! `/metrics` in Prometheus text format (prometheus-client): requests by
//! endpoint, method and status, request and compile time histograms,
//! compile errors, environment loads, TLS handshake failures, and gauges
//! for compiles running and queued and the process's resident memory.

use std::sync::Mutex;

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::Histogram;
use prometheus_client::registry::Registry;

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RequestLabels {
    endpoint: String,
    method: String,
    status: u16,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct EnvLabels {
    environment: String,
}

const SECONDS: [f64; 14] = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0];

pub struct Metrics {
    registry: Mutex<Registry>,
    requests: Family<RequestLabels, Counter>,
    request_seconds: Family<RequestLabels, Histogram>,
    compile_seconds: Histogram,
    compile_errors: Counter,
    environment_loads: Family<EnvLabels, Counter>,
    tls_failures: Counter,
    compiles_running: Gauge,
    compiles_queued: Gauge,
    resident_bytes: Gauge,
}

impl Metrics {
    pub fn new() -> Metrics {
        let mut registry = Registry::default();
        let requests = Family::<RequestLabels, Counter>::default();
        registry.register("pjit_http_requests", "HTTP requests answered", requests.clone());
        let request_seconds = Family::<RequestLabels, Histogram>::new_with_constructor(
            (|| Histogram::new(SECONDS)) as fn() -> Histogram,
        );
        registry.register("pjit_http_request_seconds", "Time to answer a request", request_seconds.clone());
        let compile_seconds = Histogram::new(SECONDS);
        registry.register("pjit_compile_seconds", "Time to compile a catalog (on a worker)", compile_seconds.clone());
        let compile_errors = Counter::default();
        registry.register("pjit_compile_errors", "Catalog compiles that failed", compile_errors.clone());
        let environment_loads = Family::<EnvLabels, Counter>::default();
        registry.register("pjit_environment_loads", "Environment loads (parse of the main manifest)", environment_loads.clone());
        let tls_failures = Counter::default();
        registry.register("pjit_tls_handshake_failures", "TLS handshakes refused or failed", tls_failures.clone());
        let compiles_running = Gauge::default();
        registry.register("pjit_compiles_running", "Compiles on a worker now", compiles_running.clone());
        let compiles_queued = Gauge::default();
        registry.register("pjit_compiles_queued", "Compiles waiting for a worker", compiles_queued.clone());
        let resident_bytes = Gauge::default();
        registry.register("pjit_process_resident_memory_bytes", "Resident memory of the server", resident_bytes.clone());
        Metrics {
            registry: Mutex::new(registry),
            requests,
            request_seconds,
            compile_seconds,
            compile_errors,
            environment_loads,
            tls_failures,
            compiles_running,
            compiles_queued,
            resident_bytes,
        }
    }

    pub fn request(&self, endpoint: &str, method: &str, status: u16, seconds: f64) {
        let l = RequestLabels { endpoint: endpoint.to_string(), method: method.to_string(), status };
        self.requests.get_or_create(&l).inc();
        self.request_seconds.get_or_create(&l).observe(seconds);
    }

    pub fn compile(&self, seconds: f64, ok: bool) {
        self.compile_seconds.observe(seconds);
        if !ok {
            self.compile_errors.inc();
        }
    }

    pub fn environment_load(&self, name: &str) {
        self.environment_loads.get_or_create(&EnvLabels { environment: name.to_string() }).inc();
    }

    pub fn tls_failure(&self) {
        self.tls_failures.inc();
    }

    /// The text exposition, with the gauges read now.
    pub fn encode(&self, running: usize, queued: usize) -> String {
        self.compiles_running.set(running as i64);
        self.compiles_queued.set(queued as i64);
        self.resident_bytes.set(super::pool::resident_bytes().unwrap_or(0) as i64);
        let mut out = String::new();
        let registry = self.registry.lock().unwrap_or_else(|e| e.into_inner());
        let _ = prometheus_client::encoding::text::encode(&mut out, &registry);
        out
    }
}
