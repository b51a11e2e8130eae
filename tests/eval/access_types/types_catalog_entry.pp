notice(CatalogEntry, Notify['x'] =~ CatalogEntry, File =~ Type[CatalogEntry])
