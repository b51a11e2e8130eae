notice(URI('é'))
