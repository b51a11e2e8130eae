# Images and containers run as systemd services.
class { 'docker':
  log_driver => 'journald',
}
docker::image { 'nginx':
  image_tag => '1.27',
}
docker::run { 'web':
  image            => 'nginx:1.27',
  ports            => ['8080:80'],
  volumes          => ['/srv/web:/usr/share/nginx/html:ro'],
  env              => ['TZ=UTC'],
  restart_service  => true,
  extra_parameters => ['--restart=unless-stopped'],
}
