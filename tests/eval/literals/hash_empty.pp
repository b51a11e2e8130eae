notice({})
