$shadowed = 'top'
$kept = 'top'
class c($shadowed = undef, $own = 'mine') {
  $s = inline_template("<%= scope.to_hash.keys.select { |k| ['shadowed', 'kept', 'own', 'title', 'name'].include?(k) }.sort.join(',') %> <%= @shadowed.inspect %> <%= @kept %>")
  notice($s)
}
include c
