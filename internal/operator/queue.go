package operator

// QueueReport is how a review queue (deposits, withdrawals) went over a
// period: what came in by status, and the operators' decisions. Money in
// minor units; times in milliseconds.
type QueueReport struct {
	From     int64          `json:"from"`
	To       int64          `json:"to"`
	Count    int64          `json:"count"`
	Amount   int64          `json:"amount"`
	ByStatus []StatusCount  `json:"byStatus"`
	Decided  DecisionCounts `json:"decided"`
	// ByOperator is each deciding operator's share (operator ids).
	ByOperator []OperatorDecisions `json:"byOperator"`
}

// StatusCount is the orders of one status.
type StatusCount struct {
	Status string `json:"status"`
	Count  int64  `json:"count"`
	Amount int64  `json:"amount"`
}

// DecisionCounts are decisions: approval ratio in basis points of the
// decided orders, and the average time from request to decision.
type DecisionCounts struct {
	Approved        int64 `json:"approved"`
	Rejected        int64 `json:"rejected"`
	ApprovalRatioBp int64 `json:"approvalRatioBp"`
	AvgDecisionMs   int64 `json:"avgDecisionMs"`
}

// OperatorDecisions is one operator's decisions.
type OperatorDecisions struct {
	OperatorID int64 `json:"operatorId"`
	DecisionCounts
}

// Finish fills the ratios and averages from the counts and the summed
// decision times (totalMs per entry, in the same order as ByOperator).
func (q *QueueReport) Finish(totalMs int64, perOperatorMs []int64) {
	fill := func(d *DecisionCounts, ms int64) {
		if n := d.Approved + d.Rejected; n > 0 {
			d.ApprovalRatioBp = d.Approved * 10_000 / n
			d.AvgDecisionMs = ms / n
		}
	}
	fill(&q.Decided, totalMs)
	for i := range q.ByOperator {
		fill(&q.ByOperator[i].DecisionCounts, perOperatorMs[i])
	}
	if q.ByStatus == nil {
		q.ByStatus = []StatusCount{}
	}
	if q.ByOperator == nil {
		q.ByOperator = []OperatorDecisions{}
	}
}
