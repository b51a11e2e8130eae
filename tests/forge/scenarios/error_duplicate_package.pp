# Error: a duplicate declaration that ensure_packages does not hide.
package { 'curl': ensure => '7.0' }
stdlib::ensure_packages(['curl'], { 'ensure' => 'latest' })
