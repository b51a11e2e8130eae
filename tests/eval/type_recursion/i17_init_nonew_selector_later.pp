notice('x' ? { 'x' => a, Init[Iterable] => b })
notice('y' ? { 'x' => a, Init[Iterable] => b })
