notice(lookup('ok')) notice(lookup('bad'))
