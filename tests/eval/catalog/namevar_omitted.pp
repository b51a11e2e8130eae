file { '/tmp/x': path => '/tmp/x' }
file { 'other': path => '/tmp/y' }
package { 'p': name => 'p' }
