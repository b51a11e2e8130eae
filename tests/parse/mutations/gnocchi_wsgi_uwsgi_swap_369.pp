# mutant: gnocchi/manifests/wsgi/uwsgi.pp lines 24-41, swapped '}' and 'gnocchi_api_uwsgi_co' at 12:3
class gnocchi::wsgi::uwsgi (
  $processes         = $::os_workers,
  $threads           = 32,
  $listen_queue_size = 100,
){

  include gnocchi::deps

  if $::operatingsystem != 'Debian'{
    warning('This class is only valid for Debian, as other operating systems are not using uwsgi by default.')
  gnocchi_api_uwsgi_config

  } {
    'uwsgi/processes': value => $processes;
    'uwsgi/threads':   value => $threads;
    'uwsgi/listen':    value => $listen_queue_size;
  }
}
