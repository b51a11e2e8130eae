debug('dbg')
info('inf')
notice('shown')
