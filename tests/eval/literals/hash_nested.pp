notice({a => {b => {c => 1}}})
