notice(String(/a\/b/), String(/x/, '%p'), "${/x/}")
