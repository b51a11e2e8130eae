unless $a { notice(1) } else { notice(2) }
unless $a {}
