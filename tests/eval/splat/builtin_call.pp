notice(*[a, b, c])
