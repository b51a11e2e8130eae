node 'testnode.example.com' {
  notice('matched fqdn')
}
node default {
  notice('default')
}
