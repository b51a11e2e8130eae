notice(split('a,b,,c', ','), join(['a', 1, [2]], '-'), 'a1b22c'.split(/\d+/))
