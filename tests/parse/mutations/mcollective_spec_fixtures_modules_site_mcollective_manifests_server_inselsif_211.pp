# mutant: mcollective/spec/fixtures/modules/site_mcollective/manifests/server.pp lines 2-11, inserted 'elsif' at 2:31
class site_mcollective::server elsif  {
  mcollective::actionpolicy { 'rpcutil':
    default => 'deny',
  }

  mcollective::actionpolicy::rule { 'root rpcutil':
    agent    => 'rpcutil',
    callerid => 'cert=root',
  }
}
