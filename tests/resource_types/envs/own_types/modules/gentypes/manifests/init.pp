# Declares module types from a class.
class gentypes (String $domain = 'example') {
  gt_simple { 'from_class':
    value => 'x',
    path  => '/tmp/from_class',
  }
  gt_composite { "svc::${domain}":
    description => 'declared in a class',
  }
}
