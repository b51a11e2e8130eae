$m = load_module_metadata('stdlib')
notice($m['name'])
notice($m['version'])
