notice(lookup('h', Hash, {'knockout_prefix' => '--'}))
