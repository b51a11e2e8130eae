# mutant: apt/manifests/setting.pp lines 29-58, deleted ')' at 10:35
  if $content and $source {
    fail('apt::setting cannot have both content and source')
  }

  if !$content and !$source {
    fail('apt::setting needs either of content or source')
  }

  $title_array = split($title, '-'
  $setting_type = $title_array[0]
  $base_name = join(delete_at($title_array, 0), '-')

  assert_type(Pattern[/\Aconf\z/, /\Apref\z/, /\Alist\z/], $setting_type) |$a, $b| {
    fail("apt::setting resource name/title must start with either 'conf-', 'pref-' or 'list-'")
  }

  if $priority !~ Integer {
    # need this to allow zero-padded priority.
    assert_type(Pattern[/^\d+$/], $priority) |$a, $b| {
      fail('apt::setting priority must be an integer or a zero-padded integer')
    }
  }

  if ($setting_type == 'list') or ($setting_type == 'pref') {
    $_priority = ''
  } else {
    $_priority = $priority
  }

  $_path = $apt::config_files[$setting_type]['path']
