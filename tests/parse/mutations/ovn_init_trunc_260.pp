# mutant: ovn/manifests/init.pp lines 16-16, truncated at 2:12
class ovn {