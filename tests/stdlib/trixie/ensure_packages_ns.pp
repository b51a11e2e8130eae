stdlib::ensure_packages(['vim'])
stdlib::ensure_packages('emacs', {'ensure' => 'present'})
package { 'nano': ensure => present }
stdlib::ensure_packages('nano')
stdlib::ensure_packages({'joe' => {'ensure' => 'present'}, 'jed' => {}}, {'provider' => 'apt'})
stdlib::ensure_packages(['vim'], {'ensure' => 'installed'})
