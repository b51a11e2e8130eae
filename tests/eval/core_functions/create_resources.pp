create_resources('notify', {'a' => {message => 'one'}, 'b' => {}}, {message => 'dflt'})
