class not_main { }
