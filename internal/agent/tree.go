package agent

import (
	"context"
	"fmt"

	"github.com/palaro/palaro/internal/activity"
	"github.com/palaro/palaro/internal/platform/db"
)

// TreeName is the tree consumer's name (its cursor and lease in the stream;
// `palaro events replay agent.tree` rebuilds the table).
const TreeName = "agent.tree"

// Tree keeps agent_closure from the member.registered and member.moved
// facts. Apply runs in the transaction that moves its cursor, so each fact
// changes the table once.
type Tree struct{}

// NewTree is the consumer `palaro serve` registers.
func NewTree() *Tree { return &Tree{} }

func (*Tree) Name() string { return TreeName }

func (*Tree) Wants() activity.Filter {
	return activity.Filter{Kinds: []activity.Kind{activity.Registered, activity.Moved}}
}

func (*Tree) Apply(ctx context.Context, tx *db.Tx, events []activity.Event) error {
	for _, e := range events {
		if e.MemberID == 0 || (e.Kind == activity.Registered && e.Detail == "trial") {
			continue // trial accounts never have an upline nor a team
		}
		var err error
		switch e.Kind {
		case activity.Registered:
			err = addMember(ctx, tx, e.MemberID, parseID(e.Ref))
		case activity.Moved:
			err = moveMember(ctx, tx, e.MemberID, parseID(e.Ref))
		}
		if err != nil {
			return fmt.Errorf("agent tree: %s: %w", e.Key, err)
		}
	}
	return nil
}

func (*Tree) Reset(ctx context.Context, tx *db.Tx) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM agent_closure`); err != nil {
		return fmt.Errorf("agent tree: reset: %w", err)
	}
	return nil
}

var _ activity.Selective = (*Tree)(nil)
