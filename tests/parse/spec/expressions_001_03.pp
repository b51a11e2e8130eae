# spec: expressions.md:60, statement 3 of 7
'He said "hello", but it sounded like \'yello\''
