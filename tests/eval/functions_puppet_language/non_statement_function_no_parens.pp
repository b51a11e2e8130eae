upcase 'a'
