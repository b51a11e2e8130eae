$h = { 'message' => 'from hash', 'loglevel' => 'err' }
notify { 'a': * => $h }
