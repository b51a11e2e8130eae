node /nomatch/ { notice('no') }
node default { notice('default') }
