notify { 'has space': }
notify { 'UPPER': }
