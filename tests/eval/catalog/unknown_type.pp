nosuchtype { 'a': }
