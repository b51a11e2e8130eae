node 'other' { notify { 'other': } }
node default { notify { 'default': } }
