class web (Array[String] $names = ['a', "b"]) { }
