notice(match('abc123', /([a-z]+)(\d+)/))
notice(match('x', /y/) == undef)
notice(['a1', 'b'].match(/\w(\d)/))
