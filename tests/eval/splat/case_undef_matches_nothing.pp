case undef {
  *undef: { notice('matched splat undef') }
  default: { notice('default') }
}
