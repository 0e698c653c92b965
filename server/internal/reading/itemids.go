package reading

import "vigil"

// MaxMarkIDs bounds how many items one request may mark read or starred.
const MaxMarkIDs = 1000

// CheckItemIDs validates the ids field of a request that changes the
// state of items: one to maxMarkIDs positive item ids.
func CheckItemIDs(ids []int64) error {
	switch {
	case len(ids) == 0:
		return vigil.Errorf(vigil.EINVALID, "ids must list at least one item id")
	case len(ids) > MaxMarkIDs:
		return vigil.Errorf(vigil.EINVALID, "ids lists %d items; at most %d at once", len(ids), MaxMarkIDs)
	}
	for _, id := range ids {
		if id <= 0 {
			return vigil.Errorf(vigil.EINVALID, "ids holds %d, not a valid item id", id)
		}
	}
	return nil
}
