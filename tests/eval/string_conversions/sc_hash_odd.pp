notice(Hash(['a']))
