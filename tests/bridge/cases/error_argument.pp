# A Ruby error is the calling expression's error, with Puppet's wording.
$x = 1
notice(bridgetest::errors('argument'))
