notice('abc' ? { /b(c)/ => "got ${1}", default => 'no' })
