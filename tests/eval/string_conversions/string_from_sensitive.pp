notice(String(Sensitive('x')))
