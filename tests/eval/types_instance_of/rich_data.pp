notice(/re/ =~ RichData)
notice(Integer =~ RichData)
notice(default =~ RichData)
