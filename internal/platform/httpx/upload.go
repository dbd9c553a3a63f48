package httpx

import (
	"bytes"
	"errors"
	"image"
	_ "image/jpeg" // ImageSize decodes the headers of the types ImageType accepts
	_ "image/png"
	"io"
	"mime"
	"net/http"
	"strconv"
	"strings"

	"github.com/palaro/palaro/internal/platform/apperr"
)

// MaxUploadBodyBytes caps a multipart request body (up to MaxImages images
// of at most MaxImageBytes each plus a few form fields).
const MaxUploadBodyBytes = MaxImages*MaxImageBytes + 256<<10

// MaxImages is the most images one form may carry (a promotion application:
// spec section 5).
const MaxImages = 3

// MaxImageBytes is the largest image a player may upload (receipts, proofs).
const MaxImageBytes = 5 << 20

func isMultipart(r *http.Request) bool {
	if r.Method != http.MethodPost && r.Method != http.MethodPut {
		return false
	}
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	return err == nil && mt == "multipart/form-data"
}

// Image is an uploaded picture whose type was read from its bytes.
type Image struct {
	Data        []byte
	ContentType string // image/png or image/jpeg
	Name        string // the file name the browser sent, for display only
}

// ParseMultipart parses a multipart form held in memory (the body is capped
// by Edge). Wrong shapes are request.invalid_form; an oversize body is
// upload.too_large.
func ParseMultipart(r *http.Request) error {
	if !isMultipart(r) {
		return apperr.Invalid("request.invalid_form")
	}
	if err := r.ParseMultipartForm(MaxUploadBodyBytes); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return apperr.New(apperr.KindTooLarge, "upload.too_large").With("max", MaxImageBytes>>20)
		}
		return apperr.Invalid("request.invalid_form")
	}
	return nil
}

// FormImage reads the image in a parsed multipart form field: PNG or JPEG by
// its magic bytes (the declared type and name are not trusted), at most max
// bytes. A missing file is upload.missing when required, nil otherwise.
func FormImage(r *http.Request, field string, max int64, required bool) (*Image, error) {
	if r.MultipartForm == nil {
		return nil, apperr.Invalid("request.invalid_form")
	}
	files := r.MultipartForm.File[field]
	if len(files) == 0 {
		if required {
			return nil, apperr.Invalid("upload.missing")
		}
		return nil, nil
	}
	if len(files) > 1 {
		return nil, apperr.Invalid("request.invalid_form")
	}
	fh := files[0]
	if fh.Size > max {
		return nil, apperr.New(apperr.KindTooLarge, "upload.too_large").With("max", max>>20)
	}
	f, err := fh.Open()
	if err != nil {
		return nil, apperr.Invalid("request.invalid_form")
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, apperr.Invalid("request.invalid_form")
	}
	if int64(len(data)) > max {
		return nil, apperr.New(apperr.KindTooLarge, "upload.too_large").With("max", max>>20)
	}
	ct := ImageType(data)
	if ct == "" {
		return nil, apperr.Invalid("upload.wrong_type")
	}
	name := fh.Filename
	if len(name) > 120 {
		name = name[:120]
	}
	return &Image{Data: data, ContentType: ct, Name: strings.ToValidUTF8(name, "")}, nil
}

// FormImages reads up to most images in a parsed multipart form field, each
// checked as FormImage checks one: more files are upload.too_many.
func FormImages(r *http.Request, field string, max int64, most int) ([]Image, error) {
	if r.MultipartForm == nil {
		return nil, apperr.Invalid("request.invalid_form")
	}
	files := r.MultipartForm.File[field]
	if len(files) > most {
		return nil, apperr.Invalid("upload.too_many").With("max", most)
	}
	out := make([]Image, 0, len(files))
	for _, fh := range files {
		if fh.Size > max {
			return nil, apperr.New(apperr.KindTooLarge, "upload.too_large").With("max", max>>20)
		}
		f, err := fh.Open()
		if err != nil {
			return nil, apperr.Invalid("request.invalid_form")
		}
		data, err := io.ReadAll(io.LimitReader(f, max+1))
		f.Close()
		if err != nil {
			return nil, apperr.Invalid("request.invalid_form")
		}
		if int64(len(data)) > max {
			return nil, apperr.New(apperr.KindTooLarge, "upload.too_large").With("max", max>>20)
		}
		ct := ImageType(data)
		if ct == "" {
			return nil, apperr.Invalid("upload.wrong_type")
		}
		name := fh.Filename
		if len(name) > 120 {
			name = name[:120]
		}
		out = append(out, Image{Data: data, ContentType: ct, Name: strings.ToValidUTF8(name, "")})
	}
	return out, nil
}

// WriteImage sends a stored upload (receipt, proof) to a caller allowed to
// see it: private and never stored by any cache, never sniffed as another
// type, shown inline, and with no rights to load or run anything.
func WriteImage(w http.ResponseWriter, _ *http.Request, contentType string, data []byte) {
	h := w.Header()
	h.Set("Content-Type", contentType)
	h.Set("Content-Length", strconv.Itoa(len(data)))
	h.Set("Cache-Control", "private, no-store")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Disposition", "inline")
	h.Set("Content-Security-Policy", "default-src 'none'")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(data)
}

// ImageType is image/png or image/jpeg by magic bytes, or "".
func ImageType(b []byte) string {
	switch {
	case bytes.HasPrefix(b, []byte("\x89PNG\r\n\x1a\n")):
		return "image/png"
	case len(b) > 3 && b[0] == 0xFF && b[1] == 0xD8 && b[2] == 0xFF:
		return "image/jpeg"
	}
	return ""
}

// ImageSize reads the pixel size from an image's header (PNG or JPEG), so
// a file with the right magic bytes but no readable image is refused.
func ImageSize(b []byte) (width, height int, ok bool) {
	cfg, _, err := image.DecodeConfig(bytes.NewReader(b))
	if err != nil || cfg.Width <= 0 || cfg.Height <= 0 {
		return 0, 0, false
	}
	return cfg.Width, cfg.Height, true
}

func init() {
	apperr.Register("upload.too_large", map[string]string{
		"EN": "The file is too large (at most {max} MB).",
		"TY": "Masyadong malaki ang file (hanggang {max} MB lamang).",
	})
	apperr.Register("upload.wrong_type", map[string]string{
		"EN": "Only PNG or JPG images can be uploaded.",
		"TY": "PNG o JPG na larawan lamang ang maaaring i-upload.",
	})
	apperr.Register("upload.too_many", map[string]string{
		"EN": "Too many images (at most {max}).",
		"TY": "Masyadong maraming larawan (hanggang {max} lamang).",
	})
	apperr.Register("upload.missing", map[string]string{
		"EN": "Please attach an image.",
		"TY": "Maglakip ng larawan.",
	})
	apperr.Register("request.invalid_form", map[string]string{
		"EN": "The form could not be read. Please try again.",
		"TY": "Hindi mabasa ang form. Pakisubukang muli.",
	})
}
