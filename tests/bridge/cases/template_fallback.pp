# A template with Ruby the native engine lacks is rendered by Ruby, with
# the in-place changes written back.
class { 'bridgetest': }
notice($bridgetest::servers)
