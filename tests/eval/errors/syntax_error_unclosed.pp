notice('unclosed)
