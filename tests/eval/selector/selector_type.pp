notice([1] ? { Array[String] => 's', Array[Integer] => 'i' })
