notice(stdlib::xml_encode('<a href="x">&amp;</a>'))
notice(stdlib::xml_encode('<a href="x">\'</a>', 'attr'))
notice(stdlib::xml_encode('plain', 'text'))
