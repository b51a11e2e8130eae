$s = $settings::all_local
notice($s =~ Hash[String, Any])
notice($s['environment'])
notice($s['storeconfigs'])
notice($s['strict_variables'])
notice($s['certname'])
notice($s['rich_data'])
notice($s['max_errors'])
notice($s['no_such'])
