define foo($x = 1) { notice("${title} ${name}") }
create_resources('foo', {80 => {}, 'a' => {}, 81 => {x => 2}})
create_resources('notify', {42 => {}, 43.5 => {message => 'm'}})
create_resources('@@foo', {90 => {}})
