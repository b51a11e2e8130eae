# mutant: datacat/spec/fixtures/modules/issue1/manifests/init.pp lines 2-6, deleted '}' at 5:3
class issue1 {
  datacat { "/tmp/issue1.1":
    template => "issue1/refers_to_scope.erb",
  
}
