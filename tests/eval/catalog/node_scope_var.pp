node default { $x = 'node-x' include c }
class c { notify { "sees ${x}": } }
