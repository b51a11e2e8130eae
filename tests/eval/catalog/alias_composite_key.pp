package { 'p1': name => 'vim' }
package { 'p2': name => 'vim' }
