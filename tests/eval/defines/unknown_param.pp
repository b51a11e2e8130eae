define d() { }
d { 'a': nope => 1 }
