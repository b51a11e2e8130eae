notice([1, 2, 3].filter |$x| { if $x > 1 { 'yes' } })
