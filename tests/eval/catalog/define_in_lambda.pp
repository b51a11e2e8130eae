define d() { notify { "n${title}": } }
[1, 2].each |$i| { d { "x${i}": } }
