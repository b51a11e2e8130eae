notice(Error('x') =~ RichData)
notice(Error('x') =~ Data)
notice([Error('x')] =~ Array[Object])
