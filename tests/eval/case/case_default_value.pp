case default { default: { notice('d') } }
