notice(load_module_metadata('nonexistent_module'))
