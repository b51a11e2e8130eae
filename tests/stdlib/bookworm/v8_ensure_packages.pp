ensure_packages(['vim'], {'ensure' => 'present'})
ensure_packages({'git' => {}})
