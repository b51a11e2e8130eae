# Error: a Ruby function's own argument checking.
notice(mysql::normalise_and_deepmerge('not a hash'))
