notice(URI['https://x.org:8080/p?q#f'])
notice(URI[{}])
notice(URI['mailto:a@b'])
