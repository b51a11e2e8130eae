notice(lookup('nokey') |$k| { "no ${k}" })
