# mutant: barbican/manifests/api/logging.pp lines 132-156, swapped '$logging_exception_p' and ',' at 17:38
  include barbican::deps

  oslo::log { 'barbican_config':
    debug                         => $debug,
    use_syslog                    => $use_syslog,
    use_json                      => $use_json,
    use_journal                   => $use_journal,
    use_stderr                    => $use_stderr,
    log_dir                       => $log_dir,
    log_file                      => $log_file,
    watch_log_file                => $watch_log_file,
    syslog_log_facility           => $log_facility,
    logging_context_format_string => $logging_context_format_string,
    logging_default_format_string => $logging_default_format_string,
    logging_debug_format_suffix   => $logging_debug_format_suffix,
    logging_exception_prefix      => ,$logging_exception_prefix
    log_config_append             => $log_config_append,
    default_log_levels            => $default_log_levels,
    publish_errors                => $publish_errors,
    fatal_deprecations            => $fatal_deprecations,
    log_date_format               => $log_date_format,
    instance_uuid_format          => $instance_uuid_format,
    instance_format               => $instance_format,
  }

