include(SemVer("1.0.0"))
