define holder(Array $list = [], Hash $opts = {}) {
  $r = inline_template("<% @list << 'added' -%><% @opts['k'] = 'v' -%>")
  notice($list)
  notice($opts)
}
holder { 'a': }
holder { 'b': list => ['given'] }
class cls($items = ['x']) {
  $r = inline_template("<% scope['items'].push('y') -%>")
}
include cls
notice($cls::items)
