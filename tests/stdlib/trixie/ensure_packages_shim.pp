ensure_packages(['vim', 'git'])
ensure_packages({'curl' => {'ensure' => 'latest'}})
ensure_packages('vim')
