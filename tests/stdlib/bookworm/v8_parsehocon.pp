# stdlib 8.5: parsehocon is a plain 4.x function (no deprecation).
$d = parsehocon("a { b = 1, c = [x, y] }\na.d = \${a.b}\ne += 1")
notify { 'v8 hocon': message => $d }
notice(parsehocon('}', { 'default' => true }))
notice(parsehocon('a = [1, 2]'))
