if $x { } /y/
