$h = str2saltedsha512('password')
notice($h =~ /\A[0-9a-f]{136}\z/)
