# mutant: tea/spec/fixtures/test/manifests/unixpath.pp lines 2-6, swapped 'Tea::Unixpath' and '$value' at 3:5
class test::unixpath(
    $value Tea::Unixpath,
    ) {
  notice('Success')
}
