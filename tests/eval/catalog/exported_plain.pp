@@notify { 'e': }
notify { 'n': }
