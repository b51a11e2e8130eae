notice(Binary('YR==', '%b'))
notice(Binary('YR', '%b'))
notice(Binary('-_8=', '%b'))
