package greader

import (
	"context"
	"net/http"

	"vigil"
)

// renameTag renames a folder: s=user/-/label/OLD, dest=user/-/label/NEW
// moves every feed of OLD into NEW.
func (h *Handler) renameTag(w http.ResponseWriter, r *http.Request, u *vigil.User, _ string) error {
	from, err := labelFolder(r.Form.Get("s"), u)
	if err != nil {
		return err
	}
	to, err := labelFolder(r.Form.Get("dest"), u)
	if err != nil {
		return err
	}
	if err := h.moveFolder(r.Context(), u, from, to); err != nil {
		return err
	}
	writeText(w, http.StatusOK, "OK")
	return nil
}

// disableTag deletes a folder: its feeds move to the top level, still
// followed.
func (h *Handler) disableTag(w http.ResponseWriter, r *http.Request, u *vigil.User, _ string) error {
	folder, err := labelFolder(r.Form.Get("s"), u)
	if err != nil {
		return err
	}
	if err := h.moveFolder(r.Context(), u, folder, ""); err != nil {
		return err
	}
	writeText(w, http.StatusOK, "OK")
	return nil
}

// moveFolder moves every feed of folder from into folder to; a folder the
// user does not have is ENOTFOUND.
func (h *Handler) moveFolder(ctx context.Context, u *vigil.User, from, to string) error {
	subs, err := h.st.Subscriptions(ctx, u.ID)
	if err != nil {
		return err
	}
	moved := 0
	for _, s := range subs {
		if s.Folder != from {
			continue
		}
		if err := h.st.SetFolder(ctx, u.ID, s.Feed.ID, to); err != nil {
			return err
		}
		moved++
	}
	if moved == 0 {
		return vigil.Errorf(vigil.ENOTFOUND, "you have no folder %q", from)
	}
	return nil
}
