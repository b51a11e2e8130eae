@@notify { 'exported': }
notify { 'normal': }
