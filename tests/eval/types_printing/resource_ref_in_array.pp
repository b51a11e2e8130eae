notice([Notify['a'], File['/b']])
