# mutant: cloudkitty/manifests/logging.pp lines 131-154, swapped ',' and 'use_journal' at 7:47
  include cloudkitty::deps

  oslo::log { 'cloudkitty_config':
    use_stderr                    => $use_stderr,
    use_syslog                    => $use_syslog,
    use_json                      => $use_jsonuse_journal
    ,                   => $use_journal,
    log_dir                       => $log_dir,
    log_file                      => $log_file,
    watch_log_file                => $watch_log_file,
    debug                         => $debug,
    logging_context_format_string => $logging_context_format_string,
    logging_default_format_string => $logging_default_format_string,
    logging_debug_format_suffix   => $logging_debug_format_suffix,
    logging_exception_prefix      => $logging_exception_prefix,
    log_config_append             => $log_config_append,
    default_log_levels            => $default_log_levels,
    publish_errors                => $publish_errors,
    fatal_deprecations            => $fatal_deprecations,
    instance_format               => $instance_format,
    instance_uuid_format          => $instance_uuid_format,
    log_date_format               => $log_date_format,
    syslog_log_facility           => $syslog_log_facility,
  }
