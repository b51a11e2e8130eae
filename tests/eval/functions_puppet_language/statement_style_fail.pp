fail 'stopped'
