notice([1,2,3][100] == undef)
notice([1,2,3][-4] == undef)
