class foo(*$a) {}
