notice(strip('  a  '), lstrip('  a'), rstrip('a  '), chomp("a
"), chop('ab'))
