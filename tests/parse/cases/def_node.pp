node 'a.example.com', "b", c.d.e, /^f/ {
  notice(1)
}
node default {}
node 192.168.1.1 { }
node foo-bar {}
