define d { }
d { 'x': nope => 1 }
