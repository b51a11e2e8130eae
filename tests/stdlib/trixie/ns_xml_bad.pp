notice(stdlib::xml_encode('x', 'cdata'))
