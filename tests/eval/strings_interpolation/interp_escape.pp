notice("tab\tnl\
 dollar\$ u\u00e9 \u{1F600} \s")
