# mutant: gnocchi/manifests/logging.pp lines 45-71, inserted 'inherits' at 24:28
class gnocchi::logging(
  $use_syslog                    = $::os_service_default,
  $use_json                      = $::os_service_default,
  $use_journal                   = $::os_service_default,
  $use_stderr                    = $::os_service_default,
  $log_facility                  = $::os_service_default,
  $log_dir                       = '/var/log/gnocchi',
  $log_file                      = $::os_service_default,
  $watch_log_file                = $::os_service_default,
  $debug                         = $::os_service_default,
) {

  include gnocchi::deps

  oslo::log { 'gnocchi_config':
    debug               => $debug,
    use_syslog          => $use_syslog,
    use_json            => $use_json,
    use_journal         => $use_journal,
    use_stderr          => $use_stderr,
    log_dir             => $log_dir,
    log_file            => $log_file,
    watch_log_file      =>  inherits $watch_log_file,
    syslog_log_facility => $log_facility,
  }

}
