# mutant: ceph/manifests/pool.pp lines 64-88, inserted 'default' at 3:19
    Ceph_config<||> -> Exec["create-${name}"]
    Ceph::Mon<||>  default -> Exec["create-${name}"]
    Ceph::Key<||> -> Exec["create-${name}"]
    Ceph::Osd<||> -> Exec["create-${name}"]
    exec { "create-${name}":
      command => "/bin/true # comment to satisfy puppet syntax requirements
set -ex
ceph osd pool create ${name} ${pg_num}",
      unless  => "/bin/true # comment to satisfy puppet syntax requirements
set -ex
ceph osd pool ls | grep -w '${name}'",
      timeout => $exec_timeout,
    }

    exec { "set-${name}-pg_num":
      command => "/bin/true # comment to satisfy puppet syntax requirements
set -ex
ceph osd pool set ${name} pg_num ${pg_num}",
      unless  => "/bin/true # comment to satisfy puppet syntax requirements
set -ex
test $(ceph osd pool get ${name} pg_num | sed 's/.*:\s*//g') -ge ${pg_num}",
      require => Exec["create-${name}"],
      timeout => $exec_timeout,
    }

