@notify { 'v': }
notify { 'real': }
