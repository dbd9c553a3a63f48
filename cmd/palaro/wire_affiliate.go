package main

import (
	"net/http"
	"os"
	"strconv"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/affiliate"
	"github.com/palaro/palaro/internal/notify"
	"github.com/palaro/palaro/internal/operator"
)

// wireAffiliate serves the affiliate applications: the storefront's form
// (/wps/affiliate/) and the console's review (/ops/v1/affiliates).
// Approval goes through account.Service (the agent and its code), the
// notices through notify, the audit through the operators' log.
func (m *Main) wireAffiliate(mux *http.ServeMux, accounts *account.Service, notices notify.Notifier, operators *operator.Service,
	clientIP func(*http.Request) string) {
	cfg := affiliate.DefaultConfig
	// The e2e suite applies from loopback more often than one visitor may (as PALARO_REGISTER_PER_IP).
	if v, err := strconv.ParseInt(os.Getenv("PALARO_AFFILIATE_PER_IP"), 10, 64); err == nil && v > 0 {
		cfg.PerIP = v
	}
	svc := affiliate.NewService(affiliate.NewStore(m.DB), affiliate.Deps{Accounts: accounts, Notifier: notices, Auditor: operators,
		Clock: m.Clock, Logger: m.Logger}, cfg)
	affiliate.NewHandler(svc, accounts, operators, clientIP).Routes(mux)
}
