notify { [[]]: }
notice('none')
