notice(stdlib::to_json_pretty('x'))
