package brand

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"regexp"
	"strconv"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/httpx"
)

// Brand images (the logo) an operator uploads: checked by content, kept in
// the brand_asset table under the SHA-256 of their bytes and served
// publicly at AssetPrefix + hash + extension. Storing one changes nothing a
// player sees: only a saved theme that names its path shows it.

// AssetPrefix is where stored brand images are served.
const AssetPrefix = "/art/brand/asset/"

// MaxLogoBytes bounds an uploaded logo; MaxLogoSide its width and height in pixels.
const (
	MaxLogoBytes = 1 << 20
	MaxLogoSide  = 2048
)

// Asset is a stored brand image.
type Asset struct {
	Path        string `json:"url"`
	ContentType string `json:"contentType"`
	Width       int    `json:"width"`
	Height      int    `json:"height"`
	Bytes       int    `json:"bytes"`
}

// ErrBadImage: the bytes are not a readable image of an accepted size.
var ErrBadImage = apperr.Invalid("brand.bad_image")

func init() {
	apperr.Register("brand.bad_image", map[string]string{
		"EN": "The image cannot be read or is larger than {max}×{max} pixels.",
		"TY": "Hindi mabasa ang larawan o mas malaki ito sa {max}×{max} pixel.",
	})
}

var assetExt = map[string]string{"image/png": ".png", "image/jpeg": ".jpg"}

// SaveAsset checks an uploaded image by its bytes and stores it (once per
// content); it answers where it is served.
func (s *Service) SaveAsset(ctx context.Context, data []byte, by int64) (Asset, error) {
	ct := httpx.ImageType(data)
	ext, ok := assetExt[ct]
	if !ok {
		return Asset{}, apperr.Invalid("upload.wrong_type")
	}
	w, h, ok := httpx.ImageSize(data)
	if !ok || w > MaxLogoSide || h > MaxLogoSide {
		return Asset{}, ErrBadImage.With("max", MaxLogoSide)
	}
	sum := sha256.Sum256(data)
	hash := hex.EncodeToString(sum[:])
	if err := s.store.PutAsset(ctx, hash, ct, data, w, h, s.clock.Now().UnixMilli(), by); err != nil {
		return Asset{}, apperr.Internal(err, "brand asset")
	}
	return Asset{Path: AssetPrefix + hash + ext, ContentType: ct, Width: w, Height: h, Bytes: len(data)}, nil
}

// PutAsset stores an image under its hash; the same bytes again change nothing.
func (s *Store) PutAsset(ctx context.Context, hash, contentType string, data []byte, w, h int, now, by int64) error {
	_, err := s.db.ExecContext(ctx, s.db.Rebind(`INSERT INTO brand_asset (hash, content_type, data, width, height, created_at, created_by)
		VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (hash) DO NOTHING`), hash, contentType, data, w, h, now, by)
	if err != nil {
		return fmt.Errorf("store brand asset: %w", err)
	}
	return nil
}

// Asset reads a stored image; ErrNoResource when there is none.
func (s *Store) Asset(ctx context.Context, hash string) (contentType string, data []byte, err error) {
	err = s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT content_type, data FROM brand_asset WHERE hash = ?`), hash).Scan(&contentType, &data)
	if db.IsNoRows(err) {
		return "", nil, ErrNoResource
	}
	if err != nil {
		return "", nil, fmt.Errorf("load brand asset: %w", err)
	}
	return contentType, data, nil
}

var assetFile = regexp.MustCompile(`^([0-9a-f]{64})(\.png|\.jpg)$`)

// asset serves a stored brand image: public and immutable (its name is its
// content's hash), never sniffed as another type, allowed to run nothing.
func (h *Handler) asset(w http.ResponseWriter, r *http.Request) {
	m := assetFile.FindStringSubmatch(r.PathValue("file"))
	if m == nil {
		httpx.Fail(w, r, apperr.NotFound("request.not_found"))
		return
	}
	ct, data, err := h.svc.store.Asset(r.Context(), m[1])
	if err == nil && assetExt[ct] != m[2] {
		err = ErrNoResource
	}
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	hd := w.Header()
	hd.Set("Content-Type", ct)
	hd.Set("Content-Length", strconv.Itoa(len(data)))
	hd.Set("Cache-Control", "public, max-age=31536000, immutable")
	hd.Set("X-Content-Type-Options", "nosniff")
	hd.Set("Content-Security-Policy", "default-src 'none'")
	if r.Method == http.MethodHead {
		return
	}
	_, _ = w.Write(data)
}
