@notify { 'v': }
realize('Notify[v]')
