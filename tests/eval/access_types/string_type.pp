notice(String[1])
notice(String[1, 2])
$size = Integer[1, 2]
notice(String[$size])
