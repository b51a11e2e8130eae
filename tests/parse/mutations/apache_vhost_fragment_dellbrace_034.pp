# mutant: apache/manifests/vhost/fragment.pp lines 56-80, deleted '{' at 13:10
define apache::vhost::fragment(
  String[1] $vhost,
  $priority = undef,
  Optional[String] $content = undef,
  Integer[0] $order = 900,
) {
  # This copies the logic from apache::vhost
  if $priority {
    $priority_real = "${priority}-"
  } elsif $priority == false {
    $priority_real = ''
  } else 
    $priority_real = '25-'
  }

  $filename = regsubst($vhost, ' ', '_', 'G')

  if $content =~ String[1] {
    concat::fragment { "${vhost}-${title}":
      target  => "${priority_real}${filename}.conf",
      order   => $order,
      content => $content,
    }
  }
}
