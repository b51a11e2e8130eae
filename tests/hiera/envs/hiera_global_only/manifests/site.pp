notice(hiera('m::g'))
notice(hiera('m::x', 'hiera does not see modules without an environment layer'))
notice(lookup('m::x'))
