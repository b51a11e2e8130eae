function f() { "[${1}]" }
$m = 'top' =~ /(top)/
notice(f())
