node default { $x }
