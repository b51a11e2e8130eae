notice(lookup('mixed', Hash, 'hash'))
