type Data = Integer
notice(Data)
