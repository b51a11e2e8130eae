# mutant: gnocchi/manifests/storage/incoming/file.pp lines 13-32, deleted ')' at 4:1
class gnocchi::storage::incoming::file(
  $file_basepath = undef,
 {

  include gnocchi::deps

  # Because the file_basepath parameter is maintained by two classes, here we
  # skip the parameter unless a user explicitly requests it, to avoid
  # duplicated declaration.
  if $file_basepath != undef {
    gnocchi_config {
      'storage/file_basepath': value => $file_basepath;
    }
  }

  gnocchi_config {
    'incoming/driver': value => 'file';
  }

}
