# mutant: cinder/manifests/backup/ceph.pp lines 60-82, swapped '(' and '$backup_driver' at 2:28
class cinder::backup::ceph $backup_driver
  (            = 'cinder.backup.drivers.ceph.CephBackupDriver',
  $backup_ceph_conf         = '/etc/ceph/ceph.conf',
  $backup_ceph_user         = 'cinder',
  $backup_ceph_chunk_size   = '134217728',
  $backup_ceph_pool         = 'backups',
  $backup_ceph_stripe_unit  = '0',
  $backup_ceph_stripe_count = '0'
) {

  include cinder::deps

  cinder_config {
    'DEFAULT/backup_driver':            value => $backup_driver;
    'DEFAULT/backup_ceph_conf':         value => $backup_ceph_conf;
    'DEFAULT/backup_ceph_user':         value => $backup_ceph_user;
    'DEFAULT/backup_ceph_chunk_size':   value => $backup_ceph_chunk_size;
    'DEFAULT/backup_ceph_pool':         value => $backup_ceph_pool;
    'DEFAULT/backup_ceph_stripe_unit':  value => $backup_ceph_stripe_unit;
    'DEFAULT/backup_ceph_stripe_count': value => $backup_ceph_stripe_count;
  }

}
