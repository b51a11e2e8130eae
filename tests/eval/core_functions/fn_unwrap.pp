notice(Sensitive('s').unwrap, 'x'.unwrap)
