notice(inline_epp('<%= $settings::runinterval %> <%= $settings::environment %> <%= $settings::digest_algorithm %>'))
notice(inline_template('<%= scope["settings::runinterval"] %> <%= scope.lookupvar("settings::environment") %> <%= @settings %>'))
notice(getvar('settings::runinterval'))
notice(defined('$settings::runinterval'))
notice(defined('$settings::no_such_thing'))
class user_of_settings { notice($::settings::rich_data) }
include user_of_settings
