package notify

import (
	"context"
	"encoding/json"
	"log/slog"

	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/realtime"
)

// MaxPageSize bounds a page of messages.
const MaxPageSize = 100

// Service stores notices and publishes them.
type Service struct {
	store  *Store
	pub    realtime.Publisher // nil: no realtime events
	clock  clock.Clock
	logger *slog.Logger
}

func NewService(store *Store, pub realtime.Publisher, clk clock.Clock, logger *slog.Logger) *Service {
	if logger == nil {
		logger = slog.Default()
	}
	return &Service{store: store, pub: pub, clock: clk, logger: logger}
}

// Notify stores the notice and pushes a "notice" event to the member's
// sockets. The event is best effort (the row is the record): a failed
// publish is logged, not returned.
func (s *Service) Notify(ctx context.Context, memberID int64, n Notice) error {
	if _, ok := texts[n.Kind]; !ok {
		return ErrUnknownKind.With("kind", n.Kind)
	}
	n.Params = orEmpty(n.Params)
	id, err := s.store.Insert(ctx, memberID, n, s.clock.Now())
	if err != nil {
		return err
	}
	if s.pub != nil {
		data, _ := json.Marshal(NoticeEvent{ID: id, Kind: n.Kind, Params: n.Params})
		if err := s.pub.Publish(ctx, memberID, realtime.Event{Type: EventNotice, Data: data}); err != nil {
			s.logger.WarnContext(ctx, "notice event not published", "member", memberID, "err", err)
		}
	}
	return nil
}

// NotifyMany stores the notices (a few hundred a transaction), then pushes their
// events (best effort, as Notify). An unknown kind refuses them all.
func (s *Service) NotifyMany(ctx context.Context, ns []Addressed) error {
	for i := range ns {
		if _, ok := texts[ns[i].Notice.Kind]; !ok {
			return ErrUnknownKind.With("kind", ns[i].Notice.Kind)
		}
		ns[i].Notice.Params = orEmpty(ns[i].Notice.Params)
	}
	ids, err := s.store.InsertMany(ctx, ns, s.clock.Now())
	if err != nil || s.pub == nil {
		return err
	}
	for i, n := range ns {
		data, _ := json.Marshal(NoticeEvent{ID: ids[i], Kind: n.Notice.Kind, Params: n.Notice.Params})
		if err := s.pub.Publish(ctx, n.MemberID, realtime.Event{Type: EventNotice, Data: data}); err != nil {
			s.logger.WarnContext(ctx, "notice event not published", "member", n.MemberID, "err", err)
		}
	}
	return nil
}

// Unread counts the member's unread messages.
func (s *Service) Unread(ctx context.Context, memberID int64) (int, error) {
	return s.store.Unread(ctx, memberID)
}

// List is a page of the member's messages rendered in lang.
func (s *Service) List(ctx context.Context, memberID int64, lang string, page, pageSize int) (Page, error) {
	rows, total, err := s.store.List(ctx, memberID, (page-1)*pageSize, pageSize)
	if err != nil {
		return Page{}, err
	}
	out := Page{List: make([]Message, 0, len(rows)), Total: total, Page: page, PageSize: pageSize}
	for _, r := range rows {
		title, body := Render(r.Kind, lang, r.Params)
		out.List = append(out.List, Message{ID: r.ID, Kind: r.Kind, Title: title, Body: body, Params: orEmpty(r.Params),
			Read: !r.ReadAt.IsZero(), CreatedAt: r.CreatedAt.UnixMilli()})
	}
	return out, nil
}

// Read marks one message read (again is fine); another member's is not found.
func (s *Service) Read(ctx context.Context, memberID, id int64) error {
	ok, err := s.store.MarkRead(ctx, memberID, id, s.clock.Now())
	if err != nil {
		return err
	}
	if !ok {
		return ErrNotFound
	}
	return nil
}

// ReadAll marks every message read and returns how many changed.
func (s *Service) ReadAll(ctx context.Context, memberID int64) (int64, error) {
	return s.store.MarkAllRead(ctx, memberID, s.clock.Now())
}
