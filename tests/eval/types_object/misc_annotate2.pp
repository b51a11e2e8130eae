notice(annotate(Error, 'x', {msg => 'y'}))
