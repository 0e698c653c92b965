// Package updates builds what each follower of watched pages is told: the
// Updates folder of Glance et al. §3.2 (the agent's section, the
// community's section, the followers count, the flag when something new is
// worth a look, "several changes, some important, since <date>") and which
// changes reach a follower under the notification rule of §3.1.3. It reads
// the store and applies the pure rules of package change.
package updates
