function is_even($n) { if $n == 0 { true } else { is_odd($n - 1) } }
function is_odd($n) { if $n == 0 { false } else { is_even($n - 1) } }
notice(is_even(10))
