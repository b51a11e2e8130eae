notice(Boolean[true], true =~ Boolean[false])
