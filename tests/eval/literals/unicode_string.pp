notice('héllo wörld')
notice('日本')
