$a = 'hello'
$b = 'I take a bit
more room'
$c = 'He said "hello", but it sounded like \'yello\''
$d = 'a\\b\c'
