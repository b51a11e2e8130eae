# mutant: heat/manifests/wsgi/apache.pp lines 161-169, deleted '}' at 4:3
  if $title !~ /^api(|_cfn)$/ {
    fail('The valid options are api, api_cfn')
  

  include heat::deps
  include heat::params

  Anchor['heat::install::end'] -> Class['apache']

