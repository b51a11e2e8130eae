class main2 {}
notice(defined('main'))
notice(defined(Class[main]))
