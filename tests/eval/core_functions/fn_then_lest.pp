notice(undef.then |$x| { 'then' }, 1.then |$x| { $x + 1 }, undef.lest || { 'lest' })
