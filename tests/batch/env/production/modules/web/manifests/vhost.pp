define web::vhost (String $docroot = "/srv/${title}") {
  file { "/etc/nginx/sites-enabled/${title}.conf":
    content => "server_name ${title}; root ${docroot};\n",
    require => Package['nginx'],
    notify  => Service['nginx'],
  }
}

# Legal here (its name starts with this file's namespace, web::vhost) but
# on no path Puppet's loader tries for it: known only to a compile that
# loaded web::vhost before.
class web::vhost_extra {
  notify { 'vhost extra': }
}
