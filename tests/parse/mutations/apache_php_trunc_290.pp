# mutant: apache/manifests/php.pp lines 8-11, truncated at 2:20
class apache::php {