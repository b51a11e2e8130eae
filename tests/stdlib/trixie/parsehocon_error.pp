# A HOCON syntax error is the function call's error, at the call.
$settings = { 'a' => 1 }
$d = stdlib::parsehocon("a = [1\n}")
notice($d)
