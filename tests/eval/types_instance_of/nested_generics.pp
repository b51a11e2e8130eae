notice({a => [1, 2]} =~ Hash[String, Array[Integer]])
notice({a => [1, 'x']} =~ Hash[String, Array[Integer]])
