notice(undef in [undef], undef in 'abc')
