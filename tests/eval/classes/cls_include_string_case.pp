class foo::bar { notice('fb') }
include 'Foo::Bar'
