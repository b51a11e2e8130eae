notice(to_json([1]) |$x| { $x })
