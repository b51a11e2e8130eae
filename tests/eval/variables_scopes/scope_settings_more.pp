notice($settings::environment, $settings::strict_variables, $settings::strict, $settings::ordering, $settings::environment_timeout, $settings::max_errors, $settings::trusted_node_data, $settings::disable_warnings, $settings::node_name_value)
notice(type($settings::strict), type($settings::max_errors))
