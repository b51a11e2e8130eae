class c { notice('c in node') }
node default { include c }
