notice(Error('m').message)
notice(Error('m').msg)
notice(Error('m').details)
