# mutant: openssl/spec/fixtures/manifests/site.pp lines 2-4, inserted 'if' at 2:6
node  if default {

}
