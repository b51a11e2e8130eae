notice("${{a => 1, b => [x, y]}}")
