# Batch mode with a misbehaving Ruby function on some nodes: those fail,
# the others compile.
node /^crash/ {
  notice(bridgetest::misbehave('crash'))
}
node /^hang/ {
  notice(bridgetest::misbehave('hang'))
}
node default {
  notice(bridgetest::double($facts['networking']['hostname']))
  notify { "done ${trusted['certname']}": }
}
