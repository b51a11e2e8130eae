# A cycle of substitutions is a ConfigParseError too: the default wins.
notice(stdlib::parsehocon("a = \${b}\nb = \${a}", { 'ok' => false }))
$x = stdlib::parsehocon("a = \${b}\nb = [\${a}]")
