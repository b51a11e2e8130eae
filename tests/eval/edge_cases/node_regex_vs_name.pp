node /testnode/ { notice('regex') }
node 'testnode.example.com' { notice('name') }
