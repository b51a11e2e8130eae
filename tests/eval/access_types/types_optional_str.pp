notice(Optional['x'], Optional[Integer], NotUndef['x'])
