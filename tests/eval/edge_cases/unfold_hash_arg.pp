notice(*{a => 1})
notice([*{a => 1, b => 2}])
