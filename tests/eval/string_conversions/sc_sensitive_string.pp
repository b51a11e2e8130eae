notice(String(Sensitive('x')), Sensitive('x'), "${Sensitive('y')}")
