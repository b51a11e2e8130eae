node /TESTNODE/ { notice('upper') }
node default { notice('default') }
