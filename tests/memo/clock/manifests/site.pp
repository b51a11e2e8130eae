# The clock: the same output for every node, but no compile that read
# it may be remembered.
$now = Timestamp()
notice($now =~ Timestamp)
