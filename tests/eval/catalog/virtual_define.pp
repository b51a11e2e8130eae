define d() { notice("eval ${title}") }
@d { 'x': }
@d { 'y': }
realize(D['x'])
