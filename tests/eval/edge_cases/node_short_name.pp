node 'testnode' { notice('short') }
node default { notice('default') }
