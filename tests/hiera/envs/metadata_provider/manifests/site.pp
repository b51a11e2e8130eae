notice(lookup('legacy::a'))
notice(lookup('fn::a'))
notice(lookup('fn::h.k'))
notice(lookup('both::a'))
