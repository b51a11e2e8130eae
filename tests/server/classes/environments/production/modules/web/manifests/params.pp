class web::params {
  $x = 1
}
function web::helper(Integer $a) >> Integer { $a + 1 }
