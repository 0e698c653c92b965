// Package fetch retrieves web resources over HTTP for vigil: conditional
// GET, redirects with permanent-move tracking, gzip and deflate decoding
// under a size cap, timeouts, caching and back-off hints from the server,
// refusal of private and local addresses at dial time, and per-host
// politeness through HostLimiter. It does not parse what it retrieves.
package fetch
