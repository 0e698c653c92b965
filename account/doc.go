// Package account holds the secrets of vigil's users: password digests
// (PBKDF2-SHA-256 from the standard library) and the random tokens used as
// generated passwords, API tokens and session cookies, stored only hashed.
package account
