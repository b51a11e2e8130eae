# mutant: wait_for/manifests/init.pp lines 1-2, deleted '}' at 3:1
class wait_for {

