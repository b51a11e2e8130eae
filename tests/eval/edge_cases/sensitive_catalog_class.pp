class c(Sensitive[String] $pw) { }
class { 'c': pw => Sensitive('pw') }
