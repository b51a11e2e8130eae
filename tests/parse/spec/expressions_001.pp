# spec: expressions.md:60
# Single quoted strings
'hello'
'I take a bit
more room'
'He said "hello", but it sounded like \'yello\''

# Double quoted strings
"You can quote me on that"
"I keep \t of things around here"
"I can not drink more than $max_beers beers"

# Heredoc
@(END)
Text until the given end marker
is in the resulting string.
END
