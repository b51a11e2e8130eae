notice(lookup('h', Hash, {'strategy' => 'hash', 'knockout_prefix' => '--'}))
