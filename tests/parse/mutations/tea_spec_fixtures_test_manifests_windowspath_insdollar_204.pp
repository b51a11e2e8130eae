# mutant: tea/spec/fixtures/test/manifests/windowspath.pp lines 2-6, inserted '$' at 5:10
class test::windowspath(
    Tea::Windowspath $value,
    ) {
  notice( $ 'Success')
}
