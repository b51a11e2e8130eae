notice(unless false { 'yes' })
