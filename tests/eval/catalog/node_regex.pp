node /^testnode/ { notify { 'regex': } }
node default { notify { 'default': } }
