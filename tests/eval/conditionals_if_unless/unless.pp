unless false { notice('ran') }
unless true { notice('not ran') }
