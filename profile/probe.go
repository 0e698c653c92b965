package profile

// probeSize is the number of slots of a probe table: four times MaxTerms, so
// that probes stay short.
const probeSize = 4 * MaxTerms

// probe is a small open-addressing table from term ID to weight holding one
// indexed vector (at most MaxTerms terms), small enough to stay in the
// fastest cache while many other vectors are scored against it. Keys are
// stored as ID+1 so that 0 marks an empty slot.
type probe struct {
	keys [probeSize]uint32
	ws   [probeSize]float64
}

func probeSlot(id uint32) uint32 {
	return (id * 2654435761) >> 24 % probeSize // Fibonacci hashing
}

// load fills the table with a vector of at most MaxTerms terms.
func (p *probe) load(ids []uint32, ws []float64) {
	for i, id := range ids {
		h := probeSlot(id)
		for p.keys[h] != 0 {
			h = (h + 1) % probeSize
		}
		p.keys[h], p.ws[h] = id+1, ws[i]
	}
}

// clear empties the table of the vector load put in.
func (p *probe) clear(ids []uint32) {
	for _, id := range ids {
		h := probeSlot(id)
		for p.keys[h] != id+1 {
			h = (h + 1) % probeSize
		}
		p.keys[h] = 0 // the search above passes over slots already emptied
	}
}

// dot returns the inner product of the loaded vector with (ids, ws),
// summing the common terms in the order of ids.
func (p *probe) dot(ids []uint32, ws []float64) float64 {
	var s float64
	for i, id := range ids {
		for h := probeSlot(id); p.keys[h] != 0; h = (h + 1) % probeSize {
			if p.keys[h] == id+1 {
				s += ws[i] * p.ws[h]
				break
			}
		}
	}
	return s
}
