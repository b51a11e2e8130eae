# mutant: tea/spec/fixtures/test/manifests/fqdn.pp lines 2-6, truncated at 5:19
class test::fqdn (
    Tea::Fqdn  $value,
    ) {
  notice('Success'