# mutant: panko/manifests/wsgi/uwsgi.pp lines 24-41, swapped '}' and 'panko_api_uwsgi_conf' at 12:3
class panko::wsgi::uwsgi (
  $processes         = $::os_workers,
  $threads           = 32,
  $listen_queue_size = 100,
){

  include panko::deps

  if $::os_package_type != 'debian'{
    warning('This class is only valid for Debian, as other operating systems are not using uwsgi by default.')
  panko_api_uwsgi_config

  } {
    'uwsgi/processes': value => $processes;
    'uwsgi/threads':   value => $threads;
    'uwsgi/listen':    value => $listen_queue_size;
  }
}
