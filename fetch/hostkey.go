package fetch

// HostKey returns the name politeness counts requests by: rawURL's host
// name in lower case, without the port. Processes that share one host's
// gap (store.Coordinator) key it the same way as HostLimiter.
func HostKey(rawURL string) (string, error) { return hostKey(rawURL) }
