type A = Variant[Integer, Array[A]]
notice(type([1, [2, [3]]]) < A)
notice(A < Data)
notice(Data < A)
notice(A < RichData)
