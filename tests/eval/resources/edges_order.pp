class a { notify { 'in a': } }
include a
notify { 'top': }
