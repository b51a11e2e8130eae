# mutant: congress/manifests/deps.pp lines 13-38, truncated at 2:11
  anchor {