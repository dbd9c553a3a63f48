// Package agent is the agent tree of issue 31: the closure table kept from
// the activity stream, the register centre (direct creation and invitation
// links), team management and transfers between an agent and its direct
// downline. The account domain owns parent_id; this package derives the
// tree from its facts and asks it for member data through Members.
// Design: docs/agents.md "Tree and transfers"; endpoints: docs/agents-api.md.
package agent

import (
	"context"
	"log/slog"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/clock"
)

// Members is what this domain needs from the account domain
// (account.Service satisfies it).
type Members interface {
	MembersByID(ctx context.Context, ids []int64) (map[int64]account.Member, error)
	MemberIDByAccount(ctx context.Context, username string) (int64, error)
	CreateDownline(ctx context.Context, req account.DownlineRequest) (account.Member, string, error)
	SetParent(ctx context.Context, memberID, parentID int64) (int64, error)
	RegistrationsByCode(ctx context.Context, agentID int64, codes []string) (map[string]int64, error)
}

// Wallet is the main balances and the posting path (wallet.Service).
type Wallet interface {
	MainBalancesOf(ctx context.Context, memberIDs []int64) (map[int64]int64, string, error)
	Currency(ctx context.Context) (string, int, error)
	MainAccountOf(ctx context.Context, memberID int64) (ledger.Account, error)
	Post(ctx context.Context, req ledger.PostingRequest) (ledger.Posting, error)
}

// PaymentPasswords checks a member's payment password with the withdrawal
// domain's tries and lock (withdraw.Service).
type PaymentPasswords interface {
	VerifyPaymentPassword(ctx context.Context, memberID int64, password string) error
}

// BrandSource is the brand configuration (transfer limits).
type BrandSource interface {
	Current(ctx context.Context) (*brand.Config, error)
}

// Deps are the other domains this one reads through.
type Deps struct {
	Store     *Store
	Members   Members
	Wallet    Wallet
	Passwords PaymentPasswords
	Brand     BrandSource
	Auditor   operator.Auditor
	Clock     clock.Clock
	Logger    *slog.Logger
}

// Service is the agent domain.
type Service struct{ d Deps }

func NewService(d Deps) *Service {
	if d.Logger == nil {
		d.Logger = slog.Default()
	}
	if d.Clock == nil {
		d.Clock = clock.System{}
	}
	return &Service{d: d}
}

// Kinds of account an agent creates, directly or through a link.
const (
	KindMember = "MEMBER"
	KindAgent  = "AGENT"
)

// childType is the account type an agent of type parent creates for kind:
// a member is type 0; an agent under a general agent or sub-agent is a
// sub-agent (2), under an affiliate or sub-affiliate a sub-affiliate (42).
func childType(parent int, kind string) (int, bool) {
	switch kind {
	case KindMember:
		return account.TypeMember, true
	case KindAgent:
		switch parent {
		case account.TypeAgent, account.TypeAgentSub:
			return account.TypeAgentSub, true
		case account.TypeAgentPartner, account.TypeAgentPartSub:
			return account.TypeAgentPartSub, true
		}
	}
	return 0, false
}

// kindOf is the kind of an account type.
func kindOf(t int) string {
	if account.IsAgentType(t) {
		return KindAgent
	}
	return KindMember
}

// statusText is a member status as answers carry it.
func statusText(s int) string {
	if s == account.StatusActive {
		return "ACTIVE"
	}
	return "DISABLED"
}
