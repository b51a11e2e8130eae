# Puppet's parser reduces by default before it looks at the next token, so
# the check of a comma-separated statement list fails before the '=>' is
# seen (line 5, the comma).
$target = ($title =~ /x/) ?
  false   => "a",
  default => $title,
}
