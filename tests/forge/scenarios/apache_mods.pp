# Common modules and a custom fragment.
class { 'apache': }
include apache::mod::rewrite
include apache::mod::ssl
include apache::mod::status
class { 'apache::mod::expires':
  expires_default => 'access plus 1 hour',
}
apache::custom_config { 'security':
  content => "ServerTokens Prod\nServerSignature Off\n",
}
