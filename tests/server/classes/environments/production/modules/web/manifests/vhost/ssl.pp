class web::vhost::ssl (Integer $port = 443, $types = Integer[$port]) {
  notice($port)
}
