class nohiera($a = 'class default') { notice($a) }
