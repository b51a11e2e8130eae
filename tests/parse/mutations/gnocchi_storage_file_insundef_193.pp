# mutant: gnocchi/manifests/storage/file.pp lines 28-39, inserted 'undef' at 3:20
class gnocchi::storage::file(
  $file_basepath =  undef '/var/lib/gnocchi',
) {

  include gnocchi::deps

  gnocchi_config {
    'storage/driver':        value => 'file';
    'storage/file_basepath': value => $file_basepath;
  }

}
