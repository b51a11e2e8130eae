notice({a => 1} == {'A' => 1})
notice({a => 'x'} == {a => 'X'})
notice({a => 1, b => 2} == {b => 2, a => 1})
