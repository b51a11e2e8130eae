# spec: lexical_structure.md:213
"Hello $name"
#=> DQPRE('Hello '), VARIABLE(name), DQPOST('')

"Hello ${name}"
#=> DQPRE('Hello '), NAME('name'), DQPOST('')

"Hello nbr ${1+1}, what is your name?"
#=> DQPRE('Hello nor ', NUMBER(1), PLUS(+), NUMBER(1), DQPOST(', what is your name?')

"Hello $name1 and $name2!"
#=> DQPRE('Hello '), VARIABLE('name1'), DQMID(' and '), VARIABLE('name2'), DQPOST('!')
