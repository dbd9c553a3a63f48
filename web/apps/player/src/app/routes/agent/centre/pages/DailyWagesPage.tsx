// Agent centre: the daily_wage bills (BillsPage).
import { BillsPage } from './BillsPage';

export default function DailyWagesPage() {
  return <BillsPage type="daily_wage" />;
}
