node 'testnode.example.com' { notify { 'matched': } }
node default { notify { 'default': } }
