$name = 'x'
$a = "Hello $name"
$b = "Hello ${name}"
$c = "Hello nbr ${1+1}, what is your name?"
$d = "Hello $name1 and $name2!"
$e = "${name[0]} ${name.upcase} ${0} ${::name} $::name ${facts['os']['family']}"
$f = "$ and ${'x'} $"
