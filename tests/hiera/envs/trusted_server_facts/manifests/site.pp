# Hierarchy levels and data interpolation from $trusted (the node's
# certificate: certname, hostname, domain, extensions) and $server_facts.
class profile (
  String $node_only,
  String $role_only,
  String $domain_only,
  String $server_only,
  String $where,
  String $rack,
  String $missing_extension,
  String $lookup_in_data,
) {
  notify { 'node': message => $node_only }
  notify { 'role': message => $role_only }
  notify { 'domain': message => $domain_only }
  notify { 'server': message => $server_only }
  notify { 'where': message => $where }
  notify { 'rack': message => $rack }
  notify { 'missing': message => $missing_extension }
  notify { 'nested': message => $lookup_in_data }
}
include profile
notify { 'direct': message => lookup('profile::role_only') }
