notice(Scalar >= String)
notice(Data > Array[Data])
notice(Optional[String] > String)
notice(Collection > Hash)
