notify { 'n': message => { a => Sensitive('x'), t => Timestamp('2020-01-01'), d => default, r => /x/, i => Integer, b => Binary('YQ=='), v => SemVer('1.0.0'), s => [Sensitive(1)], ts => Timespan(3), h => {1 => 2} } }
notify { 'm': message => default }
notify { 'o': message => Sensitive([Sensitive(2)]) }
notify { 'p': message => [1, Sensitive(2)] }
