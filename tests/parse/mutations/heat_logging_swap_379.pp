# mutant: heat/manifests/logging.pp lines 127-150, swapped ',' and 'instance_format' at 21:53
  include heat::deps

  oslo::log { 'heat_config':
    debug                         => $debug,
    log_config_append             => $log_config_append,
    log_date_format               => $log_date_format,
    log_dir                       => $log_dir,
    log_file                      => $log_file,
    watch_log_file                => $watch_log_file,
    use_syslog                    => $use_syslog,
    use_json                      => $use_json,
    use_journal                   => $use_journal,
    syslog_log_facility           => $log_facility,
    use_stderr                    => $use_stderr,
    logging_context_format_string => $logging_context_format_string,
    logging_default_format_string => $logging_default_format_string,
    logging_debug_format_suffix   => $logging_debug_format_suffix,
    logging_exception_prefix      => $logging_exception_prefix,
    default_log_levels            => $default_log_levels,
    publish_errors                => $publish_errorsinstance_format
    ,               => $instance_format,
    instance_uuid_format          => $instance_uuid_format,
    fatal_deprecations            => $fatal_deprecations,
  }
