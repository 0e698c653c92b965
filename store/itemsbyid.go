package store

import "vigil"

// CheckItemIDs refuses to read more than MaxItemsByID items at once
// (EINVALID).
func CheckItemIDs(ids []int64) error {
	if len(ids) > MaxItemsByID {
		return vigil.Errorf(vigil.EINVALID, "at most %d items can be read at once, not %d", MaxItemsByID, len(ids))
	}
	return nil
}

// InIDOrder returns the items of found in the order of ids, each once; IDs
// not found are left out.
func InIDOrder(ids []int64, found []vigil.Item) []vigil.Item {
	byID := make(map[int64]vigil.Item, len(found))
	for _, it := range found {
		byID[it.ID] = it
	}
	items := make([]vigil.Item, 0, len(found))
	for _, id := range ids {
		if it, ok := byID[id]; ok {
			items = append(items, it)
			delete(byID, id) // an ID asked twice is answered once
		}
	}
	return items
}
